# Helpers shared by infra/scripts/*.sh and .ci/run. Source it; it defines functions only.

log() { printf '[%s] %s\n' "${LOG_TAG:-infra}" "$*"; }
warn() { printf '[%s] WARNING: %s\n' "${LOG_TAG:-infra}" "$*" >&2; }
die() {
  printf '[%s] ERROR: %s\n' "${LOG_TAG:-infra}" "$*" >&2
  exit 1
}

# Exports KEY=VALUE lines from a dotenv file, never overriding variables already set in the
# environment. Supports comments, blank lines, `export KEY=...` and single or double quotes.
load_dotenv() {
  local file=$1 line key value
  [[ -f $file ]] || return 0
  while IFS= read -r line || [[ -n $line ]]; do
    line=${line%$'\r'}
    [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
    line=${line#export }
    key=${line%%=*}
    value=${line#*=}
    if [[ ! $key =~ ^[A-Za-z_][A-Za-z0-9_]*$ || $line != *=* ]]; then
      warn "ignoring a line of $file that is not KEY=VALUE: $key"
      continue
    fi
    if [[ $value =~ ^\"(.*)\"$ || $value =~ ^\'(.*)\'$ ]]; then
      value=${BASH_REMATCH[1]}
    else
      value=${value%%[[:space:]]#*}
    fi
    [[ -n ${!key+set} ]] || export "$key=$value"
  done <"$file"
}

# Secrets no checkout shares: each one not set already (environment or .env) is read from <file>,
# or generated there on first use. The file is the only copy, readable by its owner alone.
load_generated_secrets() {
  local file=$1 name value names=(UNSUBSCRIBE_SECRET)
  for name in "${names[@]}"; do
    [[ -n ${!name:-} ]] || unset "$name"
  done
  mkdir -p "$(dirname "$file")"
  (umask 077 && touch "$file")
  chmod 600 "$file" || warn "cannot make $file private (chmod 600)"
  load_dotenv "$file"
  for name in "${names[@]}"; do
    [[ -z ${!name:-} ]] || continue
    value=$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')
    [[ ${#value} -eq 64 ]] || die "could not read random bytes for $name"
    sed -i "/^$name=/d" "$file"
    printf '%s=%s\n' "$name" "$value" >>"$file"
    export "$name=$value"
    log "generated $name into $file (kept for later runs)"
  done
}

is_debian_root() {
  [[ $EUID -eq 0 && -f /etc/debian_version ]] && command -v apt-get >/dev/null 2>&1
}

# Installs Debian packages (root on Debian only); runs `apt-get update` once per process.
apt_install() {
  is_debian_root || return 1
  if [[ -z ${APT_UPDATED:-} ]]; then
    log "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    APT_UPDATED=1
  fi
  log "apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

# Installs each Debian package whose command is missing. Arguments: command:package pairs.
ensure_commands() {
  local pair cmd pkg missing=()
  for pair in "$@"; do
    cmd=${pair%%:*}
    pkg=${pair#*:}
    command -v "$cmd" >/dev/null 2>&1 || [[ -x /usr/sbin/$cmd ]] || missing+=("$pkg")
  done
  ((${#missing[@]} == 0)) && return 0
  apt_install "${missing[@]}" || die "missing system packages: ${missing[*]} (install them, or run as root on Debian)"
}

# Node.js 24 first on PATH, so node, npm, npx and every `#!/usr/bin/env node` script run on it:
# the one already on PATH when it is 24 or newer, otherwise the version .nvmrc names, fetched once
# from the npm registry (package node-<os>-<arch>, the binary the `node` package installs; npm
# checks its integrity) into .tools/node. Needs npm (any version) for that first fetch.
ensure_node() {
  local root dir wanted os arch scratch
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  dir=$root/.tools/node
  node_major_at_least 24 && return 0
  wanted=$(tr -d ' v\n\r' <"$root/.nvmrc")
  if [[ ! -x $dir/bin/node || $("$dir/bin/node" --version 2>/dev/null) != "v$wanted" ]]; then
    command -v npm >/dev/null 2>&1 || die "Node.js 24 is required: install it, or install npm so that this script can fetch Node $wanted"
    case $(uname -s) in Linux) os=linux ;; Darwin) os=darwin ;; *) die "no Node.js package for $(uname -s); install Node.js 24" ;; esac
    case $(uname -m) in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) die "no Node.js package for $(uname -m); install Node.js 24" ;; esac
    log "fetching Node.js $wanted from the npm registry (node-$os-$arch) into .tools/node"
    scratch=$(mktemp -d)
    npm pack --silent --pack-destination "$scratch" "node-$os-$arch@$wanted" >/dev/null ||
      die "could not fetch node-$os-$arch@$wanted from the npm registry"
    tar -xzf "$scratch"/node-*.tgz -C "$scratch"
    rm -rf "$dir"
    mkdir -p "$root/.tools"
    mv "$scratch/package" "$dir"
    rm -rf "$scratch"
  fi
  export PATH=$dir/bin:$PATH
  node_major_at_least 24 || die "$dir/bin/node does not run ($("$dir/bin/node" --version 2>&1 | head -1))"
}

node_major_at_least() {
  command -v node >/dev/null 2>&1 && (($(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0) >= $1))
}

# Installs npm dependencies when node_modules is absent or older than the lockfile.
ensure_node_modules() {
  ensure_node
  if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
    npm_install_from_lockfile
  fi
}

# Exactly what package-lock.json names (`npm ci`), never a resolution of its own: a lockfile npm ci
# refuses is a defect to fix (docs/operations.md, "Dependencies"), not something to work around.
npm_install_from_lockfile() {
  log "npm ci (Node $(node --version), npm $(npm --version))"
  npm ci --no-audit --no-fund "$@"
}

# Sets URL_HOST and URL_PORT from a URL such as postgres://user@host:5432/db or redis://host/0.
parse_url_host_port() {
  local url=$1 default_port=$2
  [[ $url =~ ^[a-z+]+://([^@/]*@)?(\[[^]]*\]|[^:/?]*)(:([0-9]+))? ]] ||
    die "cannot read a host and port from the URL: $url"
  URL_HOST=${BASH_REMATCH[2]}
  URL_PORT=${BASH_REMATCH[4]:-$default_port}
  URL_HOST=${URL_HOST#[}
  URL_HOST=${URL_HOST%]}
  URL_HOST=${URL_HOST:-127.0.0.1}
}

tcp_answers() {
  timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$1" "$2" 2>/dev/null
}

is_loopback_host() {
  [[ $1 == localhost || $1 == 127.* || $1 == ::1 ]]
}

wait_for_tcp() {
  local host=$1 port=$2 seconds=$3 what=$4 i
  for ((i = 0; i < seconds * 2; i++)); do
    tcp_answers "$host" "$port" && return 0
    sleep 0.5
  done
  die "$what did not answer on $host:$port within ${seconds}s"
}

# Starts the Debian cluster when no Postgres answers at DATABASE_URL (installing it if absent).
# Sets STARTED_POSTGRES_CLUSTER to "<version> main" when this call started it.
ensure_postgres() {
  local host port version
  parse_url_host_port "$DATABASE_URL" 5432
  host=$URL_HOST port=$URL_PORT
  tcp_answers "$host" "$port" && return 0
  is_loopback_host "$host" || die "no Postgres answers at $host:$port (DATABASE_URL); start it or change DATABASE_URL"
  if ! compgen -G '/etc/postgresql/*/main' >/dev/null; then
    apt_install postgresql || die "Postgres is not installed; install it or run as root on Debian"
    allow_loopback_trust_auth
    tcp_answers "$host" "$port" && return 0
  fi
  [[ $EUID -eq 0 ]] || die "no Postgres answers at $host:$port; start it (as root: pg_ctlcluster <version> main start)"
  version=$(ls /etc/postgresql | sort -V | tail -1)
  log "starting Postgres $version (cluster main)"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  STARTED_POSTGRES_CLUSTER="$version main"
  wait_for_tcp "$host" "$port" 30 "Postgres"
}

# A freshly installed Debian cluster asks for passwords over TCP; the default DATABASE_URL
# has none. Only applied to a cluster this script has just installed, and only for loopback.
allow_loopback_trust_auth() {
  local hba
  for hba in /etc/postgresql/*/main/pg_hba.conf; do
    grep -q '^# agency-dev: loopback trust' "$hba" && continue
    warn "allowing passwordless loopback connections in $hba (fresh local install for development)"
    sed -i '1i # agency-dev: loopback trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
  done
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main reload 2>/dev/null || true
}

# Sets REDIS_PORT_TO_START when no Redis answers at REDIS_URL (installing redis-server if
# absent), and leaves it empty when one answers. The caller decides how to run it.
find_redis_to_start() {
  local host port
  REDIS_PORT_TO_START=
  parse_url_host_port "$REDIS_URL" 6379
  host=$URL_HOST port=$URL_PORT
  tcp_answers "$host" "$port" && return 0
  is_loopback_host "$host" || die "no Redis answers at $host:$port (REDIS_URL); start it or change REDIS_URL"
  if ! command -v redis-server >/dev/null 2>&1; then
    apt_install redis-server || die "Redis is not installed; install it or run as root on Debian"
    tcp_answers "$host" "$port" && return 0
  fi
  REDIS_PORT_TO_START=$port
}

# The fault tests stop and start Redis and Postgres servers of their own (never the shared ones):
# they need redis-server and Postgres's initdb and pg_ctl even where the shared servers run elsewhere.
ensure_throwaway_store_binaries() {
  ensure_commands redis-server:redis-server runuser:util-linux
  if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null && ! command -v initdb >/dev/null 2>&1; then
    apt_install postgresql || die "initdb is missing: install postgresql (the fault tests run a throwaway cluster)"
  fi
}
