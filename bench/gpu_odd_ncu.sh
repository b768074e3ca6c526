#!/usr/bin/env bash
# Nsight Compute counters of issue 20's probe kernels (bench/odd_probe.cu,
# cmake --build build-gpu --target odd_probe) at one shape, f16 and f32: which
# unit binds each (L2 and DRAM throughput, L2 sectors and requests, shared
# wavefronts and conflicts, issue slots, stall reasons).  One launch each,
# caches flushed.  Log: $OUT/ncu_probe.csv (or /tmp/tpx-odd-ncu).
# usage: bench/gpu_odd_ncu.sh [WxH]   (default 8191x8193)
set -u
out=${OUT:-/tmp/tpx-odd-ncu}
mkdir -p "$out"
m=gpu__time_duration.sum,sm__inst_executed.sum,smsp__issue_active.avg.pct_of_peak_sustained_active
m+=,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
m+=,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
m+=,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,lts__t_requests_op_write.sum
m+=,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed
m+=,l1tex__throughput.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active
m+=,smsp__average_warps_issue_stalled_long_scoreboard_per_issue_active.ratio
m+=,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio
m+=,smsp__average_warps_issue_stalled_mio_throttle_per_issue_active.ratio
m+=,smsp__average_warps_issue_stalled_lg_throttle_per_issue_active.ratio
m+=,smsp__average_warps_issue_stalled_short_scoreboard_per_issue_active.ratio,dram__bytes_read.sum,dram__bytes_write.sum
timeout 300 ncu --clock-control none --cache-control all --kernel-name regex:"tile_sec|win_k|sec_k|vl_k|vg_k|rows_k" \
    --metrics "$m" --csv build-gpu/odd_probe --once --size "${1:-8191x8193}" --dtype f16,f32 \
    >"$out/ncu_probe.csv" 2>"$out/ncu_probe.err"
echo "ncu rc=$?"
