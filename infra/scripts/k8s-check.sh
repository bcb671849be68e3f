#!/usr/bin/env bash
# Renders every overlay in infra/k8s/overlays with `kubectl kustomize` (offline) and validates the
# result against the Kubernetes and KEDA schemas and the project's own rules (validate-k8s.mjs),
# runs `nginx -t` on the gateway's config as its pod renders it (gateway-config-check.mjs) and
# checks the policy (k8s-policy.mjs). Each check is also shown a broken copy it must refuse.
# Needs kubectl (Debian: kubernetes-client; .ci/run installs it), nginx and the npm dependencies.
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

# The gateway's nginx config as its pod renders it, through `nginx -t`; a pod without MEDIA_ROOT is refused.
node infra/scripts/gateway-config-check.mjs "${rendered[@]}"
awk '/- name: MEDIA_ROOT/ { skip = 2; next } skip > 0 { skip--; next } { print }' "${rendered[0]}" >"$out/no-media-root.yaml"
if node infra/scripts/gateway-config-check.mjs "$out/no-media-root.yaml" >/dev/null 2>&1; then
  die "gateway-config-check.mjs accepted a gateway pod that sets no MEDIA_ROOT"
fi

# The policy (securityContext, seccomp, probes, resources); a copy with one container loosened is refused.
node infra/scripts/k8s-policy.mjs "${rendered[@]}"
sed '0,/readOnlyRootFilesystem: true/s//readOnlyRootFilesystem: false/' "${rendered[0]}" >"$out/writable-root.yaml"
if node infra/scripts/k8s-policy.mjs "$out/writable-root.yaml" >/dev/null 2>&1; then
  die "k8s-policy.mjs accepted a container with a writable root filesystem"
fi
sed '0,/type: RuntimeDefault/s//type: Unconfined/' "${rendered[0]}" >"$out/unconfined.yaml"
if node infra/scripts/k8s-policy.mjs "$out/unconfined.yaml" >/dev/null 2>&1; then
  die "k8s-policy.mjs accepted a pod without the RuntimeDefault seccomp profile"
fi
log "every overlay renders, validates, passes nginx -t and the policy: ${rendered[*]##*/}"
