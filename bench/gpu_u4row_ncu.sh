#!/usr/bin/env bash
# Nsight Compute on unroll4_row's f16 block widths (bench/ncu_u4row_configs.txt); issue 18, 2026-11-30.
# usage (device machine, repository root, build-gpu/tpx built): bash bench/gpu_u4row_ncu.sh
set -x
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $OUT/smi.txt
NCU_SECTIONS="WarpStateStats" NCU_METRICS=lts__t_sectors_op_write.sum,lts__t_requests_op_write.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_active,sm__warps_active.avg.pct_of_peak_sustained_active,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_pipe_lsu_wavefronts.sum,l1tex__lsu_writeback_active.sum,sm__cycles_elapsed.avg,lts__t_sectors_srcunit_tex_op_write_lookup_miss.sum bash bench/ncu_stores_probe.sh build-gpu/tpx $OUT/ncu bench/ncu_u4row_configs.txt
(cd $OUT && tar czf ncu_raw.tgz ncu && rm -rf ncu)
# the same kernels' every block shape, timed (the ncu launches above are one cold launch each)
build-gpu/tpx bench --kernel memcpy,unroll4_row,naive_row --block all --size 11264x6656,11000x6600 \
  --dtype f16,f32 --time-cap 0.05 --save $OUT/u4row_sweep.json > $OUT/u4row_sweep.txt 2>&1
