#!/usr/bin/env bash
# `npm run demo`: build, migrate + seed the embedded database, serve on :3000.
# Always rebuilds: a stale .next would serve older code, and a build is cheaper
# to repeat than to reason about.
set -euo pipefail
cd "$(dirname "$0")/.."

# The server runs in production mode, which requires APP_SECRET. For the demo,
# use the machine-local secret the app itself keeps in development
# (lib/server/secret.ts), creating it once so restarts keep sessions valid.
if [[ -z "${APP_SECRET:-}" ]]; then
  secret_file=.data/app-secret
  if [[ ! -s $secret_file ]]; then
    mkdir -p .data
    (umask 077 && head -c 48 /dev/urandom | base64 -w0 >"$secret_file" && echo >>"$secret_file")
  fi
  APP_SECRET=$(tr -d '\n' <"$secret_file")
  export APP_SECRET
fi

# The demo switch: production mode refuses to start without a real SMS gateway and
# payment provider; DEMO_MODE=1 allows the SMS outbox (codes public at /dev/sms), the
# sandbox gateway and the demo accounts, and puts a banner saying so on every page.
export DEMO_MODE=1
export PORT=${PORT:-3000}
# Production requires the public origin; the demo is served here.
export SITE_URL=${SITE_URL:-http://localhost:$PORT}
# Production mode also requires the platform hand-off secrets; the demo uses the
# development ones, derived from APP_SECRET (scripts/platform-secrets.ts).
eval "$(npx tsx --conditions=react-server scripts/platform-secrets.ts)"

npm run build
npx tsx --conditions=react-server scripts/seed.ts
echo "demo: serving http://localhost:${PORT:-3000}  (demo accounts above; Ctrl+C stops)"
exec node scripts/start.mjs
