#!/usr/bin/env bash
# Issue 20's probe on a GPU (bench/odd_probe.cu: cmake --build build-gpu --target odd_probe):
# timing of memcpy, cuBLAS, tile_rows' tile in two block orders and the
# sector-cut tiles over aligned and odd shapes and three dtypes, then Nsight
# Compute's DRAM and L2 counters for one launch of each at 8192^2 and
# 8191x8193 f32.  Logs in $OUT (or /tmp/tpx-odd-probe): probe.log, ncu.csv.
set -u
out=${OUT:-/tmp/tpx-odd-probe}
mkdir -p "$out"
p=${1:-build-gpu}/odd_probe
[ -x "$p" ] || { echo "gpu_odd_probe: $p is missing (cmake --build build-gpu --target odd_probe)" >&2; exit 2; }
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem --format=csv >"$out/probe.log"
timeout 150 "$p" --size 8192x8192,8191x8193,6001x3999,4097x4095,12345x6789,1024x65536,65536x1024 \
    --dtype f32,f16,f64 --samples 9 >>"$out/probe.log" 2>&1
echo "probe rc=$?" >>"$out/probe.log"
m=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_op_read.sum
m+=,lts__t_sectors_op_write.sum,lts__t_requests_op_write.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
m+=,lts__t_sectors_srcunit_tex_op_write_lookup_miss.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed
m+=,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active
timeout 200 ncu --clock-control none --cache-control all --metrics "$m" --csv \
    "$p" --once --size 8192x8192,8191x8193 --dtype f32 >"$out/ncu.csv" 2>"$out/ncu.err"
echo "ncu rc=$?" >>"$out/probe.log"
