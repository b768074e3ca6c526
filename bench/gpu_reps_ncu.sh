#!/usr/bin/env bash
# Nsight Compute on the tile kernels' blind misses (issue 18, 2026-11-28):
# tile_rows at 11000x6000 f32 (rows 96 bytes past a multiple of 128), where
# the blocks that give a thread 16-64 rows of its tile (64x2, 32x1, 128x4)
# are predicted 17-41 % fast and those with 4-8 rows 7-10 %, against the same
# shapes at 8192^2 (aligned rows), and 5000x7000 f64: where their time goes
# (DRAM and L2 traffic, warp stalls, occupancy).  Log in $OUT (or
# /tmp/tpx-reps): reps_ncu.csv, configs.txt (the launches in order).
# usage: OUT=dir [PROBE=probe] bench/gpu_reps_ncu.sh TPX
set -u
tpx=$1
out=${OUT:-/tmp/tpx-reps}
mkdir -p "$out"
s="$out/configs.txt"
: >"$s"
for spec in "11000x6000 f32 64x2,64x4,64x8,32x1,32x4,128x4" "8192x8192 f32 64x2,64x8,32x1,32x4" \
    "5000x7000 f64 32x1,32x8,64x4,64x16"; do
    read -r size dt blocks <<<"$spec"
    for b in ${blocks//,/ }; do
        echo "$tpx report --once --kernel tile_rows --block $b --size $size --dtype $dt --pad 1 >/dev/null" >>"$s"
    done
done
sec="--section SpeedOfLight --section WarpStateStats --section Occupancy --section MemoryWorkloadAnalysis_Tables"
met=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,smsp__inst_executed.sum
timeout 400 ncu --clock-control none --target-processes all -k regex:tpxk_ $sec --metrics $met \
    --csv --page details bash "$s" >"$out/reps_ncu.csv" 2>"$out/reps_ncu.err"
echo "ncu rc=$?"
# the warps' stall reasons (the section's raw metrics) for the 11000x6000 and
# 8192^2 f32 configs, and for probe reps at a pitch 32 bytes off (PAD 8)
head -10 "$s" >"$out/stall_configs.txt"
timeout 300 ncu --clock-control none --target-processes all -k regex:tpxk_ --section WarpStateStats \
    --csv --page raw bash "$out/stall_configs.txt" >"$out/stall_ncu.csv" 2>>"$out/reps_ncu.err"
echo "ncu stalls rc=$?"
if [ -n "${PROBE:-}" ]; then
    timeout 300 ncu --clock-control none -k regex:k_reps --section WarpStateStats --csv --page raw \
        "$PROBE" reps 8 --once >"$out/stall_probe_ncu.csv" 2>>"$out/reps_ncu.err"
    echo "ncu probe stalls rc=$?"
fi
