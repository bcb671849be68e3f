#!/usr/bin/env bash
# The long run of the endpoint fuzzers, for `make reliability` (docs/security.md):
#   infra/scripts/security-fuzz.sh            FUZZ_RUNS=500 cases per route (default)
#   FUZZ_RUNS=2000 FUZZ_SEED=42 infra/scripts/security-fuzz.sh
# `make test` runs the same suites with 40 cases per route. Needs Postgres and Redis like the
# integration tests (TEST_REDIS_URL, TEST_DATABASE_ADMIN_URL). Prints "[fuzz] …" lines with the counts.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

export FUZZ_RUNS=${FUZZ_RUNS:-500}
npx tsc -b services/content services/tools
node --experimental-vm-modules node_modules/jest/bin/jest.js --selectProjects integration --runInBand \
  services/content/dist/test/security/endpoint-fuzz services/tools/dist/test/security/endpoint-fuzz
