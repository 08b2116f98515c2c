#!/usr/bin/env bash
# The API tests whose fixture follows today's date (__tests__/support/market.ts), run with the
# clock set to fixed days by libfaketime (Debian's `faketime`), so a test that passes only by the
# day's luck fails here on every run, not on whichever day it happens to break (docs/testing.md).
#   bash scripts/test-dates.sh [--json --outputFile=FILE]   extra arguments go to jest
# With --outputFile, each day's results are merged into FILE (one jest JSON, suites named by day).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v faketime >/dev/null || { echo "test-dates: needs libfaketime (apt-get install faketime)" >&2; exit 1; }

# The day that broke main (a thinned trend lost its lowest price), a New Year's Day, and a leap
# day late in the evening (UTC).
DAYS=('2026-11-26 12:00:00' '2027-01-01 09:00:00' '2028-02-29 23:30:00')
FILES=(__tests__/api/market-downsample.test.ts __tests__/api/market-access.test.ts __tests__/api/commerce-data-products.test.ts
  __tests__/api/anomaly-levels.test.ts __tests__/api/alerts-rules.test.ts __tests__/api/alerts-delivery.test.ts
  __tests__/api/market-forecast.test.ts __tests__/api/market-briefs.test.ts
  __tests__/api/market-fx.test.ts __tests__/api/data-product-contents.test.ts)

out=''
args=()
for a in "$@"; do
  case $a in
    --outputFile=*) out=${a#--outputFile=} ;;
    *) args+=("$a") ;;
  esac
done

parts=()
rc=0
for day in "${DAYS[@]}"; do
  echo "test-dates: the clock reads $day UTC"
  part=''
  if [[ -n $out ]]; then
    part="$out.${day%% *}"
    parts+=("$part")
  fi
  TZ=UTC faketime "$day" env NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--experimental-vm-modules" \
    npx jest "${FILES[@]}" ${part:+--outputFile="$part"} "${args[@]}" --selectProjects api || rc=1
done
[[ -n $out ]] && node scripts/merge-jest-results.mjs "$out" "${parts[@]}"
exit $rc
