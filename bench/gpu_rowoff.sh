#!/usr/bin/env bash
# Where B's rows start inside a line: the row kernels' block shapes at
# W = 8192 and H = 8192, 8200, 8208, 8216 (B's rows 0, 32, 64, 96 bytes into a
# line) and 8196 (16 into a sector), f32, and f64 at H = 8192, 8196, 8200,
# 8204, cold, the row kernels' usual 17 block shapes; then Nsight Compute on naive_row's
# 4- and 8-wide blocks at those sizes (bench/ncu_rowoff_configs.txt).  Why:
# naive_row 8x32 measures 71-83 % of 4x64 at 9000x9000 and 9800x7700 f32, where
# each block's 128 bytes of a B row straddle two lines (issue 18, 2026-12-01).
# Kept: bench/results/issue18/h200_rowoff.json.gz (the two --save files,
# bench/merge_results.py --compact) and h200_rowoff_ncu.tgz.
# usage (device machine, repository root): bash bench/gpu_rowoff.sh [TPX]
T=${1:-build-gpu/tpx}
o=$OUT/rowoff; mkdir -p "$o"
"$T" bench --kernel memcpy,naive_row,unroll4_row,diagonal_row --block 2x64,2x128,2x256,4x32,4x64,4x128,4x256,8x16,8x32,8x64,8x128,16x8,16x16,16x32,32x8,1x256,2x512 \
  --size 8192x8192,8192x8200,8192x8208,8192x8216,8192x8196,9000x9000 --dtype f32 --time-cap 0.04 \
  --save "$o/bench_f32.json" >"$o/bench_f32.txt" 2>&1
"$T" bench --kernel memcpy,naive_row,unroll4_row --block 2x64,2x128,2x256,4x32,4x64,4x128,4x256,8x16,8x32,8x64,8x128,16x8,16x16,16x32,32x8,1x256,2x512 \
  --size 8192x8192,8192x8196,8192x8200,8192x8204 --dtype f64 --time-cap 0.04 \
  --save "$o/bench_f64.json" >"$o/bench_f64.txt" 2>&1
NCU_METRICS=lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write_lookup_miss.sum \
  bash bench/ncu_stores_probe.sh "$T" "$o/ncu" bench/ncu_rowoff_configs.txt
# one archive: the device tool brings back only so many files
tar czf "$OUT/rowoff_ncu.tgz" -C "$o" ncu && rm -rf "$o/ncu"
