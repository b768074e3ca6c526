#!/usr/bin/env bash
# probe lrc or lrcl (bench/probes/probe_lrc.cuh): K blocks D launches apart read
# the same addresses, N lines an instruction (lrc: 8 loads a thread, lines 1 or 16
# apart; lrcl: 1, 2, 4 or 8 loads a thread); timed (7 cold samples), then once a
# config under Nsight Compute: L1's load sectors, the L2's read sectors and the
# L2 request coalescer's counts (issue 18, 2026-12-01); $OUT/MODE_table.csv
# (bench/probes/lrc_table.py) is what bench/results/issue18/h200_MODE.csv holds.
# usage (device machine, repository root): bash bench/gpu_lrc.sh [PROBE [lrc|lrcl]]
#   PROBE: the probe binary (default build-gpu/probe, built with
#   nvcc -arch=sm_90 -O3 -std=c++17 -o build-gpu/probe bench/probes/probe.cu)
set -x
P=${1:-build-gpu/probe}
M=${2:-lrc}
case $M in lrc) T= ;; lrcl) T=--loads ;; *) echo "gpu_lrc.sh: mode lrc or lrcl, not $M" >&2; exit 2 ;; esac
"$P" "$M" >"$OUT/$M.csv" 2>"$OUT/$M.err"
ncu --clock-control none -k regex:k_lrc --csv --page raw --log-file "$OUT/${M}_ncu.csv" \
  --metrics gpu__time_duration.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_read.sum,lrc__xbar2lrc_requests_op_read.sum,lrc__request_sectors_op_read_coalescable.sum,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum,lrc__lrc2xbar_sectors_op_read.sum,dram__bytes_read.sum \
  "$P" "$M" --once >"$OUT/${M}_once.csv" 2>&1
python3 bench/probes/lrc_table.py $T "$OUT/$M.csv" "$OUT/${M}_ncu.csv" >"$OUT/${M}_table.csv"
