# Shared by the run and test scripts: where things live, and making sure the
# local dependencies (PostgreSQL, NATS with JetStream, the S3 store, keys) are up.
# shellcheck shell=bash

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${CHORELY_CACHE:-$HOME/.cache/chorely}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$CACHE/target}"
LOCAL="$ROOT/.local"
# The cargo profile the stack is built with (dev or release, or another
# defined in Cargo.toml); its binaries live in $BIN.
PROFILE="${PROFILE:-dev}"
profile_dir() { if [ "$1" = dev ]; then echo debug; else echo "$1"; fi; }
BIN="$CARGO_TARGET_DIR/$(profile_dir "$PROFILE")"
export S3_ENDPOINT="${S3_ENDPOINT:-http://127.0.0.1:9000}"
export S3_ACCESS_KEY_ID="${S3_ACCESS_KEY_ID:-chorely-local}"
export S3_SECRET_ACCESS_KEY="${S3_SECRET_ACCESS_KEY:-chorely-local-secret}"
export S3_REGION="${S3_REGION:-us-east-1}"
# Outgoing mail: locally a real SMTP server (aiosmtpd, see ensure_smtp) that
# writes each message it receives into a maildir folder under the cache.
AIOSMTPD_VERSION=1.4.6
AIOSMTPD_VENV="$CACHE/aiosmtpd-$AIOSMTPD_VERSION"
export SMTP_PORT="${SMTP_PORT:-1025}"
export SMTP_URL="${SMTP_URL:-smtp://127.0.0.1:$SMTP_PORT}"
export SMTP_MAILDIR="${SMTP_MAILDIR:-$CACHE/mail}"
export MAIL_FROM="${MAIL_FROM:-Chorely <no-reply@chorely.local>}"

# Each step says what it does and when it started (time since the script
# did); the next says how long the last one took, when that was a while. A
# step that fails says so, with what to do (`hint`) when the step gave one.
CURRENT_STEP=""
STEP_STARTED=$SECONDS
STEP_HINT=""
minutes() { printf '%d min %02d s' $(($1 / 60)) $(($1 % 60)); }
finish_step() {
  local took=$((SECONDS - STEP_STARTED))
  if [ -n "$CURRENT_STEP" ] && [ "$took" -ge 10 ]; then
    printf '\033[2m    (took %s)\033[0m\n' "$(minutes "$took")"
  fi
}
step() {
  finish_step
  CURRENT_STEP="$*" STEP_STARTED=$SECONDS STEP_HINT=""
  printf '\033[1;34m==>\033[0m %s \033[2m(%d:%02d)\033[0m\n' "$*" $((SECONDS / 60)) $((SECONDS % 60))
}
hint() { STEP_HINT="$*"; }
step_failed() {
  local rc=$?
  # Once, from the script itself (not from each subshell it ran).
  [ "$BASH_SUBSHELL" -eq 0 ] && [ -n "$CURRENT_STEP" ] || return "$rc"
  printf '\033[1;31mxx\033[0m "%s" failed after %s (exit %d).\n' \
    "$CURRENT_STEP" "$(minutes $((SECONDS - STEP_STARTED)))" "$rc" >&2
  if [ -n "$STEP_HINT" ]; then printf '   %s\n' "$STEP_HINT" >&2; fi
  CURRENT_STEP=""
}
set -o errtrace
trap step_failed ERR
fail() { printf '\033[1;31mxx\033[0m %s\n' "$*" >&2; CURRENT_STEP=""; exit 1; }

# Runs cargo with its progress in view: its own progress bar on a terminal;
# in a log (CI), a line every 25 crates compiled, and every warning and error
# whole.
cargo_progress() {
  if [ -t 2 ]; then
    cargo "$@"
    return
  fi
  cargo "$@" --color never 2>&1 | awk '
    /^ *Compiling / { n++; if (n % 25 == 0) { printf "    %d crates compiled (now %s %s)\n", n, $2, $3; fflush() } next }
    /^ *Downloaded [^ ]+ v/ { d++; if (d % 100 == 0) { printf "    %d crates downloaded\n", d; fflush() } next }
    /^ *(Checking|Fresh|Locking|Adding|Updating|Blocking|Downloading|Building) / { next }
    { print; fflush() }
    END { if (n) printf "    %d crates compiled\n", n }'
  return "${PIPESTATUS[0]}"
}

port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

# Polls until $1 (a command) succeeds or $2 seconds pass.
wait_for() {
  local check=$1 seconds=${2:-60} what=${3:-$1}
  for ((i = 0; i < seconds * 10; i++)); do
    if eval "$check"; then return 0; fi
    sleep 0.1
  done
  fail "$what did not come up within ${seconds}s"
}

