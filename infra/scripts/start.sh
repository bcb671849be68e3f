#!/usr/bin/env bash
# `make start`: the whole stack in the foreground (docs/operations.md, "Supervision"). This script
# prepares (packages, Postgres and Redis, build, migrations, seed, secrets, the gateway's
# configuration) and hands the processes to pm2-runtime (infra/pm2/ecosystem.config.cjs), which
# starts them in order of readiness and restarts any that dies. Ctrl-C or SIGTERM stops every
# process, Postgres included when this script had to start it.
#
# Variables (besides those of .env.example; .env is loaded when present, the environment wins):
#   START_SKIP_INSTALL=1   do not install system packages or npm dependencies
#   START_SKIP_BUILD=1     use the existing build output
#   START_RUN_DIR          where nginx's rendered config, pm2's state (PM2_HOME) and logs go (.run/start)
#   START_READY_TIMEOUT    seconds to wait for each process to become ready (90)
#   START_SECRETS_FILE     where secrets not set otherwise are generated on first run and kept (.run/secrets.env)
#   WORKER_PROCESSES       how many model worker processes to run (1); each runs WORKER_CONCURRENCY jobs
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo_root"
LOG_TAG=start
# shellcheck source=infra/scripts/lib.sh
source infra/scripts/lib.sh

load_dotenv .env

export NODE_ENV=${NODE_ENV:-development}
export GATEWAY_PORT=${GATEWAY_PORT:-8080}
export CONTENT_PORT=${CONTENT_PORT:-3001}
export WEB_PORT=${WEB_PORT:-3000}
export TOOLS_PORT=${TOOLS_PORT:-3002}
export MODEL_SIM_PORT=${MODEL_SIM_PORT:-3099}
export DATABASE_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/agency}
export REDIS_URL=${REDIS_URL:-redis://127.0.0.1:6379}
export PUBLIC_SITE_URL=${PUBLIC_SITE_URL:-http://localhost:$GATEWAY_PORT}
# The media library's uploads: written by the content service, served by the gateway at /media/.
export MEDIA_DIR=${MEDIA_DIR:-.run/media}
mkdir -p "$MEDIA_DIR"
MEDIA_DIR=$(cd "$MEDIA_DIR" && pwd)
run_dir=$(mkdir -p "${START_RUN_DIR:-.run/start}" && cd "${START_RUN_DIR:-.run/start}" && pwd)
ready_timeout=${START_READY_TIMEOUT:-90}

# An empty value (as .env templates and compose files produce) means "not set".
for name in $(sed -n 's/^\([A-Z_][A-Z0-9_]*\)=.*/\1/p' .env.example); do
  [[ -n ${!name:-} ]] || unset "$name"
done

# No instance signs with a secret from the source: one not set is generated for this checkout.
load_generated_secrets "${START_SECRETS_FILE:-.run/secrets.env}"
export WORKER_PROCESSES=${WORKER_PROCESSES:-1}
# Each worker's /metrics listener: this port for the first, the next ones for the others.
export WORKER_METRICS_PORT=${WORKER_METRICS_PORT:-3010}

# The gateway and the readiness checks reach the services on 127.0.0.1.
case ${BIND_HOST:-127.0.0.1} in
  127.0.0.1) ;;
  0.0.0.0 | ::) warn "BIND_HOST=$BIND_HOST: the services listen on every interface, not only for the gateway" ;;
  *) die "BIND_HOST must be 127.0.0.1 (the default), 0.0.0.0 or :: under make start (got $BIND_HOST)" ;;
esac

if [[ -z ${ADMIN_PASSWORD:-} && -z ${ADMIN_PASSWORD_HASH:-} ]]; then
  [[ $NODE_ENV != production ]] || die "NODE_ENV=production needs ADMIN_PASSWORD or ADMIN_PASSWORD_HASH"
  ADMIN_PASSWORD=$(sed -n 's/^ADMIN_PASSWORD=//p' .env.example | head -1)
  [[ -n $ADMIN_PASSWORD ]] || die "no ADMIN_PASSWORD set and no dev default found in .env.example"
  export ADMIN_PASSWORD
  cat >&2 <<EOF

  ######################################################################################
  #  WARNING: neither ADMIN_PASSWORD nor ADMIN_PASSWORD_HASH is set.                    #
  #  Using the DEVELOPMENT default admin password from .env.example: $(printf '%-18s' "$ADMIN_PASSWORD") #
  #  Anyone who knows it can sign in to /admin. Set your own in .env before sharing.    #
  ######################################################################################

