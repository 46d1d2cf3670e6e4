#!/usr/bin/env bash
# The short loop while working (`scripts/test.sh --quick`): formatting,
# clippy, every unit test, and the integration tests of what changed since
# `base` (default: the upstream branch, else main; uncommitted changes count
# too); the web's lint, types and unit tests when the web changed. The browser
# tests, the contract test and the fault suite are left to the full run.
#
#   scripts/test.sh --quick           against upstream (or main)
#   scripts/test.sh --quick HEAD~3    against another base
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
started=$SECONDS

base=${1:-$(git rev-parse --abbrev-ref --symbolic-full-name '@{upstream}' 2>/dev/null || echo main)}
git rev-parse --verify --quiet "$base^{commit}" >/dev/null ||
  fail "no commit '$base' to compare with: give one, e.g. scripts/test.sh --quick HEAD~1"
changed=$( (git diff --name-only "$(git merge-base "$base" HEAD)"; git diff --name-only HEAD;
  git ls-files --others --exclude-standard) | sort -u)

# The crates whose integration tests run: a crate changed, or everything when
# what they all build on changed (kit, the protocol, the test kit, the lock file).
packages=()
all=false
while read -r path; do
  case "$path" in
    services/kit/* | services/testkit/* | proto/* | Cargo.toml | Cargo.lock) all=true ;;
    gateway/*) packages+=(gateway) ;;
    services/*/*) packages+=("$(echo "$path" | cut -d/ -f2)") ;;
    bench/*) packages+=(bench) ;;
  esac
done <<<"$changed"
mapfile -t packages < <(printf '%s\n' "${packages[@]}" | sort -u | sed '/^$/d')

ensure_test_services

step "Checking Rust formatting"
cargo fmt --all --check
step "Linting Rust (clippy, warnings are errors)"
cargo clippy --workspace --all-targets --quiet -- -D warnings

step "Running every Rust unit test"
cargo nextest run --workspace --lib --bins --no-fail-fast --status-level fail --final-status-level slow
if $all; then
  step "Running every Rust integration test (kit, proto, testkit or the lock file changed)"
  cargo nextest run --workspace --tests --no-fail-fast --status-level fail --final-status-level slow
elif [ ${#packages[@]} -gt 0 ]; then
  step "Running the integration tests of ${packages[*]}"
  cargo nextest run "${packages[@]/#/--package=}" --tests --no-fail-fast --status-level fail --final-status-level slow
else
  step "No crate changed since $base: no integration tests to run"
fi

if grep -q '^web/\|^gateway/src/' <<<"$changed"; then
  ensure_web_deps
  step "Linting, type-checking and unit-testing the web app"
  (cd web && npm run --silent lint && npm run --silent typecheck && npm test --silent)
  scripts/gen-api-types.sh --check
fi

step "Quick checks passed in $(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s (the browser, contract and fault suites run in scripts/test.sh)"
