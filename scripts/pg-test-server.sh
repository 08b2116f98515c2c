#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests: trust auth, 127.0.0.1 only, no fsync.
#   pg-test-server.sh start DIR [PORT]   initdb into DIR, start, print the URL
#   pg-test-server.sh stop DIR           stop it and remove DIR
#   pg-test-server.sh halt DIR           stop it (fast: sessions are cut), keeping its data
#   pg-test-server.sh resume DIR         start a halted one again, on the same port
# initdb refuses to run as root, so as root the cluster runs as the `postgres`
# user (the Debian package creates it); otherwise as the calling user.
set -euo pipefail

bindir() {
  if [[ -n "${PG_BIN:-}" ]]; then echo "$PG_BIN"; return; fi
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [[ -z "$d" ]] && command -v pg_config >/dev/null; then d=$(pg_config --bindir); fi
  if [[ -z "$d" || ! -x "$d/initdb" ]]; then
    echo "pg-test-server: PostgreSQL binaries not found (apt-get install -y postgresql, or set PG_BIN)" >&2
    exit 1
  fi
  echo "$d"
}

as_owner() {
  if [[ $(id -u) -eq 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

cmd=${1:-}; dir=${2:-}
[[ -n "$cmd" && -n "$dir" ]] || { echo "usage: $0 start|stop|halt|resume DIR [PORT]" >&2; exit 2; }

case "$cmd" in
  start)
    bin=$(bindir)
    port=${3:-54329}
    for _ in $(seq 1 20); do port_free "$port" && break; port=$((port + 1)); done
    port_free "$port" || { echo "pg-test-server: no free port near ${3:-54329}" >&2; exit 1; }
    mkdir -p "$dir"
    [[ $(id -u) -eq 0 ]] && chown postgres: "$dir"
    as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
      || { cat "$dir/initdb.log" >&2; exit 1; }
    # Durability is pointless for a cluster deleted after the run; speed is not.
    echo "-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >"$dir/options"
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start -o "$(cat "$dir/options")" >/dev/null \
      || { cat "$dir/server.log" >&2; exit 1; }
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  halt)
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m fast -w -t 60 stop >/dev/null
    ;;
  resume)
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start -o "$(cat "$dir/options")" >/dev/null \
      || { tail -n 20 "$dir/server.log" >&2; exit 1; }
    ;;
  stop)
    if [[ -f "$dir/data/postmaster.pid" ]]; then
      as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *) echo "usage: $0 start|stop|halt|resume DIR [PORT]" >&2; exit 2 ;;
esac
