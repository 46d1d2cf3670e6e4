#!/usr/bin/env bash
# Measures Chorely against its performance targets and writes
# docs/performance.md. Seeds FAMILIES families (default 100,000) into the
# chorely_bench_* databases and SMALL_FAMILIES (default 1,000) into
# chorely_bench_small_* (a seed of the same size is reused on later runs; one
# of another size, or one an older seeder wrote, is replaced),
# builds the PROFILE profile (default release), starts a stack on each seed,
# soaks the large one (SOAK_MINUTES of mixed load at half its capacity,
# default 10; 0 skips it), and runs every scenario of `chorely-bench run`
# against them. Then it builds RUN_PROFILE (default serve, the run command's;
# empty skips it), and measures a stack of it on the large seed against the
# release figures.
set -euo pipefail
export PROFILE=${PROFILE:-release}
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

FAMILIES=${FAMILIES:-100000}
SMALL_FAMILIES=${SMALL_FAMILIES:-1000}
SECONDS_PER_RUN=${SECONDS_PER_RUN:-10}
SOAK_MINUTES=${SOAK_MINUTES:-10}
RUN_PROFILE=${RUN_PROFILE-serve}
OUT=${OUT:-docs/performance.md}
LARGE=chorely_bench SMALL=chorely_bench_small

ensure_postgres
ensure_nats
ensure_smtp
ensure_keys
build_services
# After the build: the S3 store is one of its binaries.
ensure_s3

# The fault suite first: it starts and breaks its own dependencies.
step "Running the fault suite on the $PROFILE build"
FAULTS_REPORT="$LOCAL/bench/faults.md"
mkdir -p "$LOCAL/bench"
faults_met=true
FAULTS_OUT="$FAULTS_REPORT" scripts/faults.sh || faults_met=false

step "Seeding $FAMILIES families into ${LARGE}_* (kept for later runs)"
"$BIN/chorely-bench" seed --replace --prefix "$LARGE" --families "$FAMILIES"
step "Seeding $SMALL_FAMILIES families into ${SMALL}_*"
"$BIN/chorely-bench" seed --replace --prefix "$SMALL" --families "$SMALL_FAMILIES"

# One super admin per run, on both seeds, with a password only this run knows.
admin_email="bench-admin-$(date +%s)@chorely.local"
BENCH_ADMIN_PASSWORD=$(openssl rand -hex 16)
export BENCH_ADMIN_PASSWORD
for prefix in "$LARGE" "$SMALL"; do
  DATABASE_URL="postgres://postgres@127.0.0.1:5432/${prefix}_auth" SUPER_ADMIN_PASSWORD="$BENCH_ADMIN_PASSWORD" \
    "$BIN/auth" create-super-admin --email "$admin_email" >/dev/null
done

# The console is measured with a password-only sign-in (the operator setting
# that lifts two-factor sign-in for super admins).
export SUPER_ADMIN_MFA_REQUIRED=false

ALL_PIDS=()
trap 'STACK_PIDS=("${ALL_PIDS[@]}"); stop_stack' EXIT
# Starts a stack on seed $1 (ports from $2, HTTP on $3); its pids as name=pid,…
start_bench_stack() {
  local prefix=$1 base=$2 http=$3
  step "Starting a $PROFILE stack on $prefix (http://127.0.0.1:$http)"
  STACK_PIDS=()
  NATS_PREFIX="$prefix" NATS_STREAM="${prefix^^}" LOG_DIR="$LOCAL/logs/$prefix" \
    PORT_BASE=$base HTTP_PORT=$http DB_PREFIX=$prefix start_stack
  ALL_PIDS+=("${STACK_PIDS[@]}")
  local names=("${SERVICES[@]}" gateway) pids=() i
  for i in "${!names[@]}"; do pids+=("${names[$i]}=${STACK_PIDS[$i]}"); done
  STACK_SPEC=$(IFS=,; echo "${pids[*]}")
  wait_until_settled "the $prefix stack started"
}

# Waits (at most $2 seconds) until the auth database $1 has no mail due
# that is not sent yet; after that the run goes on, and says so.
wait_for_mail_sent() {
  local db=$1 seconds=$2 due started=$SECONDS
  step "Waiting for the mail the soak queued to be sent"
  while :; do
    due=$(psql -h 127.0.0.1 -U postgres -d "$db" -Atc \
      "SELECT count(*) FROM mail_queue WHERE outcome IS NULL AND next_attempt_at <= now()")
    [ "$due" = 0 ] && break
    if ((SECONDS - started >= seconds)); then
      step "Still $due mails to send after ${seconds}s: measuring anyway"
      break
    fi
    sleep 1
  done
  step "Mail sent in $((SECONDS - started))s"
}

