#!/usr/bin/env bash
# The multi-instance test (playwright.fleet.config.ts): a throwaway PostgreSQL, two production
# instances of the build and nginx in front. Builds first unless FLEET_REUSE_BUILD=1 (test-all.sh
# sets it when the end-to-end stage has just built). Extra arguments go to Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${FLEET_REUSE_BUILD:-0}" != 1 ]]; then npm run build; fi
npx playwright test -c playwright.fleet.config.ts "$@"
