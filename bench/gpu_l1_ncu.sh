#!/usr/bin/env bash
# Issue 18 (2026-11-30): where consecutive blocks run (probe place) and Nsight
# Compute on bench/ncu_l1_configs.txt (tall thin shapes: loads that hit in L1
# across blocks, stores merged in L1).  Run on the device from the repo root
# with build-gpu/probe (nvcc -arch=sm_90 -O3 -std=c++17 -o build-gpu/probe
# bench/probes/probe.cu) and build-gpu/tpx; tables to $OUT.
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $OUT/env.txt
timeout 150 build-gpu/probe place > $OUT/place.csv 2>$OUT/place.err
echo "place rc=$?" >> $OUT/env.txt
NCU_METRICS=l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed \
  timeout 400 bash bench/ncu_stores_probe.sh build-gpu/tpx $OUT/ncu bench/ncu_l1_configs.txt
echo "ncu rc=$?" >> $OUT/env.txt
cd $OUT && tar czf ncu_raw.tgz ncu && rm -rf ncu
