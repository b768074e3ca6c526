#!/usr/bin/env bash
# Nsight Compute on tile_strip at ordinary sizes, one block an SM against two
# (bench/ncu_strip_occ_configs.txt), and the same kernel's 1024-thread shapes timed;
# issue 18, 2026-11-30.  usage (device machine, repository root, build-gpu/tpx built):
# bash bench/gpu_strip_occ_ncu.sh
set -x
NCU_SECTIONS="WarpStateStats" NCU_METRICS=lts__t_sectors_op_write.sum,lts__t_sectors_op_read.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,lts__t_sectors_srcunit_tex_op_write_lookup_miss.sum,lts__t_sectors_srcunit_tex_op_write_lookup_hit.sum,lts__t_requests_srcunit_tex_op_read.sum,sm__cycles_elapsed.avg \
  bash bench/ncu_stores_probe.sh build-gpu/tpx $OUT/ncu bench/ncu_strip_occ_configs.txt
(cd $OUT && tar czf ncu_raw.tgz ncu && rm -rf ncu)
build-gpu/tpx bench --kernel memcpy,tile_strip --block 1024x1,32x32,1x1024 --pad 0,1 \
  --size 6000x12500,7000x12000 --dtype f64,f32 --time-cap 0.1 --save $OUT/strip_occ.json > $OUT/strip_occ.txt 2>&1
