#!/usr/bin/env bash
# The API suite against a real PostgreSQL: TEST_DATABASE_URL when set, else a
# throwaway cluster started here and removed on exit. Extra arguments go to jest.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -z "${TEST_DATABASE_URL:-}" ]]; then
  pgdir=$(mktemp -d "${TMPDIR:-/tmp}/yoonop-pg.XXXXXX")
  trap 'bash scripts/pg-test-server.sh stop "$pgdir"' EXIT
  trap 'exit 130' INT TERM
  TEST_DATABASE_URL=$(bash scripts/pg-test-server.sh start "$pgdir" "${PG_TEST_PORT:-54329}")
  export TEST_DATABASE_URL
  echo "test-pg: throwaway PostgreSQL at $TEST_DATABASE_URL"
fi

# The files (and options) first: `--selectProjects` takes every word after it as a project name,
# so `--selectProjects api a.test.ts` would run the whole API suite.
NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--experimental-vm-modules" \
  npx jest "$@" --selectProjects api
