#!/usr/bin/env bash
# tpx report/list/--help/--version produce what they promise, and the JSON
# holds the model object with integer counts for all four access kinds.
set -eu
tpx=$1
fail() { echo "FAIL: $*"; exit 1; }

"$tpx" --version | grep -Eq '^tpx [0-9]+\.[0-9]+\.[0-9]+$' || fail "--version"
"$tpx" --help | grep -q "subcommands:" || fail "--help"
for sub in list report bench; do
    "$tpx" $sub --help | grep -q "usage: tpx $sub" || fail "$sub --help"
done

# cuBLAS (over 500 MB) is opened only when the cublas reference is measured,
# never mapped at start-up by every run
if command -v ldd >/dev/null && ldd "$tpx" | grep -q libcublas; then
    fail "tpx links cuBLAS at load time"
fi

"$tpx" list | grep -q '^tile_rows' || fail "list"
n=$("$tpx" list --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["kernels"]))')
[ "$n" -eq 20 ] || fail "list --json has $n kernels"

json=$("$tpx" report --kernel naive_row --block 32x8 --size 1024 --json --no-gpu)
python3 - "$json" <<'PY' || fail "report --json"
import json, sys
r = json.loads(sys.argv[1])
m = r["model"]
for k in ("global_load", "global_store", "shared_load", "shared_store"):
    assert isinstance(m[k]["requests"], int), k
gl, gs = m["global_load"], m["global_store"]
assert gl["requests"] == 32768 and gl["sectors"] == 131072, gl
assert gs["sectors"] == 1048576 and gs["lines"] == 1048576, gs
assert gs["sectors_per_request"] == 32.0
assert m["shared_load"]["requests"] == 0 and m["shared_load"]["wavefronts"] == 0
assert r["measured"] is None and r["measured_note"]
assert r["config"]["block"] == "32x8" and r["config"]["size"] == "1024x1024"
PY

json=$("$tpx" report --kernel smem --block 32x32 --size 1024 --json --no-gpu)
python3 - "$json" <<'PY' || fail "smem report"
import json, sys
m = json.loads(sys.argv[1])["model"]
sl = m["shared_load"]
assert sl["wavefronts"] == 32 * sl["requests"] and sl["conflict_ways"] == 32.0, sl
PY

json=$("$tpx" report --kernel cublas --json --no-gpu)
python3 - "$json" <<'PY' || fail "reference report"
import json, sys
r = json.loads(sys.argv[1])
assert r["model"] is None and "not modelled" in r["model_note"]
PY

"$tpx" report --no-gpu --kernel tile_rows --block 32x8 --pad 1 | grep -q "conflict" || fail "table"
# bench without a GPU: the model's columns, "not measured", notes for skips
out=$("$tpx" bench --no-gpu --kernel smem,naive_row,memcpy --block 32x8,32x32 --size 1024 --pad 0,1)
echo "$out" | grep -Eq '^naive_row +32x8 +1024x1024 +f32 +- +4.00 +32.00 .*not measured' ||
    fail "bench table: $out"
echo "$out" | grep -q "smem 32x8 1024x1024 f32 pad 0: smem needs a square block" || fail "bench skip note"
json=$("$tpx" bench --no-gpu --kernel smem,naive_row,memcpy --block 32x8,32x32 --size 1024,64x32 \
       --pad 0,1 --json 2>/dev/null)
python3 - "$json" <<'PY' || fail "bench --json"
import json, sys
d = json.loads(sys.argv[1])
assert d["format"] == "tpx-results" and d["device"] is None
rows = d["results"]
# per size: naive_row x 2 blocks, smem 32x32 x 2 pads, memcpy once
assert len(rows) == 2 * 5, len(rows)
assert all(r["measured"] is None and r["measured_status"] == "not_measured" for r in rows)
assert len(d["skipped"]) == 2 * 2
PY
csv=$("$tpx" bench --no-gpu --kernel tile_rows --block 32x8 --size 256 --pad 0,1 --csv)
[ "$(echo "$csv" | wc -l)" -eq 3 ] || fail "bench --csv rows"
echo "$csv" | head -1 | grep -q "^kernel,block,width,height" || fail "bench --csv header"
echo "$csv" | grep -q '^tile_rows,32x8,256,256,f32,1,0,f32,4.0000,4.0000,1.0000,1.0000,not_measured' ||
    fail "bench --csv row: $csv"

# --tile-dtype (seed 004: f32 data in an f64 tile): the report's keys, the
# refusals (exit 2, nothing printed on stdout), and the bench list
json=$("$tpx" report --no-gpu --json --kernel smem --block 16x16 --size 4096x3072 --pad 0 \
       --tile-dtype f64)
