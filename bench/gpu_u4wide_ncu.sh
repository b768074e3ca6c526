#!/usr/bin/env bash
# Nsight Compute and a timed bench on unroll4_row's 2- and 4-wide and naive_row's
# 4- and 8-wide blocks at ordinary sizes (bench/ncu_u4wide_configs.txt): the
# L2's write sectors and requests against the SMs' store sectors, where pstr's
# L2 constants ranked the wider block first (issue 18, 2026-12-01).  Table:
# bench/ncu_u4wide_table.py $OUT/u4 (bench/results/issue18/h200_ncu_u4wide.csv).
# usage (device machine, repository root): bash bench/gpu_u4wide_ncu.sh [TPX]
T=${1:-build-gpu/tpx}
NCU_METRICS=lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sectors_srcunit_tex_op_write_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_write_lookup_miss.sum \
  bash bench/ncu_stores_probe.sh "$T" "$OUT/u4" bench/ncu_u4wide_configs.txt
"$T" bench --kernel memcpy,unroll4_row,naive_row --block 2x64,4x64,2x128,4x128,8x32 \
  --size 9500x7300,11500x5900,9700x8100,3000x30000 --dtype f32 --time-cap 0.04 --csv >"$OUT/u4/bench_f32.csv" 2>&1
"$T" bench --kernel memcpy,unroll4_row --block 2x64,4x64,2x128,4x128 \
  --size 11800x6400,11000x6900 --dtype f16 --time-cap 0.04 --csv >"$OUT/u4/bench_f16.csv" 2>&1
