#!/usr/bin/env bash
# Issue 20's shipped results: the odd-shape grid of bench/gpu_issue20_sec.sh
# saved as a result document (docs/results-format.md) for `--load NAME`:
# $OUT/odd.json, made compact by bench/merge_results.py.
# usage: bench/gpu_issue20_save.sh [build-dir]
set -u
b=${1:-build-gpu}
out=${OUT:-/tmp/tpx-issue20-save}
mkdir -p "$out"
grid=8192x8192,16384x16384,4000x4000,12288x6144,1024x65536,65536x1024
grid+=,8191x8193,8193x8191,6001x3999,4097x4095,12345x6789,10007x5003,16383x16385
timeout 300 "$b/tpx" bench --kernel memcpy,cublas,tile_sec,tile_vec,tile_rows,copy_vec --block 32x8,16x16 \
    --pad 0,1 --size "$grid" --dtype f32,f16,f64 --time-cap 0.15 --save "$out/raw.json" >"$out/bench.log" 2>&1
echo "bench rc=$?"
python3 bench/merge_results.py "$out/raw.json" -o "$out/odd.json" --compact && echo "merged"
