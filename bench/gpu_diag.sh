#!/usr/bin/env bash
# Nsight Compute sections (2026-11-27) for
#  (1) tile_gather 32x8 against the probe's vg32 (same tile) at 8191x8193 f16:
#      where tile_gather's extra time goes (instructions, stalls, shared, L2);
#  (2) unroll4_row and column kernels' L1 hits and L2 read sectors at the
#      held-out shapes the model misses (does L1 reuse cross blocks?).
# Logs in $OUT (or /tmp/tpx-diag): vg.csv, tpx.csv (an H200's:
# bench/results/issue20/h200_diag_vg_ncu.csv, bench/results/issue18/h200_diag_ncu.csv).
# Needs build-gpu's tpx and odd_probe.
# The answers on an H200 (2026-11-27): (1) tile_gather held 6 blocks an SM at
# 40 registers (69 % of the warps against the probe's 90 %) and ran 63 M
# instructions against 45 M; (2) no: the L2 reads what the model says
# (unroll4_row 1x64 f16 at 10000^2: 23.9 M sectors, model 25 M), and the L1's
# own throughput binds (92-99 %), yet a block of 1x64 takes 164 L1 cycles for
# f16 and 281 for f32 with the same lines per instruction: a cost by lines
# alone cannot say that.
set -u
out=${OUT:-/tmp/tpx-diag}
mkdir -p "$out"
t=${TPX:-build-gpu/tpx}
sec="--section SpeedOfLight --section MemoryWorkloadAnalysis_Tables --section InstructionStats --section WarpStateStats --section Occupancy --section LaunchStats"
met=l1tex__t_sector_hit_rate.pct,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,smsp__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
timeout 200 ncu --clock-control none --cache-control all -k regex:"vg_k" $sec --metrics $met --csv --page details \
    build-gpu/odd_probe --once --size 8191x8193 --dtype f16 >"$out/vg.csv" 2>"$out/vg.err"
echo "vg rc=$?"
s=$(mktemp)
echo "$t report --once --kernel tile_gather --block 32x8 --size 8191x8193 --dtype f16 >/dev/null" >>"$s"
echo "$t report --once --kernel tile_gather --block 64x4 --size 8191x8193 --dtype f16 >/dev/null" >>"$s"
for b in 1x64 2x64 4x64; do
    echo "$t report --once --kernel unroll4_row --block $b --size 10000x10000 --dtype f16 >/dev/null" >>"$s"
    echo "$t report --once --kernel unroll4_row --block $b --size 12288x6144 --dtype f32 >/dev/null" >>"$s"
done
echo "$t report --once --kernel naive_col --block 16x16 --size 12288x6144 --dtype f32 >/dev/null" >>"$s"
echo "$t report --once --kernel naive_col --block 8x32 --size 12288x6144 --dtype f32 >/dev/null" >>"$s"
echo "$t report --once --kernel copy_col --block 1x256 --size 10000x10000 --dtype f16 >/dev/null" >>"$s"
timeout 300 ncu --clock-control none --cache-control all --target-processes all -k regex:tpxk_ $sec --metrics $met \
    --csv --page details bash "$s" >"$out/tpx.csv" 2>"$out/tpx.err"
echo "tpx rc=$?"
rm -f "$s"
