#!/usr/bin/env bash
# The fault suite: Chorely under steady mixed load while its dependencies and
# its own processes fail, one after another. It starts everything it breaks
# itself (never the machine's shared PostgreSQL, NATS or S3 store): a
# PostgreSQL cluster of its own (port FAULTS_PG_PORT, default 25432), a NATS
# server with JetStream on disk (FAULTS_NATS_PORT, 24222), an S3 store (tools/s3-store)
# (FAULTS_S3_PORT, 29000), all under FAULTS_DIR (default .local/faults, wiped
# each run), and a stack of the PROFILE build (default dev) with gRPC on
# FAULTS_PORT_BASE+1..5 (default 21351-5) and HTTP on FAULTS_HTTP_PORT (18380). `chorely-bench faults` drives the load and judges it; meanwhile
# this script, with FAULT_GAP seconds (default 7) of normal load between
# faults, restarts PostgreSQL (down FAULT_DOWN seconds, default 3), restarts
# NATS (SIGKILL, down FAULT_DOWN seconds), stops the S3 store for 10 s, hangs
# it for 10 s (SIGSTOP: it takes connections and never answers), and kills
# each of auth, family, chores, rewards, platform and the gateway with
# SIGKILL and starts it again. FAULTS (e.g. "postgres gateway") runs a subset.
#
# It fails when a request took over 5 s, was answered with a 500 or any 5xx
# other than a JSON 503/504, or failed outside a fault and the 5 s after its
# dependency came back; or when the ledger audit, once the outboxes drain,
# finds an approved submission not credited exactly once at its amount. The
# summary is printed and written as Markdown to FAULTS_OUT (default
# .local/faults/last.md). About 2 minutes after the build.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

FAULTS_DIR=${FAULTS_DIR:-$LOCAL/faults}
FAULTS_OUT=${FAULTS_OUT:-$FAULTS_DIR/last.md}
FAULTS=${FAULTS:-postgres nats s3 s3-hung auth family chores rewards platform gateway}
FAULT_GAP=${FAULT_GAP:-7}
FAULT_DOWN=${FAULT_DOWN:-3}
S3_DOWN=10
PG_PORT=${FAULTS_PG_PORT:-25432}
NATS_PORT=${FAULTS_NATS_PORT:-24222}
S3_PORT=${FAULTS_S3_PORT:-29000}

# The stack's environment, read by start_stack and start_process.
export PORT_BASE=${FAULTS_PORT_BASE:-21350} HTTP_PORT=${FAULTS_HTTP_PORT:-18380}
export DB_PREFIX=chorely_faults
export LOG_DIR="$FAULTS_DIR/logs"
export PG_ADDR="127.0.0.1:$PG_PORT"
export NATS_URL="nats://127.0.0.1:$NATS_PORT"
export S3_ENDPOINT="http://127.0.0.1:$S3_PORT"
RUN="$FAULTS_DIR/run"
TIMELINE="$RUN/timeline"

PG_BIN="/usr/lib/postgresql/$(ls /usr/lib/postgresql | sort -V | tail -1)/bin"
PG_DIR="$FAULTS_DIR/pg"
# initdb and the server refuse to run as root.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
suite_pg_ctl() {
  as_postgres "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/postgres.log" "$@" >/dev/null
}
start_postgres() {
  suite_pg_ctl -w -t 30 \
    -o "-p $PG_PORT -k $PG_DIR/socket -c listen_addresses=127.0.0.1" start
}
stop_postgres() { suite_pg_ctl -w -m fast stop; }

NATS_PID=
start_nats() {
  nats-server -a 127.0.0.1 -p "$NATS_PORT" -js -sd "$FAULTS_DIR/nats" \
    >>"$LOG_DIR/nats.log" 2>&1 &
  NATS_PID=$!
  wait_for "port_open 127.0.0.1 $NATS_PORT" 30 "NATS on port $NATS_PORT"
}

S3_PID=
start_s3() {
  # The store resolves paths against its working folder: start it from its own.
  (cd "$FAULTS_DIR/s3" && exec "$S3_STORE_BIN" --host 127.0.0.1 --port "$S3_PORT" \
    --access-key "$S3_ACCESS_KEY_ID" --secret-key "$S3_SECRET_ACCESS_KEY" \
    "$FAULTS_DIR/s3" >>"$LOG_DIR/s3.log" 2>&1) &
  S3_PID=$!
  wait_for "port_open 127.0.0.1 $S3_PORT" 30 "the S3 store on port $S3_PORT"
}

# Kills pid $1 with signal $2 and reaps it (every pid here is this shell's child).
kill_and_reap() {
  kill "-$2" "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
}

