#!/usr/bin/env bash
# Renders the gateway for a local (non-container) nginx into a run directory:
#   render-gateway.sh <dir>   writes <dir>/nginx.conf, <dir>/gateway.conf and <dir>/temp/
# Reads NGINX_LISTEN_PORT, CONTENT_UPSTREAM, STATIC_ROOT (and TOOLS_UPSTREAM, WEB_UPSTREAM,
# PROXY_CACHE_DIR, GATEWAY_ACCESS_LOG and MEDIA_ROOT when set) from the environment; nginx keeps its
# micro-cache in <dir>/cache and its access log (JSON lines) in <dir>/access.log unless they say
# otherwise, and serves /media/ from MEDIA_ROOT (<dir>/media by default). Run nginx with:
#   nginx -p <dir>/ -c <dir>/nginx.conf -e stderr -g 'daemon off;'
set -euo pipefail

nginx_dir=${1:?usage: render-gateway.sh <output dir>}
infra_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
: "${NGINX_LISTEN_PORT:?}" "${CONTENT_UPSTREAM:?}" "${STATIC_ROOT:?}"

mkdir -p "$nginx_dir/temp"
cp "$infra_dir/nginx/local-main.conf" "$nginx_dir/nginx.conf"

# The same substitution the nginx image's envsubst performs, limited to these names.
conf=$(<"$infra_dir/nginx/gateway.conf.template")
conf=${conf//'${NGINX_LISTEN_PORT}'/"$NGINX_LISTEN_PORT"}
conf=${conf//'${CONTENT_UPSTREAM}'/"$CONTENT_UPSTREAM"}
conf=${conf//'${STATIC_ROOT}'/"$STATIC_ROOT"}
conf=${conf//'${TOOLS_UPSTREAM}'/"${TOOLS_UPSTREAM:-127.0.0.1:3002}"}
conf=${conf//'${WEB_UPSTREAM}'/"${WEB_UPSTREAM:-127.0.0.1:3000}"}
# Relative to nginx's -p prefix, which is <dir>.
conf=${conf//'${PROXY_CACHE_DIR}'/"${PROXY_CACHE_DIR:-cache}"}
conf=${conf//'${GATEWAY_ACCESS_LOG}'/"${GATEWAY_ACCESS_LOG:-access.log}"}
conf=${conf//'${MEDIA_ROOT}'/"${MEDIA_ROOT:-media}"}
printf '%s\n' "$conf" >"$nginx_dir/gateway.conf"