EOF
fi

# ---------------------------------------------------------------------------------------------
# pm2-runtime runs and supervises every process; this script starts it and stops it (and
# Postgres, when it started it) on Ctrl-C or SIGTERM.
pm2_pid=
started_postgres_cluster=

stop_everything() {
  local status=$? deadline
  trap - EXIT INT TERM HUP
  if [[ -n $pm2_pid ]] && kill -0 "$pm2_pid" 2>/dev/null; then
    log "stopping every process (pm2-runtime, pid $pm2_pid)"
    kill -TERM "$pm2_pid" 2>/dev/null || true
    deadline=$((SECONDS + 25))
    while kill -0 "$pm2_pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.2; done
    if kill -0 "$pm2_pid" 2>/dev/null; then
      warn "pm2-runtime did not stop in time; killing what it runs"
      kill_recorded_processes
    fi
    wait "$pm2_pid" 2>/dev/null || true
  fi
  if [[ -n ${migration_redis_pid:-} ]]; then
    kill -TERM "$migration_redis_pid" 2>/dev/null || true
  fi
  if [[ -n $started_postgres_cluster ]]; then
    log "stopping Postgres (cluster $started_postgres_cluster), which this script started"
    # shellcheck disable=SC2086
    pg_ctlcluster --skip-systemctl-redirect $started_postgres_cluster stop || true
  fi
  rm -f "$run_dir/pids"
  exit "$status"
}
trap stop_everything EXIT
trap 'log "interrupted"; exit 130' INT
trap 'log "terminated"; exit 143' TERM
trap 'log "hung up"; exit 129' HUP

