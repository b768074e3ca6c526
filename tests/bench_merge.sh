#!/usr/bin/env bash
# bench/merge_results.py, the tool that builds the shipped per-GPU files: a
# config measured again keeps the later row; a run whose configs another
# listed command already covers does not list its command twice; a merged
# command list longer than tpx reads (4096 bytes) is refused with the reason,
# not written as a file tpx then refuses; what it writes tpx replays; a cut
# input or an output it cannot write ends in a message, not a traceback.
set -eu
tpx=$1
root="$(cd "$(dirname "$0")/.." && pwd)"
fail() { echo "FAIL: $*"; exit 1; }
command -v python3 >/dev/null || { echo "no python3"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src="$root/bench/results/h200-8192-f32.json"
# b: one row of a measured again under a command that a's covers (its noise told apart)
python3 - "$src" "$tmp" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["command"] = "tpx bench --kernel copy_row,naive_row --block 32x8,16x16 --size 8192,4096 --dtype f32"
json.dump(d, open(sys.argv[2] + "/a.json", "w"))
r = next(r for r in d["results"] if r["config"]["kernel"] == "naive_row")
r["measured"]["noise"] = 0.00123  # the later run's row, told apart
d["results"] = [r]
d["command"] = "tpx bench --kernel naive_row --block 32x8,16x16 --size 8192 --dtype f32 --save x.json"
json.dump(d, open(sys.argv[2] + "/b.json", "w"))
d["command"] = "tpx bench " + "--size 8192 " * 420
json.dump(d, open(sys.argv[2] + "/long.json", "w"))
PY
python3 "$root/bench/merge_results.py" "$tmp/a.json" "$tmp/b.json" -o "$tmp/m.json" --compact >/dev/null ||
    fail "merge a b"
python3 - "$tmp" <<'PY' || fail "merged document"
import json, sys
a = json.load(open(sys.argv[1] + "/a.json"))
m = json.load(open(sys.argv[1] + "/m.json"))
assert m["command"] == a["command"], m["command"]          # b's command is covered by a's
assert len(m["results"]) == len(a["results"])               # b's row replaced a's, none added
assert sum(r["measured"]["noise"] == 0.00123 for r in m["results"]) == 1
PY
"$tpx" bench --replay "$tmp/m.json" --kernel naive_row >/dev/null || fail "tpx replays the merged file"
set +e
err=$(python3 "$root/bench/merge_results.py" "$tmp/a.json" "$tmp/long.json" -o "$tmp/l.json" 2>&1)
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "a command list over 4096 bytes was written"
echo "$err" | grep -q "more than the 4096 a results file may hold" || fail "reason: $err"
[ ! -e "$tmp/l.json" ] || fail "a refused merge left a file"
# bad input: a clear message and no file, not a traceback
printf '{"format": "tpx-results", "results": [' >"$tmp/cut.json"
set +e
err=$(python3 "$root/bench/merge_results.py" "$tmp/a.json" "$tmp/cut.json" -o "$tmp/c.json" 2>&1)
rc=$?
set -e
[ "$rc" -ne 0 ] && [ ! -e "$tmp/c.json" ] || fail "a cut input was merged"
echo "$err" | grep -q "cut.json: not readable as a result document" || fail "cut input: $err"
set +e
err=$(python3 "$root/bench/merge_results.py" "$tmp/a.json" -o "$tmp/no/such/dir/m.json" 2>&1)
rc=$?
set -e
[ "$rc" -ne 0 ] || fail "an unwritable output passed"
echo "$err" | grep -q "m.json: cannot write there" || fail "unwritable output: $err"
! ls "$tmp"/*.tmp >/dev/null 2>&1 || fail "a temporary file was left"
echo "bench_merge: ok"
