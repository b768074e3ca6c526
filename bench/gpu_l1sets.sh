#!/usr/bin/env bash
# Issue 18: do a column kernel's strided loads lose their L1 reuse when A's row
# stride maps every row to the same L1 sets?  The column kernels (naive_col,
# unroll4_col) read one word from each of BX rows per warp instruction; the
# block's other warps read the rest of those lines, from L1 if the lines stay.
# Rows W x 4 bytes apart (32 KiB at W = 8192) may all fall in the same sets.
# Times the column kernels over block shapes at strides that are and are not
# large powers of two, then Nsight Compute's L1 hit rate and L2 read sectors
# for one launch of a few.  Logs in $OUT (or /tmp/tpx-l1sets): l1sets.csv, ncu.csv.
# The answer on an H200 (2026-11-27, bench/results/issue18/): no.  Every stride
# runs alike, the L2 reads each sector once, and the L1's own throughput binds
# the 16- and 32-wide blocks (docs/PERFORMANCE.md, "The prediction against the
# sweeps").
set -u
out=${OUT:-/tmp/tpx-l1sets}
mkdir -p "$out"
t=${TPX:-build-gpu/tpx}
sizes=8192x8192,8000x8192,8320x8192,8200x8192,12288x6144,12000x6144,16384x4096,16000x4096
timeout 300 "$t" bench --kernel memcpy,naive_col,unroll4_col --block 4x32,8x32,16x32,32x32,8x16,16x16,8x64,16x64,32x8 \
    --size "$sizes" --dtype f32 --time-cap 0.1 --csv >"$out/l1sets.csv" 2>"$out/l1sets.err"
echo "bench rc=$?"
s=$(mktemp)
for k in naive_col unroll4_col; do
    for b in 8x32 16x32 32x32; do
        for z in 8192x8192 8000x8192; do
            echo "$t report --once --kernel $k --block $b --size $z --dtype f32 >/dev/null" >>"$s"
        done
    done
done
m=gpu__time_duration.sum,l1tex__t_sector_hit_rate.pct,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
m+=,lts__t_sectors_srcunit_tex_op_read.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,dram__bytes_read.sum
m+=,lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_active
timeout 240 ncu --clock-control none --target-processes all -k regex:tpxk_ --metrics "$m" --csv bash "$s" \
    >"$out/ncu.csv" 2>"$out/ncu.err"
echo "ncu rc=$?"
rm -f "$s"
