#!/usr/bin/env bash
# Three mock nodes on one PostgreSQL, as plain processes, behind a round-robin balancer on
# 127.0.0.1:${PORT:-4010}. Give the database as MOCK_STORE (postgres://user:password@host:5432/db);
# without one, a throw-away PostgreSQL is started from Debian's binaries in a temporary directory.
# Ctrl-C (or SIGTERM) drains the nodes: requests under way finish, sessions are handed over.
# Run from the repository root after `npm ci`.
set -euo pipefail
PORT="${PORT:-4010}"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  if [ -n "${PGTMP:-}" ]; then
    [ -f "$PGTMP/data/postmaster.pid" ] && kill -INT "$(head -1 "$PGTMP/data/postmaster.pid")" 2>/dev/null || true
    sleep 1
    rm -rf "$PGTMP"
  fi
}
trap cleanup EXIT INT TERM

if [ -z "${MOCK_STORE:-}" ]; then
  BIN="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
  PGTMP="$(mktemp -d)"
  chmod 777 "$PGTMP"
  PGPORT="${PGPORT:-55432}"
  as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
  as_pg "$BIN/initdb" -D "$PGTMP/data" -U postgres --auth=trust >/dev/null
  as_pg "$BIN/postgres" -D "$PGTMP/data" -p "$PGPORT" -c listen_addresses=127.0.0.1 \
    -c unix_socket_directories="$PGTMP" >"$PGTMP/log" 2>&1 &
  until "$BIN/pg_isready" -h 127.0.0.1 -p "$PGPORT" >/dev/null 2>&1; do sleep 0.2; done
  MOCK_STORE="postgres://postgres@127.0.0.1:$PGPORT/postgres"
  echo "PostgreSQL (throw-away): $MOCK_STORE"
fi

for i in 1 2 3; do
  MOCK_NO_DOCS=1 npx tsx scripts/start-mock.ts --store "$MOCK_STORE" --node-id "node$i" \
    --port $((PORT + i)) >"/tmp/team-mock-node$i.log" 2>&1 &
  pids+=($!)
done
for i in 1 2 3; do
  until curl -sf "http://127.0.0.1:$((PORT + i))/readyz" >/dev/null; do sleep 0.2; done
done
npx tsx scripts/team-mock-balancer.ts "$PORT" \
  "http://127.0.0.1:$((PORT + 1))" "http://127.0.0.1:$((PORT + 2))" "http://127.0.0.1:$((PORT + 3))" &
pids+=($!)
until curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null; do sleep 0.2; done
echo "Three nodes ready behind http://127.0.0.1:$PORT (node logs in /tmp/team-mock-node*.log)"
if [ "${1:-}" = "--check" ]; then
  # One session, written through the balancer, read from every node directly.
  curl -sf -X POST -H 'X-Mock-Session: check' -H 'content-type: application/json' \
    -d '{"credits": 7}' "http://127.0.0.1:$PORT/__mock/reset" >/dev/null
  for i in 1 2 3; do
    printf 'node%s sees credits: ' "$i"
    curl -sf -H 'X-Mock-Session: check' "http://127.0.0.1:$((PORT + i))/__mock/state" |
      node -e 'let t="";process.stdin.on("data",d=>t+=d).on("end",()=>console.log(JSON.parse(t).data.credits))'
  done
  exit 0
fi
wait
