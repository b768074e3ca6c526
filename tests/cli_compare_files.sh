#!/usr/bin/env bash
# Two result files compared config by config (tpx compare --replay OLD --vs
# --replay NEW, no config option): two runs of the same code are SAME; a
# file whose configs were made 25 % slower or faster is called SLOWER or
# FASTER config by config, with the summary, and the exit code a CI job
# reads: 0 none slower, 3 one or more slower, 1 nothing in common, 2 bad use.
set -eu
tpx=$1
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() { set +e; out=$("$@" 2>"$tmp/err"); rc=$?; set -e; }

# Two H200 runs of the same 50 configs, days and commits apart
run "$tpx" compare --replay h200-8192-f32 --vs --replay h200
[ "$rc" -eq 0 ] || fail "two runs: exit $rc: $out"
echo "$out" | grep -q "^50 configs timed in both: 0 FASTER, 0 SLOWER, 50 SAME; 0 only in OLD, 5493 only in NEW$" ||
    fail "summary: $out"
echo "$out" | grep -q "^OLD: .*h200-8192-f32.json: NVIDIA H200, recorded 2026-11-22, commit unknown$" || fail "OLD line: $out"
echo "$out" | grep -q "^NEW: .*h200.json: NVIDIA H200, recorded .*, commit bb9ca72" || fail "NEW line: $out"
! echo "$out" | grep -Eq '^\* .*(FASTER|SLOWER)$' || fail "a star on noise: $out"
echo "$out" | grep -Eq '^  smem 32x32 8192x8192 f32 pad 1 \(cold\) +1699\.3 ±0\.2% +1701\.5 ±0\.1% +1\.00 +±1\.0%  SAME$' ||
    fail "a row: $out"

# NEW: tile_rows pad 1 made 25 % slower, smem pad 0 25 % faster; every
# figure that follows from the time follows it, so the file agrees with itself
python3 - "$root/bench/results/h200-8192-f32.json" "$tmp" <<'PY'
import json, sys
orig, out = sys.argv[1], sys.argv[2]
def scaled(src, pick, f, name):
    d = json.load(open(src))
    for r in d["results"]:
        c, m = r["config"], r.get("measured")
        if not m or not pick(c):
            continue
        for k in ("min_ms", "median_ms", "mean_ms"):
            m[k] = round(m[k] * f, 4)
        e = {"f32": 4, "f64": 8, "f16": 2}[c["dtype"]]
        m["gbs"] = round(2 * c["width"] * c["height"] * e / (m["median_ms"] * 1e-3) / 1e9, 1)
        m["pct_peak"] = round(100 * m["gbs"] / d["device"]["peak_gbs"], 1)
        m["pct_memcpy"] = round(100 * m["gbs"] / m["memcpy_gbs"], 1)
    json.dump(d, open(f"{out}/{name}.json", "w"))
slow = lambda c: c["kernel"] == "tile_rows" and c.get("pad") == 1
fast = lambda c: c["kernel"] == "smem" and c.get("pad") == 0
scaled(orig, slow, 1.25, "slow")
scaled(f"{out}/slow.json", fast, 0.8, "both")
scaled(orig, fast, 0.8, "fast")
PY
run "$tpx" compare --replay h200-8192-f32 --vs --replay "$tmp/both.json"
[ "$rc" -eq 3 ] || fail "a slower config: exit $rc, not 3: $out $(cat "$tmp/err")"
echo "$out" | grep -q "^50 configs timed in both: 1 FASTER, 3 SLOWER, 46 SAME;" || fail "summary: $out"
echo "$out" | grep -Eq '^\* tile_rows 32x8 8192x8192 f32 pad 1 \(cold\) .* 0\.80 .*  SLOWER$' || fail "SLOWER row: $out"
echo "$out" | grep -Eq '^\* smem 32x32 8192x8192 f32 pad 0 \(cold\) .* 1\.25 .*  FASTER$' || fail "FASTER row: $out"
echo "$out" | grep -Eq '^  smem 32x32 8192x8192 f32 pad 1 \(cold\) .*  SAME$' || fail "untouched row: $out"
# only faster: no regression, exit 0
run "$tpx" compare --replay "h200-8192-f32,$tmp/fast.json"
[ "$rc" -eq 0 ] || fail "only faster: exit $rc: $out"
echo "$out" | grep -q "^50 configs timed in both: 1 FASTER, 0 SLOWER, 49 SAME;" || fail "faster summary: $out"
# the other way round, the gain is a regression
run "$tpx" compare --replay "$tmp/fast.json" --vs --replay h200-8192-f32
[ "$rc" -eq 3 ] || fail "reversed: exit $rc"

# --json: the same verdicts and the same exit code
run "$tpx" compare --replay h200-8192-f32 --json --vs --replay "$tmp/both.json"
[ "$rc" -eq 3 ] || fail "--json exit $rc"
python3 - "$out" <<'PY' || fail "--json"
import json, sys
d = json.loads(sys.argv[1])
s = d["summary"]
assert (s["compared"], s["faster"], s["slower"], s["same"]) == (50, 1, 3, 46), s
v = {(r["config"]["kernel"], r["config"]["block"], r["config"]["pad"]): r for r in d["configs"]}
r = v[("tile_rows", "32x8", 1)]
assert r["verdict"] == "slower" and abs(r["new_gbs"] / r["old_gbs"] - 0.8) < 0.002, r
assert abs(r["difference"] - (r["new_gbs"] / r["old_gbs"] - 1)) < 1e-4 and r["spread"] >= 0.01, r
assert v[("smem", "32x32", 0)]["verdict"] == "faster"
assert d["old"]["device"] == "NVIDIA H200" and d["new"]["git_commit"] is None, d["new"]
PY

# nothing in common: 1, and says so; an unreadable file or a live option: 2
"$tpx" bench --no-gpu --kernel smem --block 32x32 --size 64 --save "$tmp/model.json" >/dev/null
run "$tpx" compare --replay "h200-8192-f32,$tmp/model.json"
[ "$rc" -eq 1 ] || fail "nothing in common: exit $rc"
grep -q "no timed config in common: nothing was compared" "$tmp/err" || fail "nothing: $(cat "$tmp/err")"
echo '{"format":"tpx-results"' >"$tmp/bad.json"
run "$tpx" compare --replay "h200-8192-f32,$tmp/bad.json"
[ "$rc" -eq 2 ] || fail "unreadable: exit $rc"
run "$tpx" compare --replay h200-8192-f32 --hot --vs --replay h200
[ "$rc" -eq 2 ] && grep -q "compared as recorded" "$tmp/err" || fail "--hot with two files: $rc"
# with a config, the two files still compare that one config
run "$tpx" compare --replay h200-8192-f32 --kernel smem --block 32x32 --size 8192 --vs --replay h200
[ "$rc" -eq 0 ] && echo "$out" | grep -q "^A: smem 32x32 8192x8192" || fail "one config: $out"
echo "cli_compare_files: ok"
