#!/usr/bin/env bash
# The API contract test: schemathesis drives every operation of the live
# OpenAPI document (examples, boundary values, random valid and invalid data,
# and the stateful links between operations) as a parent, as a child and as
# the platform's super admin, and fails on any check it runs by default:
# server errors, undocumented status codes, content types, answers that do
# not fit their schema, invalid data accepted, valid data refused.
#
# Usage: scripts/contract-test.sh BASE_URL [SUPER_ADMIN_EMAIL SUPER_ADMIN_PASSWORD]
# against a running stack (scripts/test.sh starts one).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

BASE_URL=${1:?base URL of a running stack, e.g. http://127.0.0.1:18080}
ADMIN_EMAIL=${2:-}
ADMIN_PASSWORD=${3:-}
SCHEMATHESIS_VERSION=4.32.5
VENV="$CACHE/schemathesis-$SCHEMATHESIS_VERSION"

if ! command -v jq >/dev/null; then
  step "Installing jq"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq >/dev/null
fi
if [ ! -x "$VENV/bin/st" ]; then
  step "Installing schemathesis $SCHEMATHESIS_VERSION (once per machine)"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

api() { # METHOD PATH [JSON] [TOKEN]: the answer's body; fails on a non-2xx
  local args=(-fsS -X "$1" "$BASE_URL/api$2" -H 'Content-Type: application/json')
  [ -n "${3:-}" ] && args+=(-d "$3")
  [ -n "${4:-}" ] && args+=(-H "Authorization: Bearer $4")
  curl "${args[@]}"
}

step "Signing up a family with a child for the contract test"
suffix="$(date +%s)-$RANDOM"
parent=$(api POST /auth/register "{\"email\":\"contract-$suffix@example.com\",\"password\":\"contract-pass-1\",\"firstName\":\"Casey\",\"lastName\":\"Contract\",\"organizationName\":\"Contract $suffix\"}" | jq -r .token)
invited=$(api POST /children/invite "{\"firstName\":\"Kit\",\"email\":\"contract-child-$suffix@example.com\"}" "$parent")
code=$(jq -r .inviteCode <<<"$invited")
child=$(api POST /auth/accept-invite "{\"inviteCode\":\"$code\",\"password\":\"contract-pass-2\"}" | jq -r .token)
# Sessions of their own for logging out (which ends the session it is called
# with) and for logging out everywhere (which ends every session of the user).
spare=$(api POST /auth/login "{\"email\":\"contract-$suffix@example.com\",\"password\":\"contract-pass-1\"}" | jq -r .token)
spare_everywhere=$(api POST /auth/login "{\"email\":\"contract-$suffix@example.com\",\"password\":\"contract-pass-1\"}" | jq -r .token)
# Something for a child to submit and a parent to review.
category=$(api POST /categories '{"name":"Kitchen","description":"Dishes and more"}' "$parent" | jq -r .id)
api POST /chores "{\"name\":\"Dishes\",\"description\":\"\",\"baseReward\":1.5,\"categoryId\":\"$category\",\"frequencyDays\":0,\"requiresPhoto\":false}" "$parent" >/dev/null

# The family tablet: its calls carry its device token, not a session; Kit has a PIN.
tablet=$(api POST /organizations/tablets '{"name":"Contract tablet"}' "$parent" | jq -r .token)
api PUT "/children/$(jq -r .child.id <<<"$invited")/pin" '{"pin":"2468"}' "$parent" >/dev/null

mkdir -p "$LOCAL/contract"

# First, the test must be able to fail: a document whose answer schema for
# GET /categories is wrong (an id that is a number) must be caught. The
# document keeps that path alone: schemathesis reads every operation of the
# document it is given, which took over two minutes for the whole one.
step "Checking that the contract test catches an answer that does not fit its schema"
curl -fsS "$BASE_URL/api/openapi.json" |
  jq '.paths |= with_entries(select(.key == "/categories"))
      | .components.schemas.Category.properties.id.type = "integer"' >"$LOCAL/contract/wrong.json"
if (cd "$LOCAL/contract" && "$VENV/bin/st" run wrong.json --url "$BASE_URL/api" \
  -H "Authorization: Bearer $parent" --include-path /categories --include-method GET \
  --checks response_schema_conformance --phases examples,coverage \
  >wrong.log 2>&1); then
  fail "the contract test passed a document with a wrong answer schema (see $LOCAL/contract/wrong.log)"
fi
grep -q "Response violates schema" "$LOCAL/contract/wrong.log" ||
  fail "the contract test failed on a wrong answer schema, but not for its schema (see $LOCAL/contract/wrong.log)"
run() { # WHO TOKEN [st options...]
  local who=$1 token=$2; shift 2
  run_with "$who" "Authorization: Bearer $token" "$@"
}
run_with() { # WHO HEADER [st options...]
  local who=$1 header=$2; shift 2
  step "Contract test as $who"
  # From the run folder: schemathesis keeps its working files where it runs.
  (cd "$LOCAL/contract" && "$VENV/bin/st" --config-file "$ROOT/scripts/schemathesis.toml" run "$BASE_URL/api/openapi.json" \
    -H "$header" \
    --report junit --report-junit-path "$LOCAL/contract/$who.xml" \
    "$@")
}
# /events is an endless stream (Server-Sent Events), which schemathesis would
# wait on forever: gateway/tests/api/live.rs tests it. The calls that end
# sessions the other operations need run last, each with a session of its
# own: logging out, logging out everywhere, and a parent setting the child's
# password (which ends the child's sessions).
ends_sessions='^/auth/logout(-everywhere)?$|^/children/\{id\}/password$'
# First the tablet's own calls, with its device token (the parent's run may
# remove the family's tablets; wrong PINs lock Kit's, which nothing after needs).
run_with tablet "X-Tablet-Token: $tablet" --include-path-regex '^/tablet/' \
  --phases examples,coverage,fuzzing || failed=1
run parent "$parent" --exclude-path-regex "^/(admin|events)|$ends_sessions" || failed=1
run child "$child" --exclude-path-regex "^/(admin|events)|$ends_sessions" || failed=1
run "child password" "$parent" --include-path-regex '^/children/\{id\}/password$' \
  --phases examples,coverage,fuzzing || failed=1
run logout "$spare" --include-path /auth/logout --phases examples,coverage,fuzzing || failed=1
run "logout everywhere" "$spare_everywhere" --include-path /auth/logout-everywhere \
  --phases examples,coverage,fuzzing || failed=1
if [ -n "$ADMIN_EMAIL" ]; then
  admin=$(api POST /auth/login "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" | jq -r .token)
  run "super admin" "$admin" --include-path-regex '^/admin' || failed=1
fi
exit "${failed:-0}"
