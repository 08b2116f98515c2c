#!/usr/bin/env bash
# The fault suite (playwright.faults.config.ts, docs/reliability.md): each promise of
# docs/reliability.md checked by injecting its fault into production instances of the build on a
# throwaway PostgreSQL. Builds first unless FAULTS_REUSE_BUILD=1 (test-all.sh sets it when an
# earlier stage has just built). Ports from FAULT_PORT (default 3500). Extra arguments go to Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${FAULTS_REUSE_BUILD:-0}" != 1 ]]; then npm run build; fi
npx playwright test -c playwright.faults.config.ts "$@"
