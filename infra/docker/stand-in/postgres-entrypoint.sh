#!/bin/sh
set -eu
user="${POSTGRES_USER:-postgres}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}" > /tmp/pwfile
  initdb --username="$user" --pwfile=/tmp/pwfile --auth-host=scram-sha-256 --auth-local=trust -D "$PGDATA" >/dev/null
  rm /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ -n "${POSTGRES_DB:-}" ] && [ "$POSTGRES_DB" != "postgres" ]; then
    pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    createdb --username="$user" "$POSTGRES_DB"
    pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
fi
[ "$1" = postgres ] && exec postgres -c listen_addresses='*' -c unix_socket_directories=/run/postgresql
exec "$@"
