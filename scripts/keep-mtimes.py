#!/usr/bin/env python3
"""Gives a fresh clone the file times of the last clone built in the same cache.

Cargo decides whether a workspace crate is out of date by its files' times:
a clone's files are all new, so every CI run rebuilt every workspace crate
(several minutes on two cores) though most of them had not changed. This
keeps, per path, the git blob of the last clone and the time its file was
given then: a file whose blob is the same gets that time back; a changed or
new file keeps the clone's time (now), so cargo rebuilds exactly what changed,
as it would in one checkout kept from run to run. A folder gets its old time
back only when it holds the same entries (a file added or removed is a change
to a build script that watches the folder).

    scripts/keep-mtimes.py RECORD   run at the top of a clean clone

The record is a tab-separated file of path, blob and time. It serves one
build cache: .ci/run keeps its own cache (CI's build folder), which only
clean clones build, so a time given back always belongs to the content that
cache last built.
"""

import hashlib
import os
import subprocess
import sys


def tracked():
    """Each tracked file's path and blob, from the index (a clean clone's)."""
    out = subprocess.run(
        ["git", "ls-files", "-s", "-z"], check=True, capture_output=True
    ).stdout
    for entry in out.split(b"\0"):
        if not entry:
            continue
        meta, path = entry.split(b"\t", 1)
        yield path.decode(), meta.split()[1].decode()


def folders(files):
    """Each folder holding tracked files, with a digest of its entries."""
    children = {}
    for path, blob in files.items():
        parts = path.split("/")
        for depth in range(len(parts)):
            folder = "/".join(parts[:depth]) or "."
            child = "/".join(parts[: depth + 1])
            entry = blob if depth == len(parts) - 1 else "dir"
            children.setdefault(folder, set()).add(f"{child}:{entry}")
    return {
        folder: hashlib.sha1("\n".join(sorted(entries)).encode()).hexdigest()
        for folder, entries in children.items()
    }


def main():
    record_path = sys.argv[1]
    before = {}
    if os.path.exists(record_path):
        with open(record_path, encoding="utf-8") as record:
            for line in record:
                path, digest, when = line.rstrip("\n").split("\t")
                before[path] = (digest, int(when))

    files = dict(tracked())
    entries = {**files, **{f"{folder}/": d for folder, d in folders(files).items()}}
    kept = changed = 0
    after = {}
    # Files first, then folders deepest first: giving a file its time back
    # does not touch its folder's, but keep the order plain anyway.
    for path in sorted(entries, key=lambda p: (p.endswith("/"), -p.count("/"))):
        digest = entries[path]
        on_disk = path.rstrip("/") or "."
        if os.path.islink(on_disk):
            continue
        old = before.get(path)
        if old and old[0] == digest:
            os.utime(on_disk, ns=(old[1], old[1]))
            after[path] = old
            kept += 1
        else:
            after[path] = (digest, os.stat(on_disk).st_mtime_ns)
            changed += 1

    os.makedirs(os.path.dirname(record_path) or ".", exist_ok=True)
    temporary = f"{record_path}.{os.getpid()}"
    with open(temporary, "w", encoding="utf-8") as record:
        for path in sorted(after):
            digest, when = after[path]
            record.write(f"{path}\t{digest}\t{when}\n")
    os.replace(temporary, record_path)
    print(f"    file times: {kept} kept from the last clone, {changed} new or changed")


if __name__ == "__main__":
    main()
