#!/usr/bin/env bash
# Where tile_gather's time goes at 8191x8193 (issue 20): Nsight Compute's
# sections and its SASS page (stall samples and executions per instruction)
# for f16 64x4 and 32x8, f32 64x4 and f64 32x8, and the four timed beside
# memcpy in one run.  Needs build-gpu/tpx (or TPX).  Another kernel, size and
# configs: TPX_DIAG_KERNEL, TPX_DIAG_SIZE, TPX_DIAG_CFGS ("f16 64x4,f32 32x8").
# Logs in $OUT (or /tmp/d):
# <dtype>_<block>.details.csv, .sass.csv, bench.txt, and all in diag.tgz.
# An H200's, 2026-11-27: bench/results/issue20/h200_diag20_*.csv and
# h200_gather_sass_64x4_f16.csv.gz (docs/PERFORMANCE.md, the fourth step).
set -u
out=${OUT:-/tmp/d}; mkdir -p $out
t=${TPX:-build-gpu/tpx}
k=${TPX_DIAG_KERNEL:-tile_gather}
size=${TPX_DIAG_SIZE:-8191x8193}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $out/gpu.txt
sec="--section SpeedOfLight --section WarpStateStats --section SchedulerStats --section InstructionStats --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis_Tables --section SourceCounters"
IFS=, read -r -a cfgs <<<"${TPX_DIAG_CFGS:-f16 64x4,f32 64x4,f64 32x8,f16 32x8}"
for cfg in "${cfgs[@]}"; do
  set -- $cfg
  n=$1_$2
  timeout 120 ncu --clock-control none --cache-control all -k regex:tpxk_ $sec --import-source no -o $out/$n -f \
     $t report --once --kernel $k --block $2 --size $size --dtype $1 > $out/$n.log 2>&1
  ncu --import $out/$n.ncu-rep --csv --page details > $out/$n.details.csv 2>/dev/null
  ncu --import $out/$n.ncu-rep --csv --page source --print-source sass > $out/$n.sass.csv 2>/dev/null
  rm -f $out/$n.ncu-rep
done
# timings in one run
$t bench --kernel memcpy,$k --block 64x4,32x8 --size $size --dtype f16,f32,f64 > $out/bench.txt 2>&1
cd $out && tar czf /tmp/diag.tgz . && mv /tmp/diag.tgz $out/
