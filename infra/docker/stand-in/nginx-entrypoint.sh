#!/bin/sh
# What the official image's 20-envsubst-on-templates.sh does, for the variables the filter names.
set -eu
filter="${NGINX_ENVSUBST_FILTER:-}"
defined=$(env | cut -d= -f1 | grep -E "${filter:-.}" | sed 's/^/$/' | tr '\n' ' ')
for template in /etc/nginx/templates/*.template; do
  [ -e "$template" ] || continue
  output="/etc/nginx/conf.d/$(basename "$template" .template)"
  envsubst "$defined" < "$template" > "$output"
done
exec "$@"
