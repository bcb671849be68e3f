#!/usr/bin/env bash
# package-lock.json, resolved the one way that keeps every platform's optional packages (the
# native bindings of jest's resolver, esbuild, rollup...): `npm install --package-lock-only` in a
# scratch copy holding only the package.json files and the lockfile, never over a node_modules
# (npm then drops the bindings of the platforms other than this one, and `npm ci` elsewhere fails).
# Versions already locked stay as they are; only what package.json changed is resolved again.
#
#   lockfile.sh regenerate   rewrite package-lock.json (npm run lockfile)
#   lockfile.sh check        fail when regenerating would change it (npm run lockfile:check; CI)
set -euo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$repo_root"
LOG_TAG=lockfile
# shellcheck source=infra/scripts/lib.sh
source infra/scripts/lib.sh

mode=${1:-}
[[ $mode == regenerate || $mode == check ]] || die "usage: $0 regenerate|check"
ensure_node

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp package.json package-lock.json "$scratch/"
[[ ! -f .npmrc ]] || cp .npmrc "$scratch/"
for workspace in $(node -p 'require("./package.json").workspaces.join("\n")'); do
  mkdir -p "$scratch/$workspace"
  cp "$workspace/package.json" "$scratch/$workspace/"
done

resolve() {
  log "npm install --package-lock-only (Node $(node --version), npm $(npm --version)) on a tree without node_modules"
  (cd "$scratch" && npm install --package-lock-only --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null)
}

resolve
if [[ $mode == regenerate ]]; then
  # npm may settle some packages' dev/optional flags only on a second pass over its own output:
  # resolve until the result no longer changes, so that `check` finds nothing to change.
  for pass in 2 3; do
    cp "$scratch/package-lock.json" "$scratch/previous.json"
    resolve
    cmp -s "$scratch/package-lock.json" "$scratch/previous.json" && break
    ((pass < 3)) || die "npm install --package-lock-only gives a different lockfile on every pass"
  done
  cp "$scratch/package-lock.json" package-lock.json
  log "package-lock.json regenerated; commit it with the package.json change"
elif cmp -s "$scratch/package-lock.json" package-lock.json; then
  log "package-lock.json is complete and matches every package.json"
else
  diff -u package-lock.json "$scratch/package-lock.json" | head -40 >&2 || true
  die "package-lock.json is out of date (above: what regenerating changes). Run \`npm run lockfile\` on a clean checkout and commit the result"
fi