ensure_postgres() {
  if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then return; fi
  step "Starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start
  wait_for "pg_isready -q -h 127.0.0.1 -p 5432" 30 PostgreSQL
}

ensure_nats() {
  if port_open 127.0.0.1 4222; then return; fi
  step "Starting NATS with JetStream"
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  wait_for "port_open 127.0.0.1 4222" 30 NATS
}

# The S3 store: tools/s3-store, s3s-fs's file system behind s3s's S3 protocol
# (SigV4 and all) over a local folder, built with the workspace. Deployments
# use MinIO; the code speaks plain S3 to either. One store serves every
# checkout on the machine, so its folder lives in the cache: a folder inside a
# checkout would vanish with it and leave the store failing.
S3_DATA="$CACHE/s3"
S3_STORE_BIN="$BIN/s3-store"
build_s3_store() {
  # Built with the services when they come first (run.sh): the shared HTTP
  # stack compiles once. Built alone only when something needs it sooner.
  if [ ! -x "$S3_STORE_BIN" ]; then
    step "Building the S3 store (tools/s3-store, $PROFILE profile)"
    hint "The error above is cargo's: 'cargo build --profile $PROFILE -p s3-store' repeats it."
    (cd "$ROOT" && cargo_progress build --profile "$PROFILE" -p s3-store)
  fi
}

ensure_s3() {
  build_s3_store
  local host=${S3_ENDPOINT#http://}; host=${host%%/*}
  local pid root
  # Only the store on this endpoint's port: others (the fault suite's own)
  # serve other folders on purpose.
  for pid in $(pgrep -f -x "$S3_STORE_BIN .* --port ${host#*:} .*" || true); do
    root=$(tr '\0' '\n' <"/proc/$pid/cmdline" | tail -1)
    # A store whose working folder was deleted (it was started from a
    # checkout since removed) fails requests too: paths resolve against it.
    if [ "$root" != "$S3_DATA" ] || [ ! -d "$root" ] ||
      [[ "$(readlink "/proc/$pid/cwd")" == *" (deleted)" ]]; then
      step "Restarting the S3 store (it served $root)"
      kill "$pid"
      wait_for "! port_open ${host%:*} ${host#*:}" 10 "the old S3 store stopping"
    fi
  done
  if port_open "${host%:*}" "${host#*:}"; then return; fi
  step "Starting the S3 store on $S3_ENDPOINT (files in $S3_DATA)"
  mkdir -p "$S3_DATA" "$CACHE/logs"
  (cd "$S3_DATA" && nohup "$S3_STORE_BIN" --host "${host%:*}" --port "${host#*:}" \
    --access-key "$S3_ACCESS_KEY_ID" --secret-key "$S3_SECRET_ACCESS_KEY" \
    "$S3_DATA" >"$CACHE/logs/s3.log" 2>&1 &)
  wait_for "port_open ${host%:*} ${host#*:}" 30 "S3 store"
}

# The local SMTP server: aiosmtpd from PyPI (in a virtualenv in the cache,
# installed once per machine) on 127.0.0.1:$SMTP_PORT, writing every message
# it receives into the maildir $SMTP_MAILDIR (new/ holds one file per
# message). One server serves every checkout and stack on the machine: a
# server already listening on the port is reused. Nothing is started when
# SMTP_URL points elsewhere (a relay of the operator's own).
ensure_smtp() {
  case "$SMTP_URL" in
    "smtp://127.0.0.1:$SMTP_PORT" | "smtp://localhost:$SMTP_PORT") ;;
    *) return 0 ;;
  esac
  if port_open 127.0.0.1 "$SMTP_PORT"; then return; fi
  if [ ! -x "$AIOSMTPD_VENV/bin/aiosmtpd" ]; then
    step "Installing the local SMTP server (aiosmtpd $AIOSMTPD_VERSION, once per machine)"
    rm -rf "$AIOSMTPD_VENV"
    python3 -m venv "$AIOSMTPD_VENV"
    "$AIOSMTPD_VENV/bin/pip" install --quiet --disable-pip-version-check "aiosmtpd==$AIOSMTPD_VERSION"
  fi
  step "Starting the SMTP server on 127.0.0.1:$SMTP_PORT (mail in $SMTP_MAILDIR/new)"
  mkdir -p "$SMTP_MAILDIR"/{new,cur,tmp} "$CACHE/logs"
  (cd "$CACHE" && nohup "$AIOSMTPD_VENV/bin/aiosmtpd" -n -l "127.0.0.1:$SMTP_PORT" \
    -c aiosmtpd.handlers.Mailbox "$SMTP_MAILDIR" >"$CACHE/logs/smtp.log" 2>&1 &)
  wait_for "port_open 127.0.0.1 $SMTP_PORT" 30 "SMTP server"
}

