#!/usr/bin/env bash
# `make start`: the whole stack in the foreground (docs/operations.md). Ctrl-C or SIGTERM stops every
# process this script started, Postgres and Redis included when it had to start them.
#
# Variables (besides those of .env.example; .env is loaded when present, the environment wins):
#   START_SKIP_INSTALL=1   do not install system packages or npm dependencies
#   START_SKIP_BUILD=1     use the existing build output
#   START_RUN_DIR          where nginx's rendered config, pid, temp files and logs go (.run/start)
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
# Processes this script started: pids of process-group leaders (each started with setsid).
child_pids=()
child_names=()
started_postgres_cluster=

stop_everything() {
  local status=$? i pid deadline
  trap - EXIT INT TERM
  if ((${#child_pids[@]} > 0)); then
    log "stopping ${child_names[*]}"
    # Reverse start order: gateway first, data stores last.
    for ((i = ${#child_pids[@]} - 1; i >= 0; i--)); do
      kill -TERM -- "-${child_pids[i]}" 2>/dev/null || true
    done
    deadline=$((SECONDS + 15))
    for pid in "${child_pids[@]}"; do
      while kill -0 -- "-$pid" 2>/dev/null && ((SECONDS < deadline)); do sleep 0.2; done
      if kill -0 -- "-$pid" 2>/dev/null; then
        warn "process group $pid did not stop in time; killing it"
        kill -KILL -- "-$pid" 2>/dev/null || true
      fi
    done
    wait 2>/dev/null || true
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

# Runs a command in its own process group (so stopping it stops its children too) and records
# it. The pid file lets a supervisor (the e2e harness) clean up even if this script is killed.
start_process() {
  local name=$1
  shift
  setsid "$@" &
  child_pids+=("$!")
  child_names+=("$name")
  printf '%s %s\n' "$!" "$name" >>"$run_dir/pids"
  log "started $name (pid $!)"
}

http_ok() {
  curl --silent --fail --max-time 3 --output /dev/null "$1"
}

# Waits until a URL answers 2xx; fails early if the process that should serve it has exited.
wait_until_ready() {
  local url=$1 name=$2 pid=$3 deadline=$((SECONDS + ready_timeout))
  until http_ok "$url"; do
    kill -0 "$pid" 2>/dev/null || die "$name exited before it was ready"
    if ((SECONDS >= deadline)); then
      warn "last answer from $url: $(curl --silent --max-time 3 "$url" || echo 'none')"
      die "$name was not ready at $url within ${ready_timeout}s"
    fi
    sleep 0.5
  done
  log "$name is ready"
}

port_is_free() {
  ! tcp_answers 127.0.0.1 "$1" || die "port $1 ($2) is already in use; stop what holds it or set $2"
}

# ---------------------------------------------------------------------------------------------
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
rm -f "$run_dir/pids"

ensure_postgres
started_postgres_cluster=${STARTED_POSTGRES_CLUSTER:-}
find_redis_to_start
if [[ -n $REDIS_PORT_TO_START ]]; then
  start_process redis redis-server --bind 127.0.0.1 -::1 --port "$REDIS_PORT_TO_START" --save "" --appendonly no
  wait_for_tcp 127.0.0.1 "$REDIS_PORT_TO_START" 30 Redis
fi

if [[ ${START_SKIP_BUILD:-} != 1 ]]; then
  log "npm run build"
  # The build is always a production build (a development NODE_ENV would give Vite React's dev bundle).
  NODE_ENV=production npm run build
fi
content_main=services/content/dist/src/main.js
[[ -f $content_main ]] || die "$content_main is missing: the build did not produce the content service"
[[ -f frontend/dist/server/main.js && -f frontend/dist/client/.vite/manifest.json ]] ||
  die "frontend/dist/server or frontend/dist/client is missing: the build did not produce the website"

log "migrating $(printf '%s' "$DATABASE_URL" | sed -E 's#//([^:@/]*):[^@/]*@#//\1:***@#')"
node services/content/dist/src/cli/migrate.js
node services/tools/dist/src/cli/migrate.js
log "seeding starter content"
node services/content/dist/src/cli/seed.js

start_process content node "$content_main"
wait_until_ready "http://127.0.0.1:$CONTENT_PORT/health/ready" "content service" "${child_pids[-1]}"

# --- Website: the web process renders every public page on request (docs/architecture.md) -
start_process web node frontend/dist/server/main.js
wait_until_ready "http://127.0.0.1:$WEB_PORT/health" "web server" "${child_pids[-1]}"

# --- Tools: model simulator (demo mode only), tools API, model workers --------------------------
if [[ -z ${OPENAI_API_KEY:-}${ANTHROPIC_API_KEY:-}${GEMINI_API_KEY:-}${XAI_API_KEY:-} ]]; then
  port_is_free "$MODEL_SIM_PORT" MODEL_SIM_PORT
  warn "no model provider key is set: DEMO MODE, every tool answer comes from the model simulator"
  start_process model-sim node services/model-sim/dist/src/main.js
  wait_until_ready "http://127.0.0.1:$MODEL_SIM_PORT/__sim/health" "model simulator" "${child_pids[-1]}"
  sim=http://127.0.0.1:$MODEL_SIM_PORT
  export OPENAI_API_KEY=demo-mode OPENAI_BASE_URL=$sim/openai/v1
  export ANTHROPIC_API_KEY=demo-mode ANTHROPIC_BASE_URL=$sim/anthropic
  export GEMINI_API_KEY=demo-mode GEMINI_BASE_URL=$sim/gemini
  export XAI_API_KEY=demo-mode XAI_BASE_URL=$sim/xai/v1
fi
# glibc's allocator, for the processes that take 10 MB uploads and decode images (README
# "Security": memory under a hostile scan): two arenas, and blocks of 128 KB and more mapped on
# their own, so that their pages go back to the system when they are freed.
tools_malloc_env=(MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}" MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}")
start_process tools env "${tools_malloc_env[@]}" node services/tools/dist/src/main.js
wait_until_ready "http://127.0.0.1:$TOOLS_PORT/health/ready" "tools API" "${child_pids[-1]}"
for ((worker = 1; worker <= ${WORKER_PROCESSES:-1}; worker++)); do
  start_process "worker-$worker" env "${tools_malloc_env[@]}" node services/tools/dist/src/worker-main.js
done
# ------------------------------------------------------------------------------------------------

nginx_dir=$run_dir/nginx
NGINX_LISTEN_PORT=$GATEWAY_PORT CONTENT_UPSTREAM=127.0.0.1:$CONTENT_PORT TOOLS_UPSTREAM=127.0.0.1:$TOOLS_PORT WEB_UPSTREAM=127.0.0.1:$WEB_PORT STATIC_ROOT=$repo_root/frontend/dist/client \
  MEDIA_ROOT=$MEDIA_DIR infra/scripts/render-gateway.sh "$nginx_dir"
nginx_globals='daemon off;'
# nginx workers run as nobody; a checkout under a private home directory is unreadable to them.
if [[ $EUID -eq 0 ]] && ! runuser -u nobody -- test -r "$repo_root/frontend/dist/client/.vite/manifest.json" 2>/dev/null; then
  warn "nobody cannot read $repo_root/frontend/dist/client; running nginx workers as root"
  nginx_globals+=' user root;'
fi
nginx -t -q -p "$nginx_dir/" -c "$nginx_dir/nginx.conf" -e stderr -g "$nginx_globals"
start_process gateway nginx -p "$nginx_dir/" -c "$nginx_dir/nginx.conf" -e stderr -g "$nginx_globals"
wait_until_ready "http://127.0.0.1:$GATEWAY_PORT/api/health" "gateway" "${child_pids[-1]}"

cat <<EOF

  Ready: http://localhost:$GATEWAY_PORT   (admin at http://localhost:$GATEWAY_PORT/admin)
  Logs: this terminal; gateway access log in $nginx_dir/access.log. Ctrl-C stops everything.

EOF

# Runs until any process exits (then stops the rest) or a signal arrives.
exited_pid=
wait -n -p exited_pid "${child_pids[@]}" || true
for i in "${!child_pids[@]}"; do
  [[ ${child_pids[i]} == "$exited_pid" ]] && die "${child_names[i]} exited unexpectedly; stopping the rest"
done
die "a process exited unexpectedly; stopping the rest"
