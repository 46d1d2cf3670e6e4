#!/usr/bin/env bash
# Runs every check and test: the deployment files (Helm chart and compose,
# offline), formatting, lints, Rust unit and integration tests against real
# PostgreSQL, NATS and S3, web lint/type check/unit tests, and the browser
# end-to-end tests and the API contract test (schemathesis) against the whole stack.
#
#   scripts/test.sh          everything, as CI runs it
#   scripts/test.sh --quick  while working (scripts/quick-test.sh)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
case "${1:-}" in
  --quick) shift; exec "$ROOT/scripts/quick-test.sh" "$@" ;;
  "") ;;
  *) fail "usage: $0 [--quick [base]]" ;;
esac
started=$SECONDS

step "Validating the Helm chart and docker-compose.yml"
"$ROOT/scripts/validate-deploy.sh"

ensure_test_services

step "Checking Rust formatting"
cargo fmt --all --check

step "Checking no Rust code reads a checkout path fixed when it was built"
# CI reuses binaries built in an earlier clone (ADR 0110) and cargo does not
# rebuild when CARGO_MANIFEST_DIR moves: read it at run time instead.
hint "Use std::env::var_os(\"CARGO_MANIFEST_DIR\") at run time instead of env!()."
if grep -rn --include='*.rs' 'env!("CARGO_MANIFEST_DIR")' proto services gateway bench tools; then
  false
fi

step "Checking docs/architecture.md's map matches the code"
hint "Run scripts/gen-architecture.py and commit docs/architecture.md."
python3 "$ROOT/scripts/gen-architecture.py" --check

step "Checking the committed query data matches the SQL"
"$ROOT/scripts/sqlx-prepare.sh" --check

step "Linting Rust (clippy, warnings are errors)"
cargo clippy --workspace --all-targets --quiet -- -D warnings

# Built before anything runs: the Rust tests, the services (the browser stage's
# stack, and the gateway that prints the API document the web's types are
# checked against). Compiling takes both cores; what follows mostly waits.
step "Building the Rust tests"
cargo nextest run --workspace --no-run --cargo-quiet
build_services
ensure_web_deps

# The web's checks, one after another in one process at a time (lint and the
# type check side by side, as each is one node process).
web_checks() {
  step "Linting and type-checking the web app"
  web_typecheck() { cd "$ROOT/web" && npm run --silent typecheck; }
  start_beside "$LOCAL/logs/typecheck.log" web_typecheck
  local typecheck=$BESIDE_PID
  (cd "$ROOT/web" && npm run --silent lint)
  finish_beside "$typecheck" "$LOCAL/logs/typecheck.log" \
    "the web app does not type-check (above); 'cd web && npm run typecheck' repeats it"
  step "Checking the web's API types match the gateway"
  "$ROOT/scripts/gen-api-types.sh" --check
  step "Running web unit tests"
  (cd "$ROOT/web" && npm test --silent)
  build_web
}

# Side by side: the Rust tests mostly wait on PostgreSQL, NATS and S3, and the
# web's checks use the cores meanwhile (docs/adr/0022-test-parallelism.md).
# The latency tests time answers, so they run after, alone.
step "Running Rust tests, the web's checks beside them (log in .local/logs/web-checks.log)"
start_beside "$LOCAL/logs/web-checks.log" web_checks
web=$BESIDE_PID
rust_ok=true
cargo nextest run --workspace --no-fail-fast --status-level fail --final-status-level slow \
  -E 'not test(/^latency::/)' || rust_ok=false
finish_beside "$web" "$LOCAL/logs/web-checks.log" \
  "the web's checks failed (their log above); 'cd web && npm run lint', 'npm run typecheck', 'npm test' and 'scripts/gen-api-types.sh --check' repeat them"
step "The web's checks passed (log in .local/logs/web-checks.log)"
$rust_ok || fail "Rust tests failed (above); 'cargo nextest run NAME' repeats one"
step "Running the latency tests alone"
cargo nextest run --workspace --no-fail-fast --status-level fail --final-status-level slow \
  -E 'test(/^latency::/)'

ensure_chromium

step "Starting two fresh stacks: one for the browser tests, one for the contract test"
# The browser and contract tests sign the super admin in with the password
# alone (the operator setting that lifts two-factor sign-in for super
# admins): the requirement itself is proven by gateway/tests/api/mfa.rs.
export SUPER_ADMIN_MFA_REQUIRED=false
trap stop_stack EXIT
# Below 32768: ports in Linux's ephemeral range (32768-60999) can be held by
# any outgoing connection at the moment a service binds them. Each suite has
# a stack of its own, so the two run side by side (the contract test's super
# admin suspends families it finds, which the browser tests must not meet).
start_test_stack() { # DB_PREFIX PORT_BASE HTTP_PORT NATS_PREFIX NATS_STREAM
  drop_databases "$1"
  # A stream's name must stay what it was: a stream of another name with the
  # same subjects, left by an earlier run, would refuse it.
  NATS_PREFIX=$4 NATS_STREAM=$5 PORT_BASE=$2 HTTP_PORT=$3 DB_PREFIX=$1 \
    LOG_DIR="$LOCAL/logs/$1" start_stack
  rm -f "$LOCAL/super-admin-$1"
  DB_PREFIX=$1 ensure_super_admin
}
start_test_stack chorely_e2e 21050 18080 chorelye2e CHORELY_E2E
start_test_stack chorely_contract 21150 18180 chorelycontract CHORELY_CONTRACT
{ read -r SUPER_ADMIN_EMAIL; read -r SUPER_ADMIN_PASSWORD; } < <(DB_PREFIX=chorely_e2e super_admin_login)
export SUPER_ADMIN_EMAIL SUPER_ADMIN_PASSWORD
{ read -r contract_email; read -r contract_password; } < <(DB_PREFIX=chorely_contract super_admin_login)

# Side by side: on a 2-core machine the two took 11.5 min together against
# about 16.5 one after the other (docs/adr/0022-test-parallelism.md).
step "Running the contract test beside the browser tests (log in .local/logs/contract.log)"
start_beside "$LOCAL/logs/contract.log" \
  scripts/contract-test.sh http://127.0.0.1:18180 "$contract_email" "$contract_password"
contract=$BESIDE_PID
step "Running browser end-to-end tests"
browser_ok=true
(cd web && BASE_URL=http://127.0.0.1:18080 npm run --silent e2e) || browser_ok=false
finish_beside "$contract" "$LOCAL/logs/contract.log" \
  "the contract test failed (its log above); 'scripts/contract-test.sh URL' repeats it against a running stack"
step "The contract test passed (log in .local/logs/contract.log)"
$browser_ok || fail "browser end-to-end tests failed (above); 'cd web && BASE_URL=http://127.0.0.1:18080 npm run e2e -- NAME' repeats a file"
stop_stack

step "Running the fault suite (its own PostgreSQL, NATS and S3 store)"
scripts/faults.sh

step "All checks passed in $(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s"