python3 - "$json" <<'PY' || fail "report --tile-dtype json"
import json, sys
d = json.loads(sys.argv[1])
c, m = d["config"], d["model"]
assert c["dtype"] == "f32" and c["element_bytes"] == 4, c
assert c["tile_dtype"] == "f64" and c["tile_element_bytes"] == 8, c
assert c["shared_bytes_per_block"] == 16 * 16 * 8, c
assert m["shared_load"]["wavefronts_per_request"] == 32.0, m["shared_load"]
assert m["shared_store"]["wavefronts_per_request"] == 2.0, m["shared_store"]
assert m["global_load"]["sectors_per_request"] == 4.0, m["global_load"]
PY
json=$("$tpx" report --no-gpu --json --kernel naive_row)
python3 -c 'import json,sys; c=json.loads(sys.argv[1])["config"]; assert "tile_dtype" not in c, c' \
    "$json" || fail "tile_dtype on a kernel without a tile"
for bad in "--kernel naive_row --tile-dtype f64:no shared tile" \
           "--kernel smem --block 32x32 --dtype f64 --tile-dtype f32:cannot hold f64 data" \
           "--kernel smem --tile-dtype f128:unknown tile dtype 'f128'"; do
    args=${bad%%:*} want=${bad#*:}
    set +e
    out=$("$tpx" report --no-gpu $args 2>&1 >/dev/null); rc=$?
    set -e
    [ "$rc" -eq 2 ] || fail "report $args exited $rc"
    echo "$out" | grep -q "$want" || fail "report $args said: $out"
done
json=$("$tpx" bench --no-gpu --kernel smem,naive_row --block 16x16 --size 64 --dtype f32,f64 \
       --tile-dtype f32,f64 --json 2>/dev/null)
python3 - "$json" <<'PY' || fail "bench --tile-dtype"
import json, sys
d = json.loads(sys.argv[1])
got = sorted((r["config"]["kernel"], r["config"]["dtype"], r["config"].get("tile_dtype"))
             for r in d["results"])
# smem: f32 in f32 and f64 tiles, f64 in f64 (an f32 tile is skipped);
# naive_row once per dtype, with no tile
assert got == [("naive_row", "f32", None), ("naive_row", "f64", None), ("smem", "f32", "f32"),
               ("smem", "f32", "f64"), ("smem", "f64", "f64")], got
assert any("cannot hold" in s["reason"] for s in d["skipped"]), d["skipped"]
PY
tab=$("$tpx" bench --no-gpu --kernel smem --block 16x16 --size 64 --tile-dtype f64)
echo "$tab" | grep -q '^smem .* f32/f64 ' || fail "bench table tile dtype: $tab"
tmp=$(mktemp)
"$tpx" bench --no-gpu --kernel copy_row --block 32x8 --size 64 --save "$tmp" >/dev/null
"$tpx" report --replay "$tmp" --kernel copy_row --size 64 --json |
    python3 -c 'import json,sys; r=json.load(sys.stdin); assert r["measured"] is None' || fail "replay"
rm -f "$tmp"
# every catalog kernel gets a finite predicted bandwidth on the H200 profile
for k in $("$tpx" list --json | python3 -c 'import json,sys; print(" ".join(k["id"] for k in json.load(sys.stdin)["kernels"]))'); do
    case $k in smem | tile_strip) b=32x32 ;; tile_vec) b=16x16 ;; *) b=32x8 ;; esac
    size=8192
    [ "$k" != strip_vec ] || size=8192x64 # a thin kernel: a short side of 64
    "$tpx" report --no-gpu --profile h200 --json --kernel "$k" --block $b --size $size |
        SIZE=$size python3 -c '
import json, math, os, sys
wh = [int(v) for v in os.environ["SIZE"].split("x")] * 2
r = json.load(sys.stdin)
m = r["model"]
if m is None:
    assert r["model_note"], r  # the references are measured, not modelled
else:
    g = m["predicted_gbs"]
    assert isinstance(g, float) and math.isfinite(g) and 0 < g < 4814, g
    assert m["prediction"]["limiter"] in ("launch", "latency", "dram", "l2", "sm", "split", "issue")
    assert m["prediction"]["why"].startswith("limited by "), m["prediction"]
    t = m["traffic"]
    # A is read once; a sector B leaves half-written costs a DRAM re-read
    if t["l2_store_split_waits"] == 0:
        assert t["dram_read_bytes"] == wh[0] * wh[1] * 4, t
    else:
        assert wh[0] * wh[1] * 4 < t["dram_read_bytes"] < 3 * wh[0] * wh[1] * 4, t
