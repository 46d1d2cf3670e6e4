#!/usr/bin/env bash
# Refreshes the query data the SQL macros compile against (each crate's
# .sqlx/, committed), so builds need no database. With --check, only verifies
# that the committed data matches the SQL in the code and the migrations.
#
# Each crate (kit and the five services) is checked against its own fresh
# database, chorely_sqlx_<crate>, made by its migrations (kit's first, as at
# run time), and the macros find it through <CRATE>_DATABASE_URL (the
# crate's sqlx.toml). Only the libraries and binaries hold checked SQL: tests
# and benchmarks use plain queries, so a crate is prepared without compiling
# the other services its tests depend on.
#
#   scripts/sqlx-prepare.sh            after changing a query or a migration
#   scripts/sqlx-prepare.sh chores     the same, for one crate
#   scripts/sqlx-prepare.sh --check    in CI (scripts/test.sh)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

check=()
crates=()
for arg in "$@"; do
  case "$arg" in
    --check) check=(--check) ;;
    kit | auth | family | chores | rewards | platform) crates+=("$arg") ;;
    *) fail "usage: $0 [--check] [kit|auth|family|chores|rewards|platform]..." ;;
  esac
done
# Kit first: every service compiles it.
[ ${#crates[@]} -gt 0 ] || crates=(kit "${SERVICES[@]}")

SQLX_CLI_VERSION=0.9.0
SQLX_CLI_ROOT="$CACHE/sqlx-cli-$SQLX_CLI_VERSION"
if [ ! -x "$SQLX_CLI_ROOT/bin/cargo-sqlx" ]; then
  step "Installing sqlx-cli $SQLX_CLI_VERSION (once per machine, ~5 min)"
  cargo install "sqlx-cli@$SQLX_CLI_VERSION" --locked --quiet --root "$SQLX_CLI_ROOT" \
    --no-default-features --features postgres,rustls,sqlx-toml
fi
export PATH="$SQLX_CLI_ROOT/bin:$PATH"
ensure_postgres

# The check touches the crates' sources so that they compile again with the
# macros online (as `cargo sqlx prepare` does). A check that passes changed
# nothing the build uses, so their times are put back (for files whose
# content did not change meanwhile), and the builds after it do not compile
# the crates and everything above them once more for nothing. After a
# refresh a crate must compile again (cargo does not follow .sqlx/), so the
# new times stay.
TIMES=$(mktemp)
trap 'rm -f "$TIMES"' EXIT
keep_times() {
  local time path
  find "$1" -name '*.rs' -printf '%T@ %p\n' | while read -r time path; do
    printf '%s %s %s\n' "$time" "$(sha1sum <"$path" | cut -c1-40)" "$path"
  done >>"$TIMES"
}
restore_times() {
  local time sum path
  while read -r time sum path; do
    if [ "$(sha1sum <"$path" | cut -c1-40)" = "$sum" ]; then touch -m -d "@$time" "$path"; fi
  done <"$TIMES"
}

# A crate's fresh database, chorely_sqlx_<crate>, made by its migrations
# (kit's first, as at run time); prints its URL.
fresh_database() {
  local crate=$1
  # SQLX_DB_PREFIX lets two checkouts on one machine prepare at the same time.
  local url="postgres://postgres@127.0.0.1:5432/${SQLX_DB_PREFIX:-chorely_sqlx}_$crate"
  sqlx database drop -y --force --database-url "$url" >/dev/null
  sqlx database create --database-url "$url"
  # The roles the services work as, which kit's migrations grant to (the
  # services create them themselves: kit's tenancy module).
  psql -q "$url" -v ON_ERROR_STOP=1 -c "DO \$\$ BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'chorely_app') THEN CREATE ROLE chorely_app NOLOGIN; END IF;
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'chorely_all_families') THEN CREATE ROLE chorely_all_families NOLOGIN; END IF;
  END \$\$" >/dev/null
  sqlx migrate run --source services/kit/migrations --database-url "$url" >/dev/null
  if [ "$crate" != kit ]; then
    sqlx migrate run --source "services/$crate/migrations" --ignore-missing \
      --database-url "$url" >/dev/null
  fi
  echo "$url"
}

if [ ${#check[@]} -gt 0 ]; then
  # One compile of every crate asked for, each macro against its crate's
  # database (its sqlx.toml names the variable), writing what it found into
  # one folder; then that must be, file for file, what the crates commit.
  # (`cargo sqlx prepare --check` a crate at a time compiled each alone,
  # kit and the dependencies' features again for every one.)
  step "Checking the query data of ${crates[*]} against fresh databases"
  urls=()
  packages=()
  for crate in "${crates[@]}"; do
    urls+=("${crate^^}_DATABASE_URL=$(fresh_database "$crate")")
    packages+=(-p "$crate")
    keep_times "services/$crate"
    # Compiled again with the macros online: cargo does not see the databases.
    find "services/$crate" -name '*.rs' -exec touch {} +
  done
  found=$(mktemp -d)
  trap 'rm -f "$TIMES"; rm -rf "$found"' EXIT
  env "${urls[@]}" SQLX_OFFLINE=false SQLX_OFFLINE_DIR="$found" \
    cargo check --quiet "${packages[@]}" --lib --bins ||
    fail "the SQL of ${crates[*]} does not compile against the migrations (above)"
  restore_times
  stale=()
  for crate in "${crates[@]}"; do
    for committed in services/"$crate"/.sqlx/query-*.json; do
      [ -e "$committed" ] || continue
      [ -e "$found/${committed##*/}" ] || stale+=("$committed")
    done
  done
  differ=()
  for made in "$found"/query-*.json; do
    [ -e "$made" ] || continue
    same=false
    for crate in "${crates[@]}"; do
      if cmp -s "$made" "services/$crate/.sqlx/${made##*/}"; then same=true; break; fi
    done
    $same || differ+=("${made##*/}")
  done
  if [ ${#stale[@]} -gt 0 ] || [ ${#differ[@]} -gt 0 ]; then
    [ ${#stale[@]} -eq 0 ] || printf '  no longer in the code: %s\n' "${stale[@]}" >&2
    [ ${#differ[@]} -eq 0 ] || printf '  missing or different: %s\n' "${differ[@]}" >&2
    fail "the committed query data does not match the SQL: run scripts/sqlx-prepare.sh and commit services/*/.sqlx"
  fi
  exit 0
fi

for crate in "${crates[@]}"; do
  step "Preparing the query data of $crate"
  url=$(fresh_database "$crate")
  targets=(--lib)
  [ "$crate" = kit ] || targets+=(--bins)
  # Only this crate's database is given: a dependency compiled on the way
  # (kit) reads its own committed data instead of writing into this crate's.
  (cd "services/$crate" && env "${crate^^}_DATABASE_URL=$url" SQLX_OFFLINE=false \
    cargo sqlx prepare -- "${targets[@]}" --quiet) ||
    fail "could not prepare the query data of $crate"
done
