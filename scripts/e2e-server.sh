#!/usr/bin/env bash
# Playwright's webServer: a fresh, seeded embedded database, then `npm start`.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${PGLITE_DIR:?PGLITE_DIR must name the e2e database dir}
rm -rf "$dir" "$dir.lock"
npx tsx --conditions=react-server scripts/seed.ts
# A file of many countries quoting one commodity in two units, imported with the defaults (e2e/fixtures/README.md).
npx tsx --conditions=react-server scripts/import-prices.ts e2e/fixtures/wfp_food_prices_global.csv
exec node scripts/start.mjs
