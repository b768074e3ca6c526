#!/usr/bin/env bash
# The shipped result files hold a verified measurement of every seed's own
# experiment: each config below, replayed from bench/results/h200.json and
# h100.json through tpx report, must come back verified with a GB/s (a file
# that lost one fails here, not on a teacher's screen).
set -eu
tpx=$1
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }
files=()
for g in h200 h100; do
    [ -f "$root/bench/results/$g.json" ] && files+=("$g")
done
[ ${#files[@]} -gt 0 ] || { echo "no shipped results"; exit 77; }

# kernel block size dtype pad: why
experiments=(
    # seed 000: 4000x4000, the naive kernel against writes made coalesced by a padded tile
    "naive_row 32x32 4000 f32 0" "naive_col 32x32 4000 f32 0" "smem 32x32 4000 f32 1"
    # seed 001: 8192x8192 with 16x16 blocks, naive against shared memory
    "naive_row 16x16 8192 f32 0" "smem 16x16 8192 f32 0" "smem 16x16 8192 f32 1"
    # seed 002: 2048x2048, every variant with 16x16 blocks, and diagonal_col with 8x32
    "copy_row 16x16 2048 f32 0" "copy_col 16x16 2048 f32 0" "naive_row 16x16 2048 f32 0"
    "naive_col 16x16 2048 f32 0" "unroll4_row 16x16 2048 f32 0" "unroll4_col 16x16 2048 f32 0"
    "diagonal_row 16x16 2048 f32 0" "diagonal_col 16x16 2048 f32 0" "smem 16x16 2048 f32 0"
    "diagonal_col 8x32 2048 f32 0" "naive_row 8x32 2048 f32 0"
    # seed 003: rectangular blocks for the shared tile, at the large size
    "smem_rect 32x8 8192 f32 0" "smem_rect 32x16 8192 f32 0" "smem_rect 16x8 8192 f32 0"
    "smem_rect 8x16 8192 f32 0" "smem_rect 8x32 8192 f32 0" "smem_rect 32x8 8192 f32 1"
    # seed 004: 4096x3072 doubles, the naive kernel and the shared tile, padded and not
    "naive_row 16x16 4096x3072 f64 0" "smem 16x16 4096x3072 f64 0" "smem 16x16 4096x3072 f64 1"
    # NVIDIA's tile_rows 32x8, padded, and the references at each size
    "tile_rows 32x8 8192 f32 1" "memcpy 32x8 8192 f32 0" "cublas 32x8 8192 f32 0"
    "memcpy 32x8 4000 f32 0" "memcpy 32x8 2048 f32 0" "memcpy 32x8 4096x3072 f64 0"
)
# Every report's JSON goes to one file, a line each, and one python reads
# them all (a python per report was half of this test's time).
out=$(mktemp)
trap 'rm -f "$out"' EXIT
n=0
for g in "${files[@]}"; do
    for e in "${experiments[@]}"; do
        read -r k b s t p <<<"$e"
        json=$("$tpx" report --replay "$g" --kernel "$k" --block "$b" --size "$s" --dtype "$t" \
            --pad "$p" --json) || fail "$g: tpx report failed for $e"
        printf '%s\t%s\n' "$g.json: $e" "$(tr -d '\n' <<<"$json")" >>"$out"
        n=$((n + 1))
    done
done
python3 - "$out" <<'PY' || exit 1
import json, sys
bad = 0
for line in open(sys.argv[1]):
    what, doc = line.rstrip('\n').split('\t', 1)
    m = json.loads(doc).get("measured") or {}
    if not (m.get("verified") and (m.get("gbs") or 0) > 0):
        print(f"FAIL: {what}: no verified measurement")
        bad += 1
sys.exit(1 if bad else 0)
PY
echo "ok: $n measurements found"