' || fail "predicted_gbs for $k"
done
"$tpx" report --no-gpu --profile h200 --kernel naive_row --size 8192 | grep -q "predicted .* GB/s on H200" ||
    fail "report table has no predicted line"
# 64-byte atoms of A read again (the L2 lost them between two loaders far
# apart in launch order): their count and bytes in the JSON, a line in the table;
# neither for naive_col, whose loaders of a sector run a grid row apart
for k in diagonal_col naive_col; do
    "$tpx" report --no-gpu --profile h200 --json --kernel $k --block 128x1 --size 11500x5900 |
        K=$k python3 -c '
import json, os, sys
t = json.load(sys.stdin)["model"]["traffic"]
a = 11500 * 5900 * 4
rmw = 64 * t["split_sectors_evicted"]
if os.environ["K"] == "diagonal_col":
    assert t["shared_load_atoms"] > t["reread_atoms"] > 40e6, t
    assert abs(t["dram_read_bytes"] - (a + rmw + 64 * t["reread_atoms"])) < 1e-6 * a, t
else:
    assert t["reread_atoms"] < 0.01 * a / 64, t
' || fail "$k 128x1: the atoms read again in the JSON"
done
# lines the L2 loses whole: naive_row 128x1 at 30000000x5 f16, whose blocks a
# grid row apart write the pieces of every sector of a stretch of B; the
# count in the JSON, the line in the table, the bytes in the DRAM limit's words
"$tpx" report --no-gpu --profile h200 --json --kernel naive_row --block 128x1 --size 30000000x5 \
    --dtype f16 | python3 -c '
import json, sys
m = json.load(sys.stdin)["model"]
t, p = m["traffic"], m["prediction"]
assert t["split_sectors_evicted"] > 30e6, t
assert abs(t["split_sectors_evicted_whole"] - t["split_sectors_evicted"]) < 1, t
assert p["dram_whole_line_bytes"] > 0.9 * t["dram_write_bytes"], p
assert p["limiter"] == "dram" and "written back whole" in p["why"], p
' || fail "naive_row 128x1 at 30000000x5 f16: lines lost whole"
"$tpx" report --no-gpu --profile h200 --kernel naive_row --block 128x1 --size 30000000x5 --dtype f16 |
    grep -q "whole lines .* of them in lines it loses whole" || fail "report table: no whole lines"
# sectors several blocks write in part, lost while they run (docs/prediction.md,
# "Writers that run together"): tile_strip at 6784x13568 f64 writes one 8-byte
# piece a block into each of B's rows, every sector of B (23.0 M) shared; one
# block an SM (1x1024 pad 1) moves half the data in flight of two (32x32), and
# the H200's curve loses a share of them either way, the H100's profile none
for bp in 32x32:0:2 1x1024:1:1; do
    IFS=: read -r b pad bps <<<"$bp"
    "$tpx" report --no-gpu --profile h200 --json --kernel tile_strip --block $b --pad $pad \
        --size 6784x13568 --dtype f64 | BPS=$bps python3 -c '
import json, os, sys
m = json.load(sys.stdin)["model"]
t, p = m["traffic"], m["prediction"]
bps = int(os.environ["BPS"])
assert abs(t["split_sectors_shared"] - 6784 * 13568 * 8 / 32) < 1, t
assert p["blocks_per_sm"] == bps, p
assert abs(p["inflight_mb"] - 132 * bps * 2 * 6784 * 8 / 1e6) < 0.01, p
assert 0.1 * t["split_sectors_shared"] < p["shared_lost_sectors"] < 0.3 * t["split_sectors_shared"], p
' || fail "tile_strip $b pad $pad at 6784x13568 f64: sectors lost while their writers run"
done
"$tpx" report --no-gpu --profile h200 --kernel tile_strip --block 32x32 --size 6784x13568 --dtype f64 |
    grep -q "sectors several blocks write in part lost while they run" || fail "report table: no shared loss"
"$tpx" report --no-gpu --profile h100_sxm --json --kernel tile_strip --block 32x32 --size 6784x13568 \
    --dtype f64 | python3 -c '
import json, sys
assert json.load(sys.stdin)["model"]["prediction"]["shared_lost_sectors"] == 0
' || fail "h100_sxm: a shared loss without a curve"
# runs of B the L2 joins, up to a line: naive_col 8x32's 64-byte runs, whose
# next piece comes a grid row later, within the join distance; tile_rows 32x8's
# whole lines are never joined
for kb in naive_col:8x32:128:True tile_rows:32x8:128:False; do
    IFS=: read -r k b run joined <<<"$kb"
    "$tpx" report --no-gpu --profile h200 --json --kernel $k --block $b --size 9216x11264 |
        RUN=$run J=$joined python3 -c '
