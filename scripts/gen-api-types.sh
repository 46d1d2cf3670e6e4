#!/usr/bin/env bash
# Generates the web's API types from the gateway's OpenAPI document, so the
# web speaks the contract the gateway publishes instead of a copy written by hand:
#   - web/src/types/openapi.json: the document, as `gateway openapi` prints it;
#   - web/src/types/schema.d.ts: its TypeScript, by openapi-typescript (pinned in
#     web/package.json). web/src/types/api.ts and the features' types.ts name
#     the schemas they use (`components['schemas'][...]`);
#   - from the refusal catalogue (proto/errors/, as `gateway error-catalogue`
#     prints it) by scripts/gen-error-texts.mjs: web/src/locales/en/codes.json,
#     each code's English text, and web/src/types/error-codes.ts, the kinds of
#     the values each names (the Spanish and German codes.json are written by
#     hand; src/locales/locales.test.ts checks they have every code);
#   - from the event catalogue (proto/events.toml, as `gateway event-catalogue`
#     prints it) by scripts/gen-event-types.mjs: web/src/types/live-events.ts,
#     the live stream's event names and the webhooks' event types.
# With --check, generates into a temporary folder and fails when the committed
# files differ from what the gateway says now (CI: scripts/test.sh).
#
#   scripts/gen-api-types.sh            after changing the gateway's JSON or its docs
#   scripts/gen-api-types.sh --check
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

check=false
case "${1:-}" in
  "") ;;
  --check) check=true ;;
  *) fail "usage: $0 [--check]" ;;
esac

ensure_web_deps
types_dir="$ROOT/web/src/types"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The gateway as the stack's build makes it (every binary of the workspace):
# `cargo run -p gateway` would resolve features for the gateway alone and
# compile its dependencies a second time (3 min in CI after a lock change).
build_services
"$BIN/gateway" openapi >"$work/openapi.json"
"$BIN/gateway" error-catalogue >"$work/catalogue.json"
"$BIN/gateway" event-catalogue >"$work/events.json"
mkdir -p "$work/texts" "$work/types"
node "$ROOT/scripts/gen-error-texts.mjs" "$work/catalogue.json" "$work/texts" "$work/types"
node "$ROOT/scripts/gen-event-types.mjs" "$work/events.json" "$work/types"
# A field with a default is optional (the gateway reads a missing field as its default),
# rather than openapi-typescript's reading of it as always present.
(cd "$ROOT/web" && npx --no-install openapi-typescript "$work/openapi.json" --default-non-nullable false \
  --output "$work/schema.d.ts" >/dev/null)

mv "$work/texts/codes.json" "$work/codes.json"
mv "$work/types/error-codes.ts" "$work/error-codes.ts"
mv "$work/types/live-events.ts" "$work/live-events.ts"
# Each generated file and where it is committed.
declare -A generated=(
  [openapi.json]=web/src/types/openapi.json
  [schema.d.ts]=web/src/types/schema.d.ts
  [error-codes.ts]=web/src/types/error-codes.ts
  [live-events.ts]=web/src/types/live-events.ts
  [codes.json]=web/src/locales/en/codes.json
)
if ! $check; then
  for file in "${!generated[@]}"; do cp "$work/$file" "$ROOT/${generated[$file]}"; done
  step "Wrote ${generated[*]}"
  exit 0
fi

stale=()
for file in "${!generated[@]}"; do
  committed="$ROOT/${generated[$file]}"
  if ! cmp -s "$work/$file" "$committed"; then
    stale+=("${generated[$file]}")
    diff -u "$committed" "$work/$file" --label "${generated[$file]} (committed)" \
      --label "${generated[$file]} (from the gateway)" 2>/dev/null | head -40 >&2 || true
  fi
done
if [ ${#stale[@]} -gt 0 ]; then
  fail "The web's API types and error texts (${stale[*]}) do not match the gateway's OpenAPI document and error catalogue: run scripts/gen-api-types.sh and commit the result"
fi
step "The web's API types and error texts match the gateway's document and catalogue"