# pm2 keeps each app's current pid in $PM2_HOME/pids; with pm2-runtime's own (in $run_dir/pids),
# they let whoever runs this script (the e2e harness) clean up even if this script is killed.
kill_recorded_processes() {
  local file pid
  for file in "$run_dir/pids" "$PM2_HOME"/pids/*.pid; do
    [[ -f $file ]] || continue
    pid=$(cut -d' ' -f1 <"$file")
    if [[ $pid =~ ^[0-9]+$ ]]; then kill -KILL "$pid" 2>/dev/null || true; fi
  done
}

http_ok() {
  curl --silent --fail --max-time 3 --output /dev/null "$1"
}

# Waits until a URL answers 2xx; fails early if pm2-runtime has exited.
wait_until_ready() {
  local url=$1 name=$2 deadline=$((SECONDS + ready_timeout))
  until http_ok "$url"; do
    kill -0 "$pm2_pid" 2>/dev/null || die "pm2-runtime exited before the $name was ready"
    if ((SECONDS >= deadline)); then
      warn "last answer from $url: $(curl --silent --max-time 3 "$url" || echo 'none')"
      die "the $name was not ready at $url within ${ready_timeout}s"
    fi
    sleep 0.5
  done
  log "the $name is ready"
}

port_is_free() {
  ! tcp_answers 127.0.0.1 "$1" || die "port $1 ($2) is already in use; stop what holds it or set $2"
}

# ---------------------------------------------------------------------------------------------
# Node 24 for this script and every process it starts (pm2-runtime runs its apps on its own node).
ensure_node
if [[ ${START_SKIP_INSTALL:-} != 1 ]]; then
  ensure_commands nginx:nginx-light curl:curl setsid:util-linux
  ensure_node_modules
fi
command -v nginx >/dev/null 2>&1 || PATH=$PATH:/usr/sbin
command -v nginx >/dev/null 2>&1 || die "nginx is not installed (apt-get install nginx-light)"
command -v curl >/dev/null 2>&1 || die "curl is not installed (apt-get install curl)"

port_is_free "$GATEWAY_PORT" GATEWAY_PORT
port_is_free "$CONTENT_PORT" CONTENT_PORT
port_is_free "$WEB_PORT" WEB_PORT
port_is_free "$TOOLS_PORT" TOOLS_PORT
for ((worker = 0; worker < WORKER_PROCESSES; worker++)); do
  port_is_free $((WORKER_METRICS_PORT + worker)) "WORKER_METRICS_PORT (worker $((worker + 1)))"
done
rm -f "$run_dir/pids"

ensure_postgres
started_postgres_cluster=${STARTED_POSTGRES_CLUSTER:-}
find_redis_to_start
# The ecosystem file runs Redis as an app when this is set.
export START_REDIS_PORT=$REDIS_PORT_TO_START

if [[ ${START_SKIP_BUILD:-} != 1 ]]; then
  log "npm run build"
  # The build is always a production build (a development NODE_ENV would give Vite React's dev bundle).
  NODE_ENV=production npm run build
fi
content_main=services/content/dist/src/main.js
[[ -f $content_main ]] || die "$content_main is missing: the build did not produce the content service"
[[ -f frontend/dist/server/main.js && -f frontend/dist/client/.vite/manifest.json ]] ||
  die "frontend/dist/server or frontend/dist/client is missing: the build did not produce the website"
[[ -x node_modules/.bin/pm2-runtime ]] || die "node_modules/.bin/pm2-runtime is missing: run npm ci"

# --- Demo mode: one setting, MODEL_SIMULATOR_URL (docs/operations.md, "Demo mode") -------------
# With no provider key and no simulator named, this script runs the simulator and names it.
export START_MODEL_SIM=
if [[ -z ${MODEL_SIMULATOR_URL:-} && -z ${OPENAI_API_KEY:-}${ANTHROPIC_API_KEY:-}${GEMINI_API_KEY:-}${XAI_API_KEY:-}${PERPLEXITY_API_KEY:-} ]]; then
  port_is_free "$MODEL_SIM_PORT" MODEL_SIM_PORT
  export MODEL_SIMULATOR_URL=http://127.0.0.1:$MODEL_SIM_PORT START_MODEL_SIM=1
fi
if [[ -n ${MODEL_SIMULATOR_URL:-} ]]; then
  warn "DEMO MODE: every tool answer comes from the model simulator at $MODEL_SIMULATOR_URL (MODEL_SIMULATOR_URL)"
fi

# --- Email: with no SMTP_URL, a local mail catcher (maildev) receives every email ---------------
export START_MAIL_CATCHER= MAIL_CATCHER_SMTP_PORT=${MAIL_CATCHER_SMTP_PORT:-1025} MAIL_CATCHER_WEB_PORT=${MAIL_CATCHER_WEB_PORT:-1080}
if [[ -z ${SMTP_URL:-} ]]; then
  [[ -f node_modules/maildev/dist/bin/maildev.js ]] || die "node_modules/maildev is missing: run npm ci (or set SMTP_URL)"
  port_is_free "$MAIL_CATCHER_SMTP_PORT" MAIL_CATCHER_SMTP_PORT
  port_is_free "$MAIL_CATCHER_WEB_PORT" MAIL_CATCHER_WEB_PORT
  export SMTP_URL=smtp://127.0.0.1:$MAIL_CATCHER_SMTP_PORT START_MAIL_CATCHER=1
  export STAFF_NOTIFY_EMAIL=${STAFF_NOTIFY_EMAIL:-staff@localhost}
fi

# --- The gateway's configuration, for its app -------------------------------------------------
nginx_dir=$run_dir/nginx
NGINX_LISTEN_PORT=$GATEWAY_PORT CONTENT_UPSTREAM=127.0.0.1:$CONTENT_PORT TOOLS_UPSTREAM=127.0.0.1:$TOOLS_PORT WEB_UPSTREAM=127.0.0.1:$WEB_PORT STATIC_ROOT=$repo_root/frontend/dist/client \
  MEDIA_ROOT=$MEDIA_DIR infra/scripts/render-gateway.sh "$nginx_dir"
# The admin's crawler report reads the gateway's access log; a relative path is under nginx's prefix.
case ${GATEWAY_ACCESS_LOG:-access.log} in
  /*) export GATEWAY_ACCESS_LOG ;;
  *) export GATEWAY_ACCESS_LOG=$nginx_dir/${GATEWAY_ACCESS_LOG:-access.log} ;;
esac
nginx_globals='daemon off;'
# nginx workers run as nobody; a checkout under a private home directory is unreadable to them.
if [[ $EUID -eq 0 ]] && ! runuser -u nobody -- test -r "$repo_root/frontend/dist/client/.vite/manifest.json" 2>/dev/null; then
  warn "nobody cannot read $repo_root/frontend/dist/client; running nginx workers as root"
  nginx_globals+=' user root;'
fi
nginx -t -q -p "$nginx_dir/" -c "$nginx_dir/nginx.conf" -e stderr -g "$nginx_globals"
START_NGINX_BIN=$(command -v nginx)
export START_NGINX_DIR=$nginx_dir START_NGINX_GLOBALS=$nginx_globals START_NGINX_BIN

# --- Migrations and seed (on a Redis of their own while pm2 does not run it yet) ---------------
if [[ -n $START_REDIS_PORT ]]; then
  setsid redis-server --bind 127.0.0.1 -::1 --port "$START_REDIS_PORT" --save "" --appendonly no >/dev/null &
  migration_redis_pid=$!
  wait_for_tcp 127.0.0.1 "$START_REDIS_PORT" 30 Redis
fi
log "migrating $(printf '%s' "$DATABASE_URL" | sed -E 's#//([^:@/]*):[^@/]*@#//\1:***@#')"
node services/content/dist/src/cli/migrate.js
node services/tools/dist/src/cli/migrate.js
log "seeding starter content"
node services/content/dist/src/cli/seed.js
if [[ -n ${migration_redis_pid:-} ]]; then
  kill -TERM "$migration_redis_pid" 2>/dev/null || true
  wait "$migration_redis_pid" 2>/dev/null || true
  migration_redis_pid=
fi

# --- Every process, under pm2-runtime --------------------------------------------------------
export PM2_HOME=$run_dir/pm2
# One app at a time, each after the previous one's "ready"; SIGTERM (not pm2's default SIGINT)
# is the signal every process drains on.
export PM2_CONCURRENT_ACTIONS=1 PM2_KILL_SIGNAL=SIGTERM
rm -rf "$PM2_HOME"
mkdir -p "$PM2_HOME"
# In a session of its own: Ctrl-C and a closed terminal reach this script, which stops it in order.
setsid node_modules/.bin/pm2-runtime start infra/pm2/ecosystem.config.cjs &
pm2_pid=$!
printf '%s pm2-runtime\n' "$pm2_pid" >"$run_dir/pids"
log "started pm2-runtime (pid $pm2_pid)"

if [[ -n $START_MAIL_CATCHER ]]; then
  wait_until_ready "http://127.0.0.1:$MAIL_CATCHER_WEB_PORT/api/healthz" "mail catcher"
fi
wait_until_ready "http://127.0.0.1:$CONTENT_PORT/health/ready" "content service"
wait_until_ready "http://127.0.0.1:$WEB_PORT/health" "web server"
if [[ -n $START_MODEL_SIM ]]; then
  wait_until_ready "http://127.0.0.1:$MODEL_SIM_PORT/__sim/health" "model simulator"
fi
wait_until_ready "http://127.0.0.1:$TOOLS_PORT/health/ready" "tools API"
for ((worker = 0; worker < WORKER_PROCESSES; worker++)); do
  wait_until_ready "http://127.0.0.1:$((WORKER_METRICS_PORT + worker))/health" "worker $((worker + 1))"
done
wait_until_ready "http://127.0.0.1:$GATEWAY_PORT/api/health" "gateway"

mail_line=
if [[ -n $START_MAIL_CATCHER ]]; then
  mail_line="  Emails: every email the site sends is caught at http://localhost:$MAIL_CATCHER_WEB_PORT (staff alerts go to $STAFF_NOTIFY_EMAIL)."
fi
cat <<EOF

  Ready: http://localhost:$GATEWAY_PORT   (admin at http://localhost:$GATEWAY_PORT/admin)
$mail_line
  Logs: this terminal; the gateway's access log (JSON lines) in $nginx_dir/access.log.
  Processes: PM2_HOME=$PM2_HOME npx pm2 ls   (one that dies is restarted). Ctrl-C stops everything.

EOF

# Runs until pm2-runtime exits (it does not while it supervises) or a signal arrives.
wait "$pm2_pid" || true
pm2_pid=
die "pm2-runtime exited; stopping"
