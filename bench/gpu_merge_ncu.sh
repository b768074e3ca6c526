#!/usr/bin/env bash
# Issue 18 (2026-11-30): Nsight Compute on bench/ncu_merge_configs.txt, the
# tall thin shapes whose blocks side by side read the same lines at once:
# L1's load sectors and hits against the L2's read requests and sectors
# (ncu_raw.tgz), then the L2 request coalescer's reads (ncu_lrc_raw.tgz).
# Run on the device from the repo root with build-gpu/tpx; tables to $OUT
# (bench/results/issue18/h200_ncu_merge.txt and h200_ncu_lrc.txt).
set -u
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $OUT/env.txt
ncu --query-metrics --chip gh100 > $OUT/metrics_gh100.txt 2>&1
NCU_METRICS=l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed \
  timeout 400 bash bench/ncu_stores_probe.sh build-gpu/tpx $OUT/ncu bench/ncu_merge_configs.txt
echo "ncu rc=$?" >> $OUT/env.txt
(cd $OUT && tar czf ncu_raw.tgz ncu && rm -rf ncu)
NCU_METRICS=lrc__xbar2lrc_requests_op_read.sum,lrc__request_sectors_op_read_coalescable.sum,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum,lrc__lrc2xbar_sectors_op_read.sum,lrc__xbar2gpc_sectors_op_read.sum,lrc__lrc2xbar_sectors_op_read_coalescing_achieved.sum \
  timeout 400 bash bench/ncu_stores_probe.sh build-gpu/tpx $OUT/ncu bench/ncu_merge_configs.txt
echo "ncu lrc rc=$?" >> $OUT/env.txt
(cd $OUT && tar czf ncu_lrc_raw.tgz ncu && rm -rf ncu)