import json, os, sys
p = json.load(sys.stdin)["model"]["prediction"]
assert p["run_b_bytes"] == float(os.environ["RUN"]), p
assert p["run_b_joined_in_l2"] == (os.environ["J"] == "True"), p
' || fail "$k $b: the runs the L2 joins, in the JSON"
done
# part-written sectors by the share of the line a block writes (probe fill):
# naive_row 16x8 writes a quarter of each line, 16x32 all of it
for spec in "16x8 0.25" "16x32 1"; do
    set -- $spec
    "$tpx" report --no-gpu --profile h200 --kernel naive_row --block "$1" --size 8192 --json |
        SHARE=$2 python3 -c '
import json, os, sys
p = json.load(sys.stdin)["model"]["prediction"]
assert p["l2_store_partial"] == 1 and p["l2_partial_line_share"] == float(os.environ["SHARE"]), p
assert p["limiter"] == "l2", p
' || fail "naive_row $1: the part-written sectors, in the JSON"
done
"$tpx" report --no-gpu --profile h200 --kernel naive_row --block 16x8 --size 8192 |
    grep -q "stores in part: 2.5 accesses each, a block writing 25 % of each line" ||
    fail "report: no words for the part-written sectors"
"$tpx" report --no-gpu --profile rtx3080 --kernel naive_col --block 8x32 --size 8192 |
    grep -q "writes in runs of 128 B as the L2 joins them (75 %)" || fail "report: no words for the L2's join"
"$tpx" report --no-gpu --profile h200 --kernel diagonal_col --block 128x1 --size 11500x5900 |
    grep -q "^  read again .* 64-byte atoms of A loaded again" || fail "report table: no read-again line"
"$tpx" report --no-gpu --profile h200 --kernel naive_col --block 128x1 --size 11500x5900 |
    grep -q "read again" && fail "report table: a read-again line for naive_col"
"$tpx" report --no-gpu --profile nope >/dev/null 2>"${tmp}.err" && fail "--profile nope accepted"
[ $? -eq 2 ] || fail "--profile nope: exit code"
grep -q "known profiles: a100, h100_sxm, h200, rtx3080, t4" "${tmp}.err" || fail "--profile nope: message"
"$tpx" bench --no-gpu --profile t4 --kernel copy_row --block 32x8 --size 64 --json |
    python3 -c 'import json,sys; r=json.load(sys.stdin)["results"][0]; assert r["model"]["prediction"]["profile"] == "T4"' ||
    fail "bench --profile"
rm -f "${tmp}.err"
# a grid past CUDA's 65535 in y launches folded (tpx_grid_folded), and the
# report says so; a grid within it does not
out=$("$tpx" report --no-gpu --kernel tile_sec --block 32x8 --size 3x9000001)
grep -q "launch: grid 1x140626 = 140626 blocks" <<<"$out" || fail "folded grid: launch line"
grep -q "launched folded, 140626 blocks in one row" <<<"$out" || fail "folded grid: no fold line"
"$tpx" report --no-gpu --kernel tile_sec --block 32x8 --size 3x4000000 | grep -q "launched folded" &&
    fail "a grid of 62500 rows reported folded"
"$tpx" report --no-gpu --kernel tile_sec --block 32x8 --size 3x9000001 --json |
    python3 -c 'import json,sys; assert json.load(sys.stdin)["model"]["prediction"]["grid_folded"] is True' ||
    fail "folded grid: json grid_folded"
# reads the L2 request coalescer merges (traffic_lrc.h): copy_row 2x128 at 6
# columns f32, three blocks side by side over each line, on a profile with the
# lrc probe's shares; none on a profile without them, none for diagonal_row
out=$("$tpx" report --no-gpu --profile h200 --kernel copy_row --block 2x128 --size 6x16000000)
grep -q "of the 36000000 load sectors merged on the way to the L2 (2[0-9] %)" <<<"$out" ||
    fail "lrc: no merge line"
grep -q "% of the reads merged on the way" <<<"$out" || fail "lrc: the l2 words do not say it"
"$tpx" report --no-gpu --profile t4 --kernel copy_row --block 2x128 --size 6x16000000 |
    grep -q "merged on the way" && fail "lrc: merges on a profile without the probe's shares"
"$tpx" report --no-gpu --profile h200 --kernel diagonal_row --block 2x128 --size 6x16000000 --json |
    python3 -c 'import json,sys; assert json.load(sys.stdin)["model"]["prediction"]["l2_read_merged_sectors"] == 0' ||
    fail "lrc: diagonal_row merges"
echo "report, list, bench and help work"
