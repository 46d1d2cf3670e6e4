#!/usr/bin/env bash
# Runs Chorely locally: dependencies, build, every service and the gateway.
# Stops everything on Ctrl-C.
#
# The services are built with the optimised `serve` profile (Cargo.toml);
# `--dev` builds the debug profile instead (quicker to rebuild, slower to
# answer). PROFILE overrides both.
set -euo pipefail
case "${1:-}" in
  --dev) export PROFILE=${PROFILE:-dev} ;;
  "") export PROFILE=${PROFILE:-serve} ;;
  *) echo "usage: $0 [--dev]" >&2; exit 2 ;;
esac
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

ensure_postgres
ensure_nats
ensure_smtp
ensure_keys
# The web's packages download while cargo compiles: the network beside the CPU.
web_deps_log="$LOCAL/logs/web-deps.log"
step "Installing the web's packages beside the build, if needed (log in $web_deps_log)"
start_beside "$web_deps_log" ensure_web_deps
web_deps=$BESIDE_PID
build_services --exclude chorely-bench
# After the build: the S3 store is one of its binaries.
ensure_s3
finish_beside "$web_deps" "$web_deps_log" \
  "installing the web's packages failed (above); 'cd web && npm ci' repeats it"
build_web

step "Starting the services and the gateway"
trap 'echo; step "Stopping"; stop_stack; exit 0' INT TERM
start_stack
ensure_super_admin
{ read -r admin_email; read -r admin_password; } < <(super_admin_login)

url="http://127.0.0.1:${HTTP_PORT:-8080}"
cat <<MSG

  Chorely is running.

  Open $url and choose "Create Account" to register your family;
  then log in at $url/login with that email and password.
  Operator console: log in at $url/login as $admin_email
  with password $admin_password (kept in $LOCAL/super-admin-${DB_PREFIX:-chorely});
  at that first login it asks you to set up two-factor sign-in with an
  authenticator app (SUPER_ADMIN_MFA_REQUIRED=false lifts that).
  API docs: $url/api/docs   Logs: $LOCAL/logs/
  Mail sent (verification, password reset) lands in $SMTP_MAILDIR/new/.

  Press Ctrl-C to stop.

MSG
wait "${STACK_PIDS[@]}"
