#!/usr/bin/env bash
# The fill probe (bench/probes/probe_fill.cuh, twice) and Nsight Compute's view
# of naive_row's strided stores by block height (the L2's breakdown, DRAM), for
# the L2's cost of part-written sectors by the share of its line a block writes
# (issue 18, 2026-11-30; bench/results/issue18/h200_fill.csv, h200_fill_ncu.tgz).
# The device tool brings back 8 files: 8x16 and 8x32's ncu came from the
# stores probe (h200_ncu_stores_raw.tgz).  usage: bench/gpu_fill.sh TPX PROBE OUTDIR
T=$1; P=$2; out=$3; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv >"$out/env.log"
for i in 1 2; do timeout 120 "$P" fill >"$out/fill_$i.csv" 2>>"$out/env.log"; done
M=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,breakdown:lts__throughput.avg.pct_of_peak_sustained_elapsed
for b in 16x8 16x16 16x32 8x16 8x32 32x8 32x32; do
  timeout 60 ncu --clock-control none -k regex:tpxk_ --metrics $M --csv --page raw "$T" report --once \
    --kernel naive_row --block $b --size 8192 --dtype f32 >"$out/ncu_naive_row_$b.csv" 2>&1 </dev/null
done