# Waits until the whole machine is quiet (the stacks, PostgreSQL, NATS and
# anything else): see `chorely-bench settle`. After SETTLE_MAX_SECONDS
# (default 1200) the run goes on, and says so.
wait_until_settled() {
  step "Waiting for the machine to settle ($1)"
  "${bench_bin:-$BIN}/chorely-bench" settle --at-most-secs "${SETTLE_MAX_SECONDS:-1200}"
}
start_bench_stack "$SMALL" 21260 18290
start_bench_stack "$LARGE" 21250 18280
# Each process's memory once started and idle (KiB), before any load.
IDLE_RSS=$(IFS=,; for part in $STACK_SPEC; do
  printf '%s=%s,' "${part%%=*}" "$(awk '/^VmRSS:/ {print $2}' "/proc/${part#*=}/status")"
done)

soak_args=()
if [ "$SOAK_MINUTES" -gt 0 ]; then
  step "Soaking the $LARGE stack: $SOAK_MINUTES min of mixed load at half its capacity"
  soak_met=true
  "$BIN/chorely-bench" soak --url http://127.0.0.1:18280 --pids "$STACK_SPEC" \
    --minutes "$SOAK_MINUTES" --out "$LOCAL/bench/soak.md" || soak_met=false
  soak_args=(--soak-report "$LOCAL/bench/soak.md" --soak-met "$soak_met")
  # A PostgreSQL without autovacuum (a CI machine's, tuned for short-lived
  # test databases) would leave the soak's dead rows and stale statistics in
  # place for good: the outbox, each of whose events the relay marks
  # published, is then read through tens of thousands of dead rows on every
  # event's path (approval to credit measured 42 ms instead of 12). What
  # autovacuum would have done is done once here, and the report says so.
  if [ "$(psql -h 127.0.0.1 -U postgres -Atc 'SHOW autovacuum')" = off ]; then
    step "Vacuuming the soaked databases (this PostgreSQL runs without autovacuum)"
    for svc in "${SERVICES[@]}"; do
      psql -q -h 127.0.0.1 -U postgres -d "${LARGE}_$svc" -c 'VACUUM (ANALYZE)'
    done
    printf '\n%s\n' "This machine's PostgreSQL runs with autovacuum off, so the script vacuumed and analysed the soaked stack's databases after the soak, as autovacuum would have." >>"$LOCAL/bench/soak.md"
  fi
  # Whatever the soak set in motion (the mails, events and webhooks of its
  # submissions and approvals, the vacuuming of what it wrote) ends before
  # anything is timed. Its approvals queue a mail to each child, tens of
  # thousands of them, sent one after another: the queue itself is waited
  # for, as a wait for a quiet machine can give up while they still go out.
  wait_for_mail_sent "${LARGE}_auth" "${MAIL_DRAIN_MAX_SECONDS:-900}"
  wait_until_settled "after the soak"
fi

# A second gateway over the large stack, as the chart runs two: a write
# through one is timed until the other's kept answer shows it.
step "Starting a second gateway over $LARGE (http://127.0.0.1:18281)"
mkdir -p "$LOCAL/logs/$LARGE-second"
NATS_PREFIX="$LARGE" NATS_STREAM="${LARGE^^}" LOG_DIR="$LOCAL/logs/$LARGE-second" \
  PORT_BASE=21250 HTTP_PORT=18281 DB_PREFIX=$LARGE start_process gateway
ALL_PIDS+=("$STARTED_PID")
wait_for "curl -fs -o /dev/null http://127.0.0.1:18281/api/health" 60 "the second gateway"
# And one keeping nothing, to time each kept answer's plain path beside it.
step "Starting a gateway that keeps no answers over $LARGE (http://127.0.0.1:18282)"
mkdir -p "$LOCAL/logs/$LARGE-uncached"
KEEP_ANSWERS=false NATS_PREFIX="$LARGE" NATS_STREAM="${LARGE^^}" LOG_DIR="$LOCAL/logs/$LARGE-uncached" \
  PORT_BASE=21250 HTTP_PORT=18282 DB_PREFIX=$LARGE start_process gateway
ALL_PIDS+=("$STARTED_PID")
wait_for "curl -fs -o /dev/null http://127.0.0.1:18282/api/health" 60 "the gateway keeping nothing"

step "Running the scenarios ($SECONDS_PER_RUN s per loaded run)"
"$BIN/chorely-bench" run \
  --url http://127.0.0.1:18280 --other-url http://127.0.0.1:18281 \
  --uncached-url http://127.0.0.1:18282 --families "$FAMILIES" \
  --small-url http://127.0.0.1:18290 --small-families "$SMALL_FAMILIES" \
  --chores-db "postgres://postgres@127.0.0.1:5432/${LARGE}_chores?sslmode=disable" \
  --public-key "$JWT_PUBLIC_KEY_FILE" --admin-email "$admin_email" \
  --pids "$STACK_SPEC" --idle-rss "$IDLE_RSS" --profile "$PROFILE" --seconds "$SECONDS_PER_RUN" --out "$OUT" \
  --faults-report "$FAULTS_REPORT" --faults-met "$faults_met" "${soak_args[@]}" \
  --compare-out "$LOCAL/bench/$PROFILE.json"

if [ -n "$RUN_PROFILE" ] && [ "$RUN_PROFILE" != "$PROFILE" ]; then
  # The same seed, one stack at a time: stop the release ones first.
  STACK_PIDS=("${ALL_PIDS[@]}"); stop_stack; ALL_PIDS=()
  bench_bin=$BIN release_figures="$LOCAL/bench/$PROFILE.json"
  PROFILE=$RUN_PROFILE BIN="$CARGO_TARGET_DIR/$(profile_dir "$RUN_PROFILE")"
  # Timed when nothing of the profile was built yet: a first run's build,
  # once PostgreSQL is done with what the stacks left (vacuuming, say), so
  # the figure is the build's alone.
  fresh=false; [ -d "$BIN" ] || fresh=true
  if $fresh; then wait_until_settled "before the $RUN_PROFILE build"; fi
  build_started=$SECONDS
  build_services
  if $fresh; then RUN_BUILD_SECONDS=$((SECONDS - build_started)); fi
  start_bench_stack "$LARGE" 21250 18280
  step "Comparing the $PROFILE build with the release figures"
  "$bench_bin/chorely-bench" compare --url http://127.0.0.1:18280 --families "$FAMILIES" \
    --admin-email "$admin_email" --profile "$RUN_PROFILE" --seconds "$SECONDS_PER_RUN" \
    --release "$release_figures" --report "$OUT" ${RUN_BUILD_SECONDS:+--build-seconds "$RUN_BUILD_SECONDS"}
fi
step "Done: $OUT"
