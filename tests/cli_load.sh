#!/usr/bin/env bash
# --load / --replay take a shipped GPU's name (h200) as well as a path: found
# in $TPX_RESULTS_DIR, beside the binary or in the source tree; an unknown
# name exits 2 listing the shipped ones.
set -eu
tpx=$1
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }
ls "$root"/bench/results/*.json >/dev/null 2>&1 || { echo "no shipped results"; exit 77; }
name=$(basename "$(ls "$root"/bench/results/*.json | head -1)" .json)

a=$("$tpx" report --replay "$name" --kernel copy_row --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["device"]["source"])')
b=$("$tpx" report --replay "$root/bench/results/$name.json" --kernel copy_row --json |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["device"]["source"])')
[ "$a" = "$b" ] && [ -n "$a" ] || fail "--replay $name and its path differ: '$a' '$b'"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$root/bench/results/$name.json" "$dir/mygpu.json"
TPX_RESULTS_DIR=$dir "$tpx" report --replay mygpu --kernel copy_row >/dev/null || fail "TPX_RESULTS_DIR"

set +e
err=$("$tpx" report --replay no-such-gpu --kernel copy_row 2>&1 >/dev/null); rc=$?
set -e
[ $rc -eq 2 ] || fail "unknown name exited $rc"
echo "$err" | grep -q "no shipped results named 'no-such-gpu' (shipped: .*$name" || fail "$err"
set +e
err=$("$tpx" --load no-such-gpu </dev/null 2>&1 >/dev/null); rc=$?
set -e
[ $rc -eq 2 ] && echo "$err" | grep -q "no shipped results named" || fail "explorer --load: $err"
set +e
err=$("$tpx" --load "$name" </dev/null 2>&1 >/dev/null); rc=$?
set -e
echo "$err" | grep -q "needs a terminal" || fail "explorer --load $name: $err"
# replayed numbers say when and where they were recorded, never "live"
if "$tpx" export --help >/dev/null 2>&1; then
    "$tpx" export --view bandwidth --replay "$name" --kernel copy_row -o "$dir/bw.txt" >/dev/null
    grep -Eq "recorded [0-9]{4}-[0-9]{2}-[0-9]{2} on " "$dir/bw.txt" || fail "no recorded date: $(cat "$dir/bw.txt")"
    ! grep -q "live:" "$dir/bw.txt" || fail "replayed numbers called live"
fi
echo ok
