#!/usr/bin/env bash
# tpx bench sweeps: --block all lists every power-of-two shape the kernel
# accepts (under 32 threads too), the rest as skipped with a reason; pad
# ranges; and the no-GPU ranking figure sees shared-memory conflicts.
set -eu
tpx=$1
fail() { echo "FAIL: $*"; exit 1; }

json=$("$tpx" bench --no-gpu --kernel tile_rows --block all --size 1024 --json 2>/dev/null)
python3 - "$json" <<'PY' || fail "--block all"
import json, sys
d = json.loads(sys.argv[1])
shapes = {(1 << x, 1 << y) for x in range(11) for y in range(11) if x + y <= 10}
assert len(shapes) == 66
got = {tuple(map(int, r["config"]["block"].split("x"))) for r in d["results"]}
skipped = {tuple(map(int, s["config"].split()[1].split("x"))) for s in d["skipped"]}
assert got | skipped == shapes and not got & skipped, (shapes - got - skipped, got & skipped)
assert all(s["reason"] for s in d["skipped"])
# tile_rows walks a BX x BX tile BY rows at a time: BY divides BX
assert all(by <= bx for bx, by in got), got
want = {(bx, by) for bx, by in shapes if by <= bx <= 64}
assert want <= got, want - got
assert (1, 1) in got and (8, 2) in got  # under a warp, and still valid
PY
json=$("$tpx" bench --no-gpu --kernel smem --block all,24x24 --size 1024 --json 2>/dev/null)
python3 - "$json" <<'PY' || fail "--block all,24x24"
import json, sys
blocks = [r["config"]["block"] for r in json.loads(sys.argv[1])["results"]]
assert "24x24" in blocks and "32x32" in blocks and "1x1" in blocks, blocks
assert len(blocks) == len(set(blocks))
PY

# pads 0..3 as a range, with the swizzled tile beside pad 0
json=$("$tpx" bench --no-gpu --kernel smem --block 32x32 --size 1024 --pad 0..3 --swizzle --json)
python3 - "$json" <<'PY' || fail "pad range"
import json, sys
rows = json.loads(sys.argv[1])["results"]
pads = [(r["config"]["pad"], r["config"]["swizzle"]) for r in rows]
assert pads == [(0, False), (0, True), (1, False), (2, False), (3, False)], pads
score = {p: r["model"]["score"] for p, r in zip(pads, rows)}
# a 32-way conflict never ties the conflict-free tile
assert score[(0, False)] < score[(1, False)] == score[(0, True)] == 1.0, score
PY
# a size, dtype, pad or tile dtype named twice is swept once, as kernels and
# blocks are (64 and 64x64 are one size; 0 and 0..1 share pad 0)
json=$("$tpx" bench --no-gpu --kernel smem,smem --block 32x32,32x32 --size 64,64x64,32 \
    --dtype f32,f32 --pad 0,0..1,1 --tile-dtype f64,f64 --json)
python3 - "$json" <<'PY' || fail "duplicates merged"
import json, sys
rows = json.loads(sys.argv[1])["results"]
keys = [(r["config"]["size"], r["config"]["dtype"], r["config"]["pad"]) for r in rows]
assert keys == [("64x64", "f32", 0), ("64x64", "f32", 1), ("32x32", "f32", 0),
                ("32x32", "f32", 1)], keys
PY
set +e
for bad in 3..1 0..x 1...2 ..; do
    err=$("$tpx" bench --no-gpu --kernel smem --block 32x32 --pad "$bad" 2>&1 >/dev/null)
    [ $? -eq 2 ] || fail "--pad $bad not refused"
    echo "$err" | grep -q "pad" || fail "--pad $bad: $err"
done
set -e

# the table names the best config; with no GPU by the model's figure, which
# puts the padded tile above the 32-way conflict and both above naive_row
out=$("$tpx" bench --no-gpu --kernel naive_row,smem --block 32x32 --size 1024 --pad 0,1)
echo "$out" | grep -Eq "^best by the model: smem 32x32 1024x1024 f32 pad 1, predicted [0-9.]+ GB/s on .+$" ||
    fail "best line: $out"
s0=$(echo "$out" | awk '$1 == "smem" && $5 == "0" {print $10}')
s1=$(echo "$out" | awk '$1 == "smem" && $5 == "1" {print $10}')
nr=$(echo "$out" | awk '$1 == "naive_row" {print $10}')
python3 -c "
import sys; a, b, c = (float(x.rstrip('%')) for x in sys.argv[1:]); assert c < a < b, (a, b, c)" \
    "$s0" "$s1" "$nr" || fail "model column order: $s0 $s1 $nr"
echo ok
