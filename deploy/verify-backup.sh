#!/usr/bin/env bash
# deploy/verify-backup.sh FILE: proves a backup restores. Restores FILE into a new scratch database
# on the server of DATABASE_URL (nothing existing is touched), then checks that it holds every
# migration of this release and prints the rows of the main tables beside those of DATABASE_URL's
# database; drops the scratch database at the end. Exit 0: the backup restores and is complete.
#   KEEP=1 keeps the scratch database (its URL is printed) to look around or to switch to it.
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:?usage: deploy/verify-backup.sh FILE}
: "${DATABASE_URL:?set DATABASE_URL (the scratch database is created on its server)}"
[[ -s "$file" ]] || { echo "verify-backup: $file is missing or empty" >&2; exit 1; }

scratch="portal_verify_$(date -u +%Y%m%d%H%M%S)_$$"
url_of() { node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.href)' "$DATABASE_URL" "$1"; }
scratch_url=$(url_of "$scratch")
admin_url=$(url_of postgres)

psql -q -v ON_ERROR_STOP=1 "$admin_url" -c "CREATE DATABASE $scratch"
cleanup() {
  if [[ "${KEEP:-0}" == 1 ]]; then echo "verify-backup: kept $scratch_url"; return; fi
  psql -q "$admin_url" -c "DROP DATABASE IF EXISTS $scratch WITH (FORCE)" || true
}
trap cleanup EXIT

started=$SECONDS
pg_restore --no-owner --no-privileges --exit-on-error --dbname="$scratch_url" "$file"
echo "verify-backup: restored $file into $scratch in $((SECONDS - started)) s"

expected=$(node -e 'console.log(require("./drizzle/meta/_journal.json").entries.length)')
applied=$(psql -tA "$scratch_url" -c 'select count(*) from drizzle.__drizzle_migrations')
if [[ "$applied" -lt "$expected" ]]; then
  echo "verify-backup: FAILED: the backup holds $applied migrations, this release has $expected" >&2
  exit 1
fi
echo "verify-backup: migrations $applied (this release: $expected)"

count() { psql -tA "$1" -c "select count(*) from $2" 2>/dev/null || echo '-'; }
printf '%-22s %12s %12s\n' table backup live
for t in users sessions news documents price_observations orders job_runs; do
  printf '%-22s %12s %12s\n' "$t" "$(count "$scratch_url" "$t")" "$(count "$DATABASE_URL" "$t")"
done
echo "verify-backup: ok"
