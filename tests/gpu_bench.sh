#!/usr/bin/env bash
# GPU test: tpx bench measures, verifies and saves; the saved file replays
# the same numbers through tpx report --replay; tpx report measures.
# Exit 77 (skipped) without a GPU.
set -eu
tpx=$1
fail() { echo "FAIL: $*"; exit 1; }
n=$("$tpx" list --devices --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["devices"]))')
[ "$n" -gt 0 ] || { echo "no CUDA device: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$tpx" bench --kernel memcpy,cublas,naive_row,smem,tile_rows --block 32x8,32x32 --size 2048 \
    --dtype f32,f16 --pad 0,1 --samples 10 --time-cap 0.2 --save "$tmp/r.json" >"$tmp/table.txt"
cat "$tmp/table.txt"
python3 - "$tmp/r.json" <<'PY' || fail "bench --save"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["format"] == "tpx-results" and d["device"]["sms"] > 0
rows = d["results"]
# per dtype: memcpy, cublas, naive_row x 2 blocks, smem 32x32 x 2 pads, tile_rows x 2 x 2
assert len(rows) == 2 * (1 + 1 + 2 + 2 + 4), len(rows)
for r in rows:
    c, m = r["config"], r["measured"]
    if c["kernel"] == "cublas" and c["dtype"] == "f16":
        assert m is None and r["measured_status"] == "unavailable", r
        continue
    assert m and m["verified"] and m["samples"] >= 10 and m["gbs"] > 0, r
    assert m["pct_memcpy"] > 0 and m["l2_badge"] == "L2-resident", r
    if c["kernel"] != "memcpy" and c["kernel"] != "cublas":
        assert r["model"]["global_load"]["requests"] > 0
assert any("square" in s["reason"] for s in d["skipped"])
PY
grep -q "skipped (invalid combinations)" "$tmp/table.txt" || fail "table notes"

want=$(python3 -c 'import json,sys
for r in json.load(open(sys.argv[1]))["results"]:
    c = r["config"]
    if c["kernel"] == "tile_rows" and c["block"] == "32x8" and c["pad"] == 1 and c["dtype"] == "f32":
        print(r["measured"]["median_ms"])' "$tmp/r.json")
got=$("$tpx" report --replay "$tmp/r.json" --kernel tile_rows --block 32x8 --pad 1 --size 2048 --json |
      python3 -c 'import json,sys; print(json.load(sys.stdin)["measured"]["median_ms"])')
[ "$want" = "$got" ] || fail "replay gave $got, saved $want"
"$tpx" report --replay "$tmp/r.json" --kernel naive_col --size 2048 --json |
    python3 -c 'import json,sys; r=json.load(sys.stdin); assert r["measured"] is None and r["measured_status"] == "not_measured"' ||
    fail "replay of an unsaved config"

"$tpx" report --kernel tile_rows --block 64x4 --pad 1 --size 4096 --json | python3 -c '
import json, sys
r = json.load(sys.stdin)
m = r["measured"]
assert m["verified"] and m["samples"] >= 10 and m["occupancy"]["blocks_per_sm"] > 0, m
print("tpx report tile_rows 64x4 p1 4096^2: %.1f GB/s, %.1f%% of memcpy" % (m["gbs"], m["pct_memcpy"]))
' || fail "report measured"
"$tpx" report --kernel cublas --dtype f16 --size 1024 | grep -q "cuBLAS has no f16 geam" || fail "cublas f16"
"$tpx" report --device 99 --size 64 2>&1 >/dev/null | grep -q "does not exist" || fail "--device 99"
echo "bench, save, replay and report work on the GPU"
