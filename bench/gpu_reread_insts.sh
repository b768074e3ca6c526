#!/usr/bin/env bash
# Issue 18, 2026-12-01: two probes in one device call.
#  1. Nsight Compute on A's sectors read again (bench/ncu_reread_configs.txt): DRAM read
#     bytes, L2 read sectors and the warp instructions of each config (the last four
#     lines: tile_gather and tile_sec at thin sizes, where the model's issue limit binds).
#  2. The instruction probe (bench/probes/insts.sh) at narrow and thin sizes it had not
#     run (B rows or A rows of 3 to 16 elements), for the gather and strip kernels.
# usage (device machine, repository root): bash bench/gpu_reread_insts.sh [TPX]
T=${1:-build-gpu/tpx}
o=$(mktemp -d)
NCU_METRICS=smsp__inst_executed.sum,smsp__warps_launched.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed \
  bash bench/ncu_stores_probe.sh "$T" "$o/ncu" bench/ncu_reread_configs.txt
INSTS_DEADLINE=${INSTS_DEADLINE:-330} INSTS_GROUPS="tile_sec,tile_gather,tile_vec,strip_vec,tile_strip" \
  bash bench/probes/insts.sh "$T" "$o/insts" ${INSTS_SIZES:-300001x9 10x300001 200001x16 6x400001 300001x11 11x300001 3x1000001}
tar czf "${OUT:-.}/reread_insts.tgz" -C "$o" ncu insts
