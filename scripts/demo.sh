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

# Production mode takes Alipay unless told otherwise; the demo pays on the built-in sandbox gateway.
export PAYMENT_PROVIDER=${PAYMENT_PROVIDER:-sandbox}
# Production mode also requires the platform hand-off secrets; the demo uses the
# development ones, derived from APP_SECRET (scripts/platform-secrets.ts).
eval "$(npx tsx --conditions=react-server scripts/platform-secrets.ts)"

npm run build
npx tsx --conditions=react-server scripts/seed.ts
echo "demo: serving http://localhost:${PORT:-3000}  (demo accounts above; Ctrl+C stops)"
exec node scripts/start.mjs
