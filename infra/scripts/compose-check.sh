#!/usr/bin/env bash
# Validates docker-compose.yml with whichever Compose client is installed (no engine needed).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
LOG_TAG=compose-check
# shellcheck source=infra/scripts/lib.sh
source infra/scripts/lib.sh

if command -v docker-compose >/dev/null 2>&1; then
  docker-compose -f docker-compose.yml config -q
elif docker compose version >/dev/null 2>&1; then
  docker compose -f docker-compose.yml config -q
else
  warn "no docker-compose or docker compose client; skipping the docker-compose.yml check"
  exit 0
fi
log "docker-compose.yml is valid"