# The stack's processes by name; a restarted one replaces its entry.
declare -A PIDS=()
LOAD_PID=
cleanup() {
  local status=$?
  if [ -n "$LOAD_PID" ]; then kill_and_reap "$LOAD_PID" TERM; fi
  local pid
  # STACK_PIDS too: a stack that failed to start is not in PIDS yet.
  for pid in "${PIDS[@]}" "${STACK_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}" "${STACK_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ -n "$S3_PID" ]; then
    # A store left hung by an interrupted fault takes no signal until woken.
    kill -CONT "$S3_PID" 2>/dev/null || true
    kill_and_reap "$S3_PID" TERM
  fi
  if [ -n "$NATS_PID" ]; then kill_and_reap "$NATS_PID" TERM; fi
  if [ -s "$PG_DIR/data/postmaster.pid" ]; then stop_postgres || true; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

for fault in $FAULTS; do
  case $fault in
    postgres | nats | s3 | s3-hung | auth | family | chores | rewards | platform | gateway) ;;
    *) fail "no fault is called $fault (FAULTS may hold: postgres nats s3 s3-hung ${SERVICES[*]} gateway)" ;;
  esac
done

# A cluster an interrupted run left running in the suite's own folder.
if [ -s "$PG_DIR/data/postmaster.pid" ]; then stop_postgres || true; fi
for port in "$PG_PORT" "$NATS_PORT" "$S3_PORT"; do
  if port_open 127.0.0.1 "$port"; then
    fail "port $port is already in use (is the fault suite already running?)"
  fi
done

ensure_keys
# The S3 store is one of the binaries built here.
build_services

step "Starting the suite's own PostgreSQL ($PG_ADDR), NATS ($NATS_URL) and S3 store ($S3_ENDPOINT) in $FAULTS_DIR"
# Every run starts from empty dependencies.
rm -rf "$PG_DIR" "$FAULTS_DIR/nats" "$FAULTS_DIR/s3" "$LOG_DIR" "$RUN"
mkdir -p "$PG_DIR/socket" "$FAULTS_DIR/nats" "$FAULTS_DIR/s3" "$LOG_DIR" "$RUN"
if [ "$(id -u)" = 0 ]; then chown -R postgres: "$PG_DIR"; fi
as_postgres "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres -A trust --no-sync >/dev/null
start_postgres
start_nats
start_s3

step "Starting a $PROFILE stack on http://127.0.0.1:$HTTP_PORT (logs in $LOG_DIR)"
start_stack
names=("${SERVICES[@]}" gateway)
for i in "${!names[@]}"; do PIDS[${names[$i]}]=${STACK_PIDS[$i]}; done

pg_url() { echo "postgres://postgres@$PG_ADDR/${DB_PREFIX}_$1"; }
"$BIN/chorely-bench" faults \
  --url "http://127.0.0.1:$HTTP_PORT" \
  --timeline "$TIMELINE" --ready "$RUN/ready" --stop "$RUN/stop" \
  --chores-db "$(pg_url chores)" --rewards-db "$(pg_url rewards)" \
  --outbox-db "$(pg_url auth)" --outbox-db "$(pg_url family)" \
  --outbox-db "$(pg_url chores)" --outbox-db "$(pg_url rewards)" \
  --outbox-db "$(pg_url platform)" \
  --requests "$RUN/requests.csv" --profile "$PROFILE" --out "$FAULTS_OUT" &
LOAD_PID=$!
wait_for "[ -e '$RUN/ready' ] || ! kill -0 $LOAD_PID 2>/dev/null" 120 "the load"
[ -e "$RUN/ready" ] || fail "the load generator stopped before the load was steady"

# Appends "<unix time> <fault> start|back" to the timeline the judge reads.
mark() { printf '%s %s %s\n' "$(date +%s.%N)" "$1" "$2" >>"$TIMELINE"; }

# Breaks $1 and brings it back; returns once it is back (the "back" mark).
inject() {
  local fault=$1
  mark "$fault" start
  case $fault in
    postgres)
      stop_postgres
      sleep "$FAULT_DOWN"
      start_postgres
      ;;
    nats)
      kill_and_reap "$NATS_PID" KILL
      sleep "$FAULT_DOWN"
      start_nats
      ;;
    s3)
      kill_and_reap "$S3_PID" TERM
      sleep "$S3_DOWN"
      start_s3
      ;;
    s3-hung)
      kill -STOP "$S3_PID"
      sleep "$S3_DOWN"
      kill -CONT "$S3_PID"
      ;;
    auth | family | chores | rewards | platform | gateway)
      kill_and_reap "${PIDS[$fault]}" KILL
      start_process "$fault"
      PIDS[$fault]=$STARTED_PID
      ;;
  esac
  # Back: a dependency answers again, or a killed process was started again
  # (so its start-up counts against the recovery bound).
  mark "$fault" back
}

for fault in $FAULTS; do
  sleep "$FAULT_GAP"
  kill -0 "$LOAD_PID" 2>/dev/null || fail "the load generator stopped early"
  step "Fault: $fault"
  inject "$fault"
done
sleep "$FAULT_GAP"
touch "$RUN/stop"
status=0
wait "$LOAD_PID" || status=$?
LOAD_PID=
if [ "$status" -ne 0 ]; then fail "the fault suite failed (logs in $LOG_DIR; summary in $FAULTS_OUT)"; fi
step "The fault suite passed: $FAULTS_OUT"
