#!/usr/bin/env bash
# deploy/backup.sh [DIR]: a backup of the database at DATABASE_URL (every table, the migrations
# record included) as one pg_dump custom-format file in DIR (default ./backups), named by the UTC
# time; prints its path. Safe while the instances serve: pg_dump reads one consistent snapshot.
# Restore it (and check it) with deploy/verify-backup.sh; docs/deployment.md "Backups".
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"
dir=${1:-backups}
mkdir -p "$dir"
file="$dir/portal-$(date -u +%Y%m%dT%H%M%SZ).dump"
# Written under another name first: a file with the final name is always a whole backup.
pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$file.partial" "$DATABASE_URL"
mv "$file.partial" "$file"
echo "$file"
