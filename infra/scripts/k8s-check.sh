#!/usr/bin/env bash
# Renders every overlay in infra/k8s/overlays with `kubectl kustomize` (offline) and validates the
# result against the Kubernetes and KEDA schemas and the project's own rules (validate-k8s.mjs).
# Needs kubectl (Debian: kubernetes-client; .ci/run installs it) and the npm dependencies.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
LOG_TAG=k8s-check
# shellcheck source=infra/scripts/lib.sh
source infra/scripts/lib.sh

command -v kubectl >/dev/null 2>&1 || die "kubectl is missing: install it (Debian: apt-get install kubernetes-client) to render infra/k8s"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

rendered=()
for overlay in infra/k8s/overlays/*/; do
  name=$(basename "$overlay")
  # kustomize v5 warns that `bases` is deprecated; the overlays keep it for kustomize v2 (see the base).
  kubectl kustomize "$overlay" >"$out/$name.yaml" 2> >(grep -v "'bases' is deprecated" >&2) ||
    die "kubectl kustomize $overlay failed"
  rendered+=("$out/$name.yaml")
done
((${#rendered[@]} > 0)) || die "no overlay found in infra/k8s/overlays"
node infra/scripts/validate-k8s.mjs "${rendered[@]}"

# The check must be able to fail: a broken copy of the first overlay is refused.
sed 's/containerPort: 3001/containerPort: "3001x"/' "${rendered[0]}" >"$out/broken.yaml"
if node infra/scripts/validate-k8s.mjs "$out/broken.yaml" >/dev/null 2>&1; then
  die "validate-k8s.mjs accepted a manifest with a port that is not a number"
fi
log "every overlay renders and validates: ${rendered[*]##*/}"
