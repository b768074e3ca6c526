#!/usr/bin/env bash
# probe lrcw (bench/probes/probe_lrc.cuh): K blocks D launches apart write
# interleaved P-byte pieces of the same rows (copy_row's narrow blocks at a few
# columns), timed (7 cold samples), then once a config under Nsight Compute:
# the L2's write sectors and requests, how busy it is, DRAM (issue 18,
# 2026-12-01); raw in $OUT/lrcw.csv and $OUT/lrcw_ncu.csv
# (bench/results/issue18/h200_lrcw_raw.tgz).
# usage (device machine, repository root): bash bench/gpu_lrcw.sh [PROBE]
set -x
P=${1:-build-gpu/probe}
"$P" lrcw >"$OUT/lrcw.csv" 2>"$OUT/lrcw.err"
ncu --clock-control none -k regex:k_lrcw --csv --page raw --log-file "$OUT/lrcw_ncu.csv" \
  --metrics gpu__time_duration.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_op_write.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_write_lookup_miss.sum,dram__bytes_read.sum,dram__bytes_write.sum \
  "$P" lrcw --once >"$OUT/lrcw_once.csv" 2>&1
python3 bench/probes/lrcw_table.py "$OUT/lrcw.csv" "$OUT/lrcw_ncu.csv" >"$OUT/lrcw_table.csv"
