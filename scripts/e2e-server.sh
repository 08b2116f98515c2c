#!/usr/bin/env bash
# Playwright's webServer: a fresh, seeded embedded database, then `npm start`.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${PGLITE_DIR:?PGLITE_DIR must name the e2e database dir}
rm -rf "$dir" "$dir.lock"
npx tsx --conditions=react-server scripts/seed.ts
exec node scripts/start.mjs
