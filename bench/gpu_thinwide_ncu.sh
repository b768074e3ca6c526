#!/usr/bin/env bash
# Nsight Compute and a timed bench on smem_rect and smem_staged at 16000000x9
# f32 (bench/ncu_thinwide_configs.txt): what DRAM and the L2 do with B sectors
# written in three pieces by blocks half a million launches apart (issue 18,
# HELDOUT43.md, 2026-12-01).  Kept: bench/results/issue18/h200_ncu_thinwide.tgz.
# usage (device machine, repository root): bash bench/gpu_thinwide_ncu.sh [TPX]
T=${1:-build-gpu/tpx}
o=$(mktemp -d)
NCU_METRICS=lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_write_lookup_miss.sum \
  bash bench/ncu_stores_probe.sh "$T" "$o/ncu" bench/ncu_thinwide_configs.txt
"$T" bench --kernel memcpy,smem_rect,smem_staged --block 32x4,16x16,32x8 --size 16000000x9 --dtype f32 \
  --time-cap 0.05 --csv >"$o/bench.csv" 2>&1
tar czf "${OUT:-.}/thinwide_ncu.tgz" -C "$o" ncu bench.csv
