#!/usr/bin/env bash
# `npm test`: every suite, in order, through to the end even when one fails:
#   1. jest unit + server + api on the embedded database (PGlite)
#   2. jest api against a real PostgreSQL (scripts/test-pg.sh)
#   2b. the API suites that follow today's date, on fixed days (scripts/test-dates.sh)
#   3. end-to-end: production build + Playwright in Chromium (scripts/e2e.sh), desktop and mobile
#   4. the layout suite (e2e/layout): every route × width × language on that same build
#   5. the fleet: two instances of that build on a throwaway PostgreSQL behind nginx
#      (scripts/fleet-test.sh)
#   6. the faults: docs/reliability.md's promises, each fault injected into instances of that
#      build on a throwaway PostgreSQL (scripts/fault-test.sh)
# Stages 4 to 6 build only if stage 3 left no fresh build.
# Counts come from each runner's JSON output. The last line is the summary:
#   ci: N passed, N failed[, N skipped]
# CI_EXTRA_FAILED adds checks that failed before this script (lint, typecheck).
set -uo pipefail
cd "$(dirname "$0")/.."

out=test-results
mkdir -p "$out"
export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--experimental-vm-modules"

total_passed=0
total_failed=${CI_EXTRA_FAILED:-0}
total_skipped=0
report=()
failures=()

# stage NAME KIND RESULT_FILE COMMAND...
stage() {
  local name=$1 kind=$2 file=$3
  shift 3
  rm -f "$file"
  echo
  echo "=== $name: $* ==="
  local start=$SECONDS rc=0
  "$@" || rc=$?
  local secs=$((SECONDS - start)) passed failed skipped
  read -r passed failed skipped < <(node scripts/count-results.mjs "$kind" "$file" "$rc")
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
  total_skipped=$((total_skipped + skipped))
  while IFS= read -r line; do failures+=("  $name: $line"); done < <(node scripts/count-results.mjs "$kind" "$file" "$rc" --names)
  report+=("$(printf '%-22s %4d passed, %3d failed, %3d skipped  %5ds  (exit %d)' "$name" "$passed" "$failed" "$skipped" "$secs" "$rc")")
}

stage 'jest (PGlite)' jest "$out/jest-pglite.json" \
  npx jest --selectProjects unit server api --json --outputFile="$out/jest-pglite.json"
stage 'jest api (PostgreSQL)' jest "$out/jest-postgres.json" \
  bash scripts/test-pg.sh --json --outputFile="$out/jest-postgres.json"
stage 'jest dates (PGlite)' jest "$out/jest-dates.json" \
  bash scripts/test-dates.sh --json --outputFile="$out/jest-dates.json"
build_marker=$(mktemp)
# Later stages reuse the build stage 3 made (BUILD_ID newer than the marker) instead of building twice.
built() { [[ "${NEXT_DIST_DIR:-.next}/BUILD_ID" -nt "$build_marker" ]] && echo 1 || echo 0; }
stage 'e2e (Playwright)' playwright "$out/e2e-results.json" \
  env E2E_JSON="$out/e2e-results.json" bash scripts/e2e.sh --project=desktop --project=mobile
layout=(npx playwright test --project=layout)
[[ $(built) -eq 1 ]] || layout=(bash scripts/e2e.sh --project=layout)
stage 'layout (Playwright)' playwright "$out/layout-results.json" \
  env E2E_JSON="$out/layout-results.json" "${layout[@]}"
reuse=$(built)
stage 'fleet (2 instances)' playwright "$out/fleet-results.json" \
  env FLEET_JSON="$out/fleet-results.json" FLEET_REUSE_BUILD=$reuse bash scripts/fleet-test.sh
# The fault suite uses the build the fleet stage used or made.
reuse=$(built)
rm -f "$build_marker"
stage 'faults (injected)' playwright "$out/faults-results.json" \
  env FAULTS_JSON="$out/faults-results.json" FAULTS_REUSE_BUILD=$reuse bash scripts/fault-test.sh

echo
echo '=== summary ==='
printf '%s\n' "${report[@]}"
if [[ ${#failures[@]} -gt 0 ]]; then
  echo 'failed tests:'
  printf '%s\n' "${failures[@]}"
fi
[[ ${CI_EXTRA_FAILED:-0} -gt 0 ]] && echo "checks before the tests (lint/typecheck): ${CI_EXTRA_FAILED} failed"
line="ci: $total_passed passed, $total_failed failed"
[[ $total_skipped -gt 0 ]] && line+=", $total_skipped skipped"
echo "$line"
[[ $total_failed -eq 0 ]]
