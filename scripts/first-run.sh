#!/usr/bin/env bash
# Measures the first run as a new user meets it: a fresh clone, run with
# empty cargo, npm and Chorely caches (nothing downloaded, nothing built),
# timed from the command to "Chorely is running", step by step. The report
# goes to stdout and, with --record, to bench/first-run.md (dated, with the
# commit and the machine's cores).
#
#   scripts/first-run.sh            measure
#   scripts/first-run.sh --record   measure and add the result to bench/first-run.md
#
# Uses its own ports (HTTP 18580, gRPC 21550+) and databases (chorely_first_*),
# and removes its caches afterwards; PostgreSQL and NATS are the machine's.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

record=false
case "${1:-}" in
  --record) record=true ;;
  "") ;;
  *) fail "usage: $0 [--record]" ;;
esac

work=$(mktemp -d /tmp/chorely-first-run.XXXXXX)
run_pid=""
cleanup() {
  if [ -n "$run_pid" ]; then
    # run.sh stops its stack on TERM; only what this script started is ended.
    kill -TERM "$run_pid" 2>/dev/null || true
    wait "$run_pid" 2>/dev/null || true
  fi
  # The S3 store and mail server run.sh started from this run's cache (their
  # command lines name it): this script's own, and only those.
  local pid
  for pid in $(pgrep -f "$work/chorely-cache" || true); do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

step "Cloning $(git rev-parse --short HEAD) into $work/chorely"
git clone --quiet "$ROOT" "$work/chorely"
commit=$(git -C "$work/chorely" rev-parse --short HEAD)
drop_databases chorely_first

step "Running scripts/run.sh with empty caches (output in $work/run.log)"
log="$work/run.log"
(
  cd "$work/chorely"
  # A new machine: nothing in cargo's registry, npm's cache or Chorely's.
  # The toolchain itself (rustup's) is the machine's, as on a new machine.
  unset CARGO_TARGET_DIR
  export CARGO_HOME="$work/cargo-home" CHORELY_CACHE="$work/chorely-cache"
  export npm_config_cache="$work/npm-cache"
  export HTTP_PORT=18580 PORT_BASE=21550 DB_PREFIX=chorely_first
  export S3_ENDPOINT=http://127.0.0.1:29500 SMTP_PORT=21525
  mkdir -p "$CARGO_HOME"
  exec scripts/run.sh
) >"$log" 2>&1 &
run_pid=$!
started=$SECONDS
until grep -q "Chorely is running" "$log"; do
  if ! kill -0 "$run_pid" 2>/dev/null; then
    tail -30 "$log" >&2
    fail "scripts/run.sh stopped before the app ran (log above)"
  fi
  sleep 1
done
total=$((SECONDS - started))
curl -fs -o /dev/null "http://127.0.0.1:18580/api/health" || fail "the app said it runs, but /api/health does not answer"

# Each step's start, read off run.sh's own step lines ("==> what (m:ss)").
steps=$(sed -n 's/^.*==>.\{0,8\} \(.*\) .\{0,8\}(\([0-9]*\):\([0-9]*\)).*$/\2 \3 \1/p' "$log" |
  awk -v total="$total" '
    { start[NR] = $1 * 60 + $2; $1 = ""; $2 = ""; sub(/^  /, ""); name[NR] = $0 }
    END { for (i = 1; i <= NR; i++) { end = (i < NR) ? start[i + 1] : total;
            printf "| %s | %d min %02d s |\n", name[i], (end - start[i]) / 60, (end - start[i]) % 60 } }')
report=$(cat <<MD

### $(date -u +%Y-%m-%d): $(minutes "$total") from nothing (commit \`$commit\`, $(nproc) cores)

\`scripts/first-run.sh\`: a fresh clone, empty \`CARGO_HOME\`, npm cache and \`CHORELY_CACHE\`,
\`scripts/run.sh\` until "Chorely is running".

| Step | Took |
| --- | --- |
$steps
MD
)
echo "$report"
if $record; then
  echo "$report" >>"$ROOT/bench/first-run.md"
  step "Added to bench/first-run.md"
fi
