#!/usr/bin/env bash
# Nsight Compute and a timed bench on tall matrices of 5 to 9 columns
# (bench/ncu_narrow_configs.txt): copy_row and smem_rect, whose blocks that
# share A's rows are neighbours in launch order, against diagonal_row, whose
# are not (issue 18, 2026-12-01).  Table: bench/ncu_narrow_table.py.
# usage (device machine, repository root): bash bench/gpu_narrow_ncu.sh [TPX]
T=${1:-build-gpu/tpx}
NCU_METRICS=l1tex__t_sector_hit_rate.pct,lts__t_sector_hit_rate.pct,lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__m_xbar2l1tex_read_sectors.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,sm__warps_active.avg.pct_of_peak_sustained_active \
  bash bench/ncu_stores_probe.sh "$T" "$OUT/narrow" bench/ncu_narrow_configs.txt
"$T" bench --kernel memcpy,copy_row,smem_rect,diagonal_row --block 2x128,1x256,8x32,4x64,2x64,1x512 \
  --size 6x16000000,9x6000000,5x20000000 --dtype f32,f64,f16 --time-cap 0.04 --csv \
  >"$OUT/narrow/bench.csv" 2>"$OUT/narrow/bench.err"
