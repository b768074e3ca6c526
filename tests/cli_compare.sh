#!/usr/bin/env bash
# tpx compare: the table marks what differs, the JSON's a and b are exactly
# what tpx report --json writes for each side, the delta holds the ratios,
# and a missing --vs, an invalid B or a stray option after --vs exit 2; the
# command's own options (--json, --no-gpu, ...) are taken after --vs too.
set -eu
tpx=$1
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }

"$tpx" compare --help | grep -q "usage: tpx compare" || fail "compare --help"
"$tpx" --help | grep -q "compare" || fail "compare in tpx --help"

out=$("$tpx" compare --no-gpu --kernel smem --block 32x32 --size 1024 --pad 0 --vs --pad 1)
echo "$out" | grep -q "^B: smem 32x32 1024x1024 f32 pad 1" || fail "B line: $out"
echo "$out" | grep -q "B changes: pad" || fail "changed fields: $out"
echo "$out" | grep -Eq '^\* shared load n-way conflict +32\.00 +1\.00 +0\.03$' || fail "conflict row: $out"
echo "$out" | grep -Eq '^  global load sectors/request +4\.00 +4\.00 +1\.00$' || fail "same row: $out"
echo "$out" | grep -Eq '^  measured GB/s +unmeasured +unmeasured +-$' || fail "unmeasured row: $out"

# which limit moved: an 8x8 copy is bound by block launches, a 32x8 one is not
out=$("$tpx" compare --no-gpu --profile h200 --kernel copy_row --block 8x8 --size 8192 --vs --block 32x8)
echo "$out" | grep -q "binding limit (predicted): A block launches, B " || fail "limits: $out"
echo "$out" | grep -q "the model: the binding limit moved from block launches to " || fail "moved: $out"

args=(--kernel smem --block 32x32 --size 1024 --no-gpu)
json=$("$tpx" compare "${args[@]}" --json --vs --pad 1)
ra=$("$tpx" report "${args[@]}" --json)
rb=$("$tpx" report "${args[@]}" --pad 1 --json)
python3 - "$json" "$ra" "$rb" <<'PY' || fail "compare --json"
import json, sys
c, ra, rb = (json.loads(x) for x in sys.argv[1:4])
assert set(c) == {"a", "b", "delta"}, c.keys()
assert c["a"] == ra, "a is not tpx report --json of A"
assert c["b"] == rb, "b is not tpx report --json of B"
d = c["delta"]
assert d["config_changed"] == ["pad"], d["config_changed"]
f = d["figures"]
sl = f["shared_load.conflict_ways"]
assert sl["a"] == 32 and sl["b"] == 1 and abs(sl["ratio"] - 1 / 32) < 1e-6 and sl["differs"], sl
assert f["global_load.sectors_per_request"]["differs"] is False
assert f["measured.gbs"]["a"] is None and f["measured.gbs"]["ratio"] is None
assert "launch.waves" in f and "launch.occupancy" in f
# the model's prediction, read from the report's model.predicted_gbs
p = f["model.predicted_gbs"]
assert p["a"] == c["a"]["model"]["predicted_gbs"] and p["b"] == c["b"]["model"]["predicted_gbs"], p
# the limits in delta.limit are each side's report's limiter
lim = d["limit"]
assert lim["a"] == c["a"]["model"]["prediction"]["limiter"], lim
assert lim["b"] == c["b"]["model"]["prediction"]["limiter"], lim
assert lim["moved"] == (lim["a"] != lim["b"]) and lim["words"], lim
assert p["b"] > p["a"], p  # the padded tile is predicted faster
PY
echo "$out" | grep -Eq '^\* predicted GB/s +[0-9.]+ +[0-9.]+ +[0-9.]+$' || fail "predicted row: $out"

# measured numbers from a result file: GB/s with noise on both sides, ratio B/A
res="$root/bench/results/h200-8192-f32.json"
if [ -f "$res" ]; then
    json=$("$tpx" compare --replay "$res" --kernel smem --block 32x32 --size 8192 --json --vs --pad 1)
    python3 - "$json" <<'PY' || fail "compare --replay"
import json, sys
f = json.loads(sys.argv[1])["delta"]["figures"]
g = f["measured.gbs"]
assert g["a"] > 0 and g["b"] > 0 and abs(g["ratio"] - g["b"] / g["a"]) < 1e-3, g
assert f["measured.noise"]["a"] is not None
PY
    "$tpx" compare --replay "$res" --kernel smem --block 32x32 --size 8192 --vs --pad 1 |
        grep -Eq '^\* measured GB/s +[0-9.]+ ±[0-9.]+% +[0-9.]+ ±[0-9.]+% +[0-9.]+$' ||
        fail "measured row with noise"