# The Ed25519 key pair that signs and verifies access tokens.
ensure_keys() {
  mkdir -p "$LOCAL/keys"
  if [ ! -s "$LOCAL/keys/jwt-private.pem" ]; then
    step "Generating the token signing key"
    (umask 077 && openssl genpkey -algorithm ed25519 -out "$LOCAL/keys/jwt-private.pem")
    openssl pkey -in "$LOCAL/keys/jwt-private.pem" -pubout -out "$LOCAL/keys/jwt-public.pem"
  fi
  export JWT_PRIVATE_KEY_FILE="$LOCAL/keys/jwt-private.pem"
  export JWT_PUBLIC_KEY_FILE="$LOCAL/keys/jwt-public.pem"
}

ensure_web_deps() {
  if [ ! -d "$ROOT/web/node_modules" ] || [ "$ROOT/web/package-lock.json" -nt "$ROOT/web/node_modules/.package-lock.json" ]; then
    step "Installing web dependencies"
    hint "npm needs the registry: check the network, then run the command again."
    (cd "$ROOT/web" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}

build_web() {
  ensure_web_deps
  step "Building the web app"
  hint "The error above is vite's or TypeScript's: 'cd web && npm run build' repeats it."
  (cd "$ROOT/web" && npm run --silent build)
}

# Runs "$@" (a command or a function, in a subshell) while the script goes
# on, its output in the log $1; BESIDE_PID is its pid, for finish_beside.
start_beside() {
  local log=$1
  shift
  mkdir -p "$(dirname "$log")"
  ("$@") >"$log" 2>&1 &
  BESIDE_PID=$!
}

# Waits for the pid $1 start_beside gave; if it failed, shows its log $2 and
# fails with the message $3.
finish_beside() {
  if ! wait "$1"; then
    cat "$2" >&2
    fail "$3"
  fi
}

# Every binary of the workspace; arguments go to cargo (run.sh leaves out the
# benchmark, which depends on every service and so is built last of all).
build_services() {
  step "Building the services (cargo, $PROFILE profile, cache in $CARGO_TARGET_DIR)"
  hint "The error above is cargo's: 'cargo build --profile $PROFILE' repeats it; a crate that failed to download needs the network, then run the command again."
  (cd "$ROOT" && cargo_progress build --profile "$PROFILE" --workspace --bins "$@")
}

SERVICES=(auth family chores rewards platform)
STACK_PIDS=()

# Starts the five services and the gateway. Ports come from PORT_BASE (gRPC
# PORT_BASE+1..5) and HTTP_PORT; databases are named DB_PREFIX_<service> on
# the PostgreSQL at PG_ADDR (host:port); NATS is NATS_URL; logs go to LOG_DIR.
start_stack() {
  local base=${PORT_BASE:-50050} http=${HTTP_PORT:-8080}
  local logs=${LOG_DIR:-$LOCAL/logs} name
  mkdir -p "$logs"
  ensure_smtp
  for port in "$http" $(seq $((base + 1)) $((base + 5))); do
    if port_open 127.0.0.1 "$port"; then
      fail "port $port is already in use (is Chorely already running?)"
    fi
  done
  for name in "${SERVICES[@]}" gateway; do
    : >"$logs/$name.log"
    start_process "$name"
    STACK_PIDS+=("$STARTED_PID")
  done
  wait_for "stack_alive && curl -fs -o /dev/null http://127.0.0.1:$http/api/health" 90 \
    "the stack (logs in $logs)"
}

# Starts one process of the stack in the background: $1 is a service of
# SERVICES or gateway, with the environment start_stack gives it (the same
# variables), its output appended to its log (a restarted process keeps its
# predecessor's). Its pid is left in STARTED_PID.
start_process() {
  local name=$1 base=${PORT_BASE:-50050} http=${HTTP_PORT:-8080} prefix=${DB_PREFIX:-chorely}
  local logs=${LOG_DIR:-$LOCAL/logs} pg=${PG_ADDR:-127.0.0.1:5432}
  local nats=${NATS_URL:-nats://127.0.0.1:4222}
  # A NATS with one user per process (deploy/compose/nats-users.conf): each
  # logs in as itself when NATS_<NAME>_PASSWORD is set; the machine's NATS
  # has no users, and then none is given.
  local password_var="NATS_${name^^}_PASSWORD"
  local login=()
  if [ -n "${!password_var:-}" ]; then
    login=(NATS_USER="$name" NATS_PASSWORD="${!password_var}")
  fi
  # Every process knows where every service listens; large allocations go
  # back to the system when freed (as in the image: see the Dockerfile).
  local urls=("MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD_:-1048576}") i=1 svc port=
  for svc in "${SERVICES[@]}"; do
    urls+=("${svc^^}_URL=http://127.0.0.1:$((base + i))")
    if [ "$svc" = "$name" ]; then port=$((base + i)); fi
    i=$((i + 1))
  done
  # PostgreSQL is on this machine (PG_ADDR is a loopback address): TLS there
  # protects nothing and costs every statement its encryption at both ends.
  if [ "$name" = gateway ]; then
    env "${urls[@]}" "${login[@]}" NATS_URL="$nats" \
      HTTP_ADDR="127.0.0.1:$http" \
      PUBLIC_URL="${PUBLIC_URL:-http://127.0.0.1:$http}" \
      WEB_DIST="$ROOT/web/dist" \
      "$BIN/gateway" >>"$logs/gateway.log" 2>&1 &
  else
    [ -n "$port" ] || fail "no process of the stack is called $name"
    env "${urls[@]}" "${login[@]}" NATS_URL="$nats" \
      GRPC_ADDR="127.0.0.1:$port" \
      DATABASE_URL="postgres://postgres@$pg/${prefix}_$name?sslmode=disable" \
      OTEL_SERVICE_NAME="$name" \
      SMTP_URL="$SMTP_URL" MAIL_FROM="$MAIL_FROM" \
      PUBLIC_URL="${PUBLIC_URL:-http://127.0.0.1:$http}" \
      "$BIN/$name" >>"$logs/$name.log" 2>&1 &
  fi
  STARTED_PID=$!
}

# True while every process of the stack runs; a crash fails the wait at once.
stack_alive() {
  local pid
  for pid in "${STACK_PIDS[@]}"; do
    kill -0 "$pid" 2>/dev/null || fail "a service exited at start-up; see $LOCAL/logs"
  done
}

stop_stack() {
  [ ${#STACK_PIDS[@]} -gt 0 ] || return 0
  kill -TERM "${STACK_PIDS[@]}" 2>/dev/null || true
  wait "${STACK_PIDS[@]}" 2>/dev/null || true
  STACK_PIDS=()
}

# Debian's Chromium, driven by playwright-core in the browser tests.
ensure_chromium() {
  if command -v chromium >/dev/null; then return; fi
  step "Installing Chromium for the browser tests"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
}

# What the Rust tests talk to, and the runner they run in (test.sh, quick-test.sh).
ensure_test_services() {
  ensure_postgres
  ensure_nats
  ensure_s3
  ensure_smtp
  ensure_keys
  ensure_nextest
}

# Two tests a core: a test mostly waits on its stack (its databases, NATS,
# the mail it expects), and at one a core the Rust tests kept a 2-core
# machine 48 % busy; at two, 88 %, and the stage took 493 s instead of
# 645 s. The latency test still runs alone (.config/nextest.toml).
export NEXTEST_TEST_THREADS="${NEXTEST_TEST_THREADS:-$(($(nproc) * 2))}"
ensure_nextest() {
  if command -v cargo-nextest >/dev/null; then return; fi
  step "Installing cargo-nextest"
  cargo install cargo-nextest --locked --quiet
}

# Drops the databases named <prefix>_<service>, for a clean end-to-end run.
drop_databases() {
  local prefix=$1
  for svc in "${SERVICES[@]}"; do
    PGOPTIONS="-c client_min_messages=warning" psql -q -h 127.0.0.1 -U postgres -d postgres -c "DROP DATABASE IF EXISTS ${prefix}_$svc WITH (FORCE)" >/dev/null
  done
}

# Creates a platform super admin once per database prefix: the password
# (SUPER_ADMIN_PASSWORD, or generated) is kept in $LOCAL/super-admin-<prefix>
# (readable by this user only) so later runs can say how to log in.
ensure_super_admin() {
  local prefix=${DB_PREFIX:-chorely} email=${SUPER_ADMIN_EMAIL:-admin@chorely.local}
  local file="$LOCAL/super-admin-$prefix"
  [[ -s "$file" ]] && return 0
  step "Creating the platform super admin $email"
  local output
  output=$(DATABASE_URL="postgres://postgres@127.0.0.1:5432/${prefix}_auth" \
    SUPER_ADMIN_PASSWORD="${SUPER_ADMIN_PASSWORD:-}" \
    "$BIN/auth" create-super-admin --email "$email") || fail "could not create the super admin: $output"
  local password=${SUPER_ADMIN_PASSWORD:-$(sed -n 's/^Password: //p' <<<"$output")}
  (umask 077 && printf '%s\n%s\n' "$email" "$password" >"$file")
}

# The super admin's email and password, one per line.
super_admin_login() {
  cat "$LOCAL/super-admin-${DB_PREFIX:-chorely}"
}
