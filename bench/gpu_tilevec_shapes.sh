#!/usr/bin/env bash
# Issue 18: why tile_vec 16x4 measures 8 % under 16x8 where the model ties them
# (H200, 12288x6144 f32): tpx bench over 8 blocks, then Nsight Compute sections
# on 6 of them.  Logs in $OUT (or /tmp/tvncu).
set -u
out=${OUT:-/tmp/tvncu}; mkdir -p $out
t=build-gpu/tpx
$t bench --kernel memcpy,tile_vec --block 16x8,16x4,16x2,8x8,8x4,8x2,32x16,32x8 --size 12288x6144,14336x5120 --dtype f32 --time-cap 0.1 --csv > $out/bench.csv 2>>$out/err.log
s=$(mktemp)
for bl in 16x8 16x4 16x2 8x8 8x2 32x8; do
  echo "$t report --once --kernel tile_vec --block $bl --size 12288x6144 --dtype f32 >/dev/null" >> $s
done
sec="--section SpeedOfLight --section MemoryWorkloadAnalysis --section WarpStateStats --section Occupancy --section LaunchStats --section SchedulerStats"
timeout 300 ncu --clock-control none --cache-control all --target-processes all -k regex:tpxk_ $sec \
  --metrics dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,smsp__warps_issue_stalled_long_scoreboard_per_issue_active.ratio,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,smsp__cycles_active.avg \
  --csv --page details bash $s > $out/ncu.csv 2> $out/ncu.err
echo "ncu rc=$?"