fi

refuse() { # expected-message-part, args...
    local want=$1
    shift
    set +e
    err=$("$tpx" compare --no-gpu "$@" 2>&1 >/dev/null)
    rc=$?
    set -e
    [ $rc -eq 2 ] || fail "compare $* exited $rc, want 2"
    echo "$err" | grep -q -- "$want" || fail "compare $*: '$err' lacks '$want'"
}
refuse "missing --vs" --kernel smem --block 32x32
refuse "needs at least one config option" --kernel smem --block 32x32 --vs
# the command's own options are taken anywhere, after --vs too (once)
refuse "needs at least one config option" --kernel smem --block 32x32 --vs --json
refuse "given twice" --kernel smem --block 32x32 --vs --pad 1 --no-gpu
refuse "B takes config options" --kernel smem --block 32x32 --vs --pad 1 --samples 3
a=$("$tpx" compare --no-gpu --kernel smem --block 32x32 --json --profile h200 --vs --pad 1)
b=$("$tpx" compare --kernel smem --block 32x32 --vs --pad 1 --json --no-gpu --profile=h200)
[ "$a" = "$b" ] || fail "global options after --vs"
refuse "B is invalid" --kernel smem --block 32x32 --vs --block 32x8
refuse "B is invalid" --kernel naive_row --vs --pad 1
refuse "unknown kernel" --kernel smem --block 32x32 --vs --kernel nope
refuse "unknown option" --kernel smem --bogus --vs --pad 1
# B may switch off the swizzle A has, and leaves a tile's pad behind for a kernel without one
"$tpx" compare --no-gpu --kernel smem --block 32x32 --swizzle --vs --no-swizzle --pad 1 |
    grep -q "^B: smem 32x32 4096x4096 f32 pad 1$" || fail "--no-swizzle"
"$tpx" compare --no-gpu --kernel smem --block 32x32 --pad 1 --vs --kernel naive_row |
    grep -q "^B: naive_row 32x32 4096x4096 f32 pad 0$" || fail "kernel change drops the pad"

# Noise-aware: two H200 runs of one config (two files, other days and commits)
# are SAME, no star; a real gain is FASTER and starred; --json says so too.
out=$("$tpx" compare --replay h200-8192-f32 --kernel smem --block 32x32 --size 8192 --pad 1 --vs --replay h200)
echo "$out" | grep -Eq '^  measured GB/s +1699\.3 ±0\.2% +1701\.5 ±0\.1% +1\.00$' || fail "same config, no star: $out"
echo "$out" | grep -Eq '^  measured % of memcpy +40\.8 +40\.9 +1\.00$' || fail "% of memcpy row: $out"
echo "$out" | grep -q "measured, B against A: SAME: +0.1% (inside the runs' spread, ±1.0%)" || fail "SAME: $out"
# the issue's example: pad 1 against pad 0 swizzled, 0.3 % apart at 0.6 % noise
out=$("$tpx" compare --replay h200 --kernel tile_rows --block 64x4 --size 8192 --pad 1 --vs --pad 0 --swizzle)
echo "$out" | grep -Eq '^  measured GB/s +3834\.8 ±0\.6% +3847\.1 ±0\.6%' || fail "noise, no star: $out"
echo "$out" | grep -q "SAME: +0.3% (inside the runs' spread, ±1.7%)" || fail "spread from the noise: $out"
out=$("$tpx" compare --replay h200 --kernel smem --block 32x32 --size 8192 --pad 0 --vs --pad 1)
echo "$out" | grep -Eq '^\* measured GB/s +1066\.2 ±0\.1% +1701\.5 ±0\.1% +1\.60$' || fail "gain starred: $out"
echo "$out" | grep -Eq '^\* measured % of memcpy +25\.6 +40\.9 ' || fail "gain in % of memcpy: $out"
echo "$out" | grep -q "measured, B against A: FASTER: +59.6% (outside" || fail "FASTER: $out"
"$tpx" compare --replay h200 --kernel smem --block 32x32 --size 8192 --pad 1 --json --vs --pad 0 |
    python3 -c '
import json, sys
m = json.load(sys.stdin)["delta"]["measured"]
assert m["verdict"] == "slower" and m["spread"] == 0.01 and -0.38 < m["difference"] < -0.37, m
' || fail "delta.measured"
"$tpx" compare --no-gpu --kernel smem --json --vs --pad 1 |
    python3 -c 'import json, sys; assert json.load(sys.stdin)["delta"]["measured"] is None' ||
    fail "unmeasured: delta.measured null"
echo ok
