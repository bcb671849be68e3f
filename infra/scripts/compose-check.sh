#!/usr/bin/env bash
# Validates docker-compose.yml with whichever Compose client is installed (no engine needed).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
LOG_TAG=compose-check
# shellcheck source=infra/scripts/lib.sh
source infra/scripts/lib.sh

if command -v docker-compose >/dev/null 2>&1; then
  compose=(docker-compose)
elif docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
else
  warn "no docker-compose or docker compose client; skipping the docker-compose.yml check"
  exit 0
fi

# The file requires UNSUBSCRIBE_SECRET (from .env); a stand-in lets a checkout without .env be checked.
UNSUBSCRIBE_SECRET=${UNSUBSCRIBE_SECRET:-compose-check-stand-in} "${compose[@]}" -f docker-compose.yml config -q
no_env=$(mktemp)
trap 'rm -f "$no_env"' EXIT
if env -u UNSUBSCRIBE_SECRET "${compose[@]}" --env-file "$no_env" -f docker-compose.yml config -q >/dev/null 2>&1; then
  die "docker-compose.yml runs without UNSUBSCRIBE_SECRET; it must refuse to"
fi
log "docker-compose.yml is valid"
