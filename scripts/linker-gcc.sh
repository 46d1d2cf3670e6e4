#!/bin/sh
# The linker cargo calls (.cargo/config.toml): the C compiler driver, as by
# default, told to use LLVM's lld when it is installed (the run and test
# scripts install it). A test build links some forty binaries: after a change
# to the test kit GNU ld took 110 s of the rebuild, lld 40 s
# (docs/adr/0020-build-profiles.md). CHORELY_LINKER=bfd|lld|mold picks
# one, to compare them. (The name ends in -gcc: rustc reads from it that
# this takes the C driver's arguments.)
linker=${CHORELY_LINKER:-}
if [ -z "$linker" ]; then
  if command -v ld.lld >/dev/null 2>&1; then linker=lld; else linker=bfd; fi
fi
exec "${CC:-cc}" -fuse-ld="$linker" "$@"
