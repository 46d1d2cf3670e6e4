#!/usr/bin/env bash
# Generates the web's API types from the gateway's OpenAPI document, so the
# web speaks the contract the gateway publishes instead of a copy written by hand:
#   - web/src/types/openapi.json: the document, as `gateway openapi` prints it;
#   - web/src/types/schema.d.ts: its TypeScript, by openapi-typescript (pinned in
#     web/package.json). web/src/types/api.ts and the features' types.ts name
#     the schemas they use (`components['schemas'][...]`).
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
# A field with a default is optional (the gateway reads a missing field as its default),
# rather than openapi-typescript's reading of it as always present.
(cd "$ROOT/web" && npx --no-install openapi-typescript "$work/openapi.json" --default-non-nullable false \
  --output "$work/schema.d.ts" >/dev/null)

if ! $check; then
  cp "$work/openapi.json" "$work/schema.d.ts" "$types_dir/"
  step "Wrote web/src/types/openapi.json and web/src/types/schema.d.ts"
  exit 0
fi

stale=()
for file in openapi.json schema.d.ts; do
  if ! cmp -s "$work/$file" "$types_dir/$file"; then
    stale+=("web/src/types/$file")
    diff -u "$types_dir/$file" "$work/$file" --label "web/src/types/$file (committed)" \
      --label "web/src/types/$file (from the gateway)" 2>/dev/null | head -40 >&2 || true
  fi
done
if [ ${#stale[@]} -gt 0 ]; then
  fail "The web's API types (${stale[*]}) do not match the gateway's OpenAPI document: run scripts/gen-api-types.sh and commit the result"
fi
step "The web's API types match the gateway's OpenAPI document"
