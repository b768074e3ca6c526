#!/usr/bin/env bash
# probe colw (bench/probes/probe_colw.cuh): a row of A into a column of B a
# block, at 1 to 8 blocks an SM; timed (7 cold samples), then once a config
# under Nsight Compute for the DRAM bytes (issue 18, 2026-11-30).
# usage (device machine, repository root): bash bench/gpu_colw.sh [PROBE [MODE]]
#   PROBE: the probe binary (default build-gpu/probe, built with
#   nvcc -arch=sm_90 -O3 -std=c++17 -o build-gpu/probe bench/probes/probe.cu)
#   MODE: colw (default) or colw16 (12 and 16 elements a thread)
# $OUT/MODE_table.csv: the rows with the DRAM bytes (bench/probes/colw_table.py),
# what bench/results/issue18/h200_colw.csv holds.
set -x
P=${1:-build-gpu/probe}
M=${2:-colw}
"$P" "$M" >"$OUT/$M.csv" 2>"$OUT/$M.err"
ncu --clock-control none -k regex:k_colw --csv --page raw --log-file "$OUT/${M}_ncu.csv" \
  --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active \
  "$P" "$M" --once >"$OUT/${M}_once.csv" 2>&1
python3 bench/probes/colw_table.py "$OUT/$M.csv" "$OUT/${M}_ncu.csv" >"$OUT/${M}_table.csv"
