#!/usr/bin/env bash
# Builds the site's four images from infra/docker/*.Dockerfile (docs/kubernetes.md "Images"):
#   infra/scripts/build-images.sh                     agency-<name>:local, as docker-compose.yml and the dev overlay name them
#   IMAGE_REGISTRY=registry.example.com/agency IMAGE_TAG=1.0.0 infra/scripts/build-images.sh --push
#                                                      <registry>/<name>:<tag>, then pushed (docker login first)
# Variables: IMAGE_REGISTRY (no registry: local names), IMAGE_TAG (default: local, or the commit
# when IMAGE_REGISTRY is set), IMAGE_PLATFORM (e.g. linux/amd64, for a cluster of another architecture).
# Needs a Docker engine; where there is none it says so and exits 0 without building.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
LOG_TAG=build-images
# shellcheck source=infra/scripts/lib.sh
source infra/scripts/lib.sh

push=false
case ${1:-} in
  --push) push=true ;;
  '') ;;
  *) die "usage: build-images.sh [--push]" ;;
esac

if ! command -v docker >/dev/null 2>&1; then
  log "no docker command here: nothing built (install Docker, or build on a machine or CI runner that has it)"
  exit 0
fi
if ! docker info >/dev/null 2>&1; then
  log "docker cannot reach a Docker engine here: nothing built (start the engine, or check DOCKER_HOST)"
  exit 0
fi

registry=${IMAGE_REGISTRY:-}
registry=${registry%/}
if [[ -n $registry ]]; then
  tag=${IMAGE_TAG:-$(git rev-parse --short HEAD)}
else
  tag=${IMAGE_TAG:-local}
  [[ $push == false ]] || die "--push needs IMAGE_REGISTRY (for example registry.example.com/agency)"
fi
platform=()
[[ -z ${IMAGE_PLATFORM:-} ]] || platform=(--platform "$IMAGE_PLATFORM")

built=()
for name in content tools web gateway; do
  image=${registry:+$registry/}$name:$tag
  [[ -n $registry ]] || image=agency-$name:$tag
  log "building $image from infra/docker/$name.Dockerfile"
  docker build "${platform[@]}" -f "infra/docker/$name.Dockerfile" -t "$image" .
  built+=("$image")
done
if [[ $push == true ]]; then
  for image in "${built[@]}"; do
    log "pushing $image"
    docker push "$image"
  done
fi
log "built: ${built[*]}"
