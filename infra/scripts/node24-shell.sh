#!/usr/bin/env bash
# The Makefile's SHELL: bash, with Node.js 24 first on PATH (lib.sh's ensure_node), so that every
# recipe, and every npm script and process it starts, runs on Node 24 whatever the system's is.
LOG_TAG=make
# shellcheck source=infra/scripts/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ensure_node || exit 1
exec /bin/bash "$@"
