#!/usr/bin/env bash
# Provenance (issue 22): a result file names the commit the binary was built
# from (read at build time, not at configure time) and whether the tree was
# dirty, the host, and format 3; tpx report on a replay shows who measured it.
set -eu
tpx=$1
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$tpx" bench --no-gpu --kernel smem --block 32x32 --size 64 --save "$tmp/r.json" >/dev/null
head=unknown dirty=null
if git -C "$root" rev-parse HEAD >/dev/null 2>&1; then
    head=$(git -C "$root" rev-parse HEAD)
    dirty=false
    [ -z "$(git -C "$root" status --porcelain)" ] || dirty=true
    # committed after the binary was built (ctest without ./run-tests): the
    # binary rightly names the commit it was built from; nothing to compare
    if [ "$(git -C "$root" log -1 --format=%ct HEAD)" -gt "$(stat -c %Y "$tpx")" ]; then
        echo "cli_provenance: HEAD is newer than $tpx: its commit and dirty flag are not compared"
        head=skip dirty=skip
    fi
fi
python3 - "$tmp/r.json" "$head" "$dirty" "$(hostname)" <<'PY' || fail "provenance fields"
import json, sys
d = json.load(open(sys.argv[1]))
head, dirty, host = sys.argv[2], sys.argv[3], sys.argv[4]
assert d["format_version"] == 3, d["format_version"]
# built after the last commit: the commit is read at build time, every build
if head != "skip":
    assert d["git_commit"] == head, (d["git_commit"], head, "the commit is read at build time")
    # a clean tree was clean when built; a dirty one may have been edited since
    if dirty != "true":
        want = {"false": False, "null": None}[dirty]
        assert d["git_dirty"] == want, (d["git_dirty"], want)
assert d["host"] == host, (d["host"], host)
assert d["command"].startswith("tpx bench --no-gpu"), d["command"]
PY

# the shipped format 2 file still loads, and says what it does not know
out=$("$tpx" report --replay h100 --kernel smem --block 32x32 --size 8192)
echo "$out" | grep -q "run: NVIDIA driver unknown (supports CUDA 13.0), CUDA runtime 13.0" || fail "run line: $out"
echo "$out" | grep -q "clocks: not recorded" || fail "clocks line: $out"
echo "$out" | grep -q "measured by: commit bb9ca72" || fail "measured by: $out"
echo "cli_provenance: ok"
