#!/usr/bin/env bash
# probe lrcl (bench/probes/probe_lrc.cuh): probe lrc's pairs and triples of
# blocks reading the same addresses by the loads a thread sends (1, 2, 4, 8),
# timed (7 cold samples), then once a config under Nsight Compute with the L2
# request coalescer's counts (issue 18, 2026-12-01); $OUT/lrcl_table.csv
# (bench/probes/lrc_table.py --loads) is what bench/results/issue18/h200_lrcl.csv holds.
# usage (device machine, repository root): bash bench/gpu_lrcl.sh [PROBE]
#   PROBE: the probe binary (default build-gpu/probe, built with
#   nvcc -arch=sm_90 -O3 -std=c++17 -o build-gpu/probe bench/probes/probe.cu)
set -x
P=${1:-build-gpu/probe}
"$P" lrcl >"$OUT/lrcl.csv" 2>"$OUT/lrcl.err"
ncu --clock-control none -k regex:k_lrcl --csv --page raw --log-file "$OUT/lrcl_ncu.csv" \
  --metrics gpu__time_duration.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_read.sum,lrc__xbar2lrc_requests_op_read.sum,lrc__request_sectors_op_read_coalescable.sum,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum,lrc__lrc2xbar_sectors_op_read.sum,dram__bytes_read.sum \
  "$P" lrcl --once >"$OUT/lrcl_once.csv" 2>&1
python3 bench/probes/lrc_table.py --loads "$OUT/lrcl.csv" "$OUT/lrcl_ncu.csv" >"$OUT/lrcl_table.csv"
