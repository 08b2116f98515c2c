#!/usr/bin/env bash
# End-to-end: production build, then Playwright (which starts the server with a
# fresh seeded database, see playwright.config.ts). Extra arguments go to Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build
npx playwright test "$@"
