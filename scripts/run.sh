#!/usr/bin/env bash
# Runs Chorely locally: dependencies, build, every service and the gateway.
# Stops everything on Ctrl-C.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

ensure_postgres
ensure_nats
ensure_s3
ensure_keys
build_services
build_web

step "Starting the services and the gateway"
trap 'echo; step "Stopping"; stop_stack; exit 0' INT TERM
start_stack

url="http://127.0.0.1:${HTTP_PORT:-8080}"
cat <<MSG

  Chorely is running.

  Open $url and choose "Create Account" to register your family;
  then log in at $url/login with that email and password.
  API docs: $url/api/docs   Logs: $LOCAL/logs/

  Press Ctrl-C to stop.

MSG
wait "${STACK_PIDS[@]}"
