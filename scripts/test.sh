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

step "Checking the committed query data matches the SQL"
"$ROOT/scripts/sqlx-prepare.sh" --check

step "Linting Rust (clippy, warnings are errors)"
cargo clippy --workspace --all-targets --quiet -- -D warnings

step "Running Rust tests"
cargo nextest run --workspace --no-fail-fast --status-level fail --final-status-level slow

ensure_web_deps
# Side by side: each is one node process, and the machine has cores to spare.
step "Linting and type-checking the web app"
web_typecheck() { cd "$ROOT/web" && npm run --silent typecheck; }
start_beside "$LOCAL/logs/typecheck.log" web_typecheck
typecheck=$BESIDE_PID
(cd web && npm run --silent lint)
finish_beside "$typecheck" "$LOCAL/logs/typecheck.log" \
  "the web app does not type-check (above); 'cd web && npm run typecheck' repeats it"
step "Checking the web's API types match the gateway"
scripts/gen-api-types.sh --check
step "Running web unit tests"
(cd web && npm test --silent)

build_services
build_web
ensure_chromium

step "Starting a fresh stack for the browser tests"
export NATS_PREFIX=chorelye2e NATS_STREAM=CHORELY_E2E
# The browser and contract tests sign the super admin in with the password
# alone (the operator setting that lifts two-factor sign-in for super
# admins): the requirement itself is proven by gateway/tests/api/mfa.rs.
export SUPER_ADMIN_MFA_REQUIRED=false
drop_databases chorely_e2e
trap stop_stack EXIT
# Below 32768: ports in Linux's ephemeral range (32768-60999) can be held by
# any outgoing connection at the moment a service binds them.
PORT_BASE=21050 HTTP_PORT=18080 DB_PREFIX=chorely_e2e start_stack
rm -f "$LOCAL/super-admin-chorely_e2e"
DB_PREFIX=chorely_e2e ensure_super_admin
{ read -r SUPER_ADMIN_EMAIL; read -r SUPER_ADMIN_PASSWORD; } < <(DB_PREFIX=chorely_e2e super_admin_login)
export SUPER_ADMIN_EMAIL SUPER_ADMIN_PASSWORD

step "Running browser end-to-end tests"
(cd web && BASE_URL=http://127.0.0.1:18080 npm run --silent e2e)

# After the browser tests: its super admin may suspend families it finds.
scripts/contract-test.sh http://127.0.0.1:18080 "$SUPER_ADMIN_EMAIL" "$SUPER_ADMIN_PASSWORD"
stop_stack

step "Running the fault suite (its own PostgreSQL, NATS and S3 store)"
scripts/faults.sh

step "All checks passed in $(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s"
