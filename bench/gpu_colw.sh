#!/usr/bin/env bash
# probe colw (bench/probes/probe_colw.cuh): a row of A into a column of B a
# block, at 1 to 8 blocks an SM; timed (7 cold samples), then once a config
# under Nsight Compute for the DRAM bytes (issue 18, 2026-11-30).
# usage (device machine, repository root): bash bench/gpu_colw.sh [PROBE]
#   PROBE: the probe binary (default build-gpu/probe, built with
#   nvcc -arch=sm_90 -O3 -std=c++17 -o build-gpu/probe bench/probes/probe.cu)
set -x
P=${1:-build-gpu/probe}
"$P" colw >"$OUT/colw.csv" 2>"$OUT/colw.err"
ncu --clock-control none -k regex:k_colw --csv --page raw --log-file "$OUT/colw_ncu.csv" \
  --metrics dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active \
  "$P" colw --once >"$OUT/colw_once.csv" 2>&1
