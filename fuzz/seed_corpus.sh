#!/bin/sh
# Seeds the fuzz corpora from our own rules and test fixtures (never from
# Ludii's files). Run from anywhere; the corpora are not committed.
set -e
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
for t in parse_expand compile play; do
    mkdir -p "$here/corpus/$t"
    for f in "$root"/rules/*.lud "$root"/tests/fixtures/*.lud "$root"/tests/bad/*.lud \
             "$root"/tests/bad_compile/*.lud; do
        [ -f "$f" ] || continue
        cp "$f" "$here/corpus/$t/$(basename "$(dirname "$f")")_$(basename "$f")"
    done
done
echo "seeded $(ls "$here/corpus/play" | wc -l) files per target"
