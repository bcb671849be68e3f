#!/usr/bin/env bash
# Proves the containers start: builds every image with `docker compose build`, brings the whole
# site up in demo mode (the model simulator answers for every provider), waits until every
# service is healthy, asks the gateway for the home page and for an AI Search Audit, and takes it
# all down again (volumes included). Prints the cold build time and the time to healthy.
#   infra/scripts/compose-smoke.sh
# Variables: SMOKE_GATEWAY_PORT (host port, default 8080), SMOKE_KEEP=1 (leave it running),
# SMOKE_PROJECT (compose project name, default agency-smoke).
# Needs a Docker engine and the base images the Dockerfiles name; where no registry answers,
# infra/scripts/stand-in-images.sh builds local stand-ins for them first. Where neither can be
# had, it says so and exits 0.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
LOG_TAG=compose-smoke
# shellcheck source=infra/scripts/lib.sh
source infra/scripts/lib.sh

if ! command -v docker >/dev/null 2>&1 || ! docker info >/dev/null 2>&1; then
  log "no Docker engine answers here: nothing to prove (install docker.io and start dockerd)"
  exit 0
fi
if docker compose version >/dev/null 2>&1; then
  compose_cmd=(docker compose)
elif command -v docker-compose >/dev/null 2>&1; then
  compose_cmd=(docker-compose)
else
  log "no docker compose client here (docker compose or docker-compose): nothing to prove"
  exit 0
fi
status=0
infra/scripts/stand-in-images.sh || status=$?
if ((status == 3)); then
  log "the base images are neither present nor buildable here: nothing to prove"
  exit 0
fi
((status == 0)) || die "building the base images failed"

port=${SMOKE_GATEWAY_PORT:-8080}
site="http://localhost:$port"
project=${SMOKE_PROJECT:-agency-smoke}
env_file=$(mktemp)
# The README's steps: a copy of .env.example, the secrets it names, and demo mode.
{
  grep -v -E '^(UNSUBSCRIBE_SECRET|ADMIN_PASSWORD|MODEL_SIMULATOR_URL|GATEWAY_PORT|PUBLIC_SITE_URL)=' .env.example
  echo "UNSUBSCRIBE_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  echo "ADMIN_PASSWORD=smoke-$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  echo "MODEL_SIMULATOR_URL=http://model-sim:3099"
  echo "GATEWAY_PORT=$port"
  echo "PUBLIC_SITE_URL=$site"
} >"$env_file"
compose() { "${compose_cmd[@]}" --project-name "$project" --env-file "$env_file" --profile demo -f docker-compose.yml "$@"; }
finish() {
  if [[ ${SMOKE_KEEP:-} == 1 ]]; then
    log "left running (SMOKE_KEEP=1); stop with: ${compose_cmd[*]} --project-name $project --profile demo down -v"
  else
    compose down -v --remove-orphans >/dev/null 2>&1 || true
  fi
  rm -f "$env_file"
}
trap finish EXIT

started=$(date +%s)
log "building the images (docker compose build)"
compose build
built=$(date +%s)
log "cold build: $((built - started)) s"

compose up -d
created=$(date +%s)
services=(postgres redis content tools worker model-sim web gateway)
deadline=$((created + ${SMOKE_HEALTHY_TIMEOUT:-300}))
while :; do
  unhealthy=()
  for service in "${services[@]}"; do
    id=$(compose ps -q "$service")
    health=$([[ -n $id ]] && docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$id" || echo missing)
    [[ $health == healthy ]] || unhealthy+=("$service:$health")
  done
  ((${#unhealthy[@]} == 0)) && break
  if (($(date +%s) > deadline)); then
    compose ps
    compose logs --tail 40
    die "not healthy in time: ${unhealthy[*]}"
  fi
  sleep 2
done
log "every service healthy $(($(date +%s) - created)) s after creation"

page=$(curl -fsS "$site/") || die "the gateway did not answer the home page"
[[ $page == *'<!DOCTYPE html>'* ]] || die "the home page is not HTML"
content_types=$(curl -fsS -o /dev/null -D - "$site/" | grep -ci '^content-type:')
[[ $content_types == 1 ]] || die "the home page carries $content_types Content-Type headers"
log "the home page answers through the gateway"

answer=$(curl -sS -w '\n%{http_code}' -H 'Content-Type: application/json' -H "Origin: $site" \
  --data '{"query":"best vegan protein powder UK","brand":"Brightleaf","email":"smoke@example.com"}' "$site/api/llm-query")
code=${answer##*$'\n'}
[[ $code == 200 ]] || die "the audit answered $code: ${answer%$'\n'*}"
report_id=$(sed -n 's/.*"reportId":"\([A-Za-z0-9_-]*\)".*/\1/p' <<<"$answer")
[[ -n $report_id ]] || die "the audit's answer has no report: ${answer:0:300}"
report=$(curl -fsS "$site/api/llm-query/reports/$report_id") || die "the stored report $report_id cannot be read"
[[ $report == *'"simulated":true'* ]] || die "the stored report does not say it is simulated: ${report:0:300}"
log "an audit answers in demo mode through the gateway (simulated answers, a stored report)"
log "compose works: cold build $((built - started)) s, healthy $(($(date +%s) - created)) s after creation"
