#!/usr/bin/env bash
# The L1 an SM's shared memory leaves for loads in flight (issue 18): probe
# carve (bench/probes/probe_carve.cuh) timed, then read by Nsight Compute for
# the shared memory configuration the driver chose at each size asked, and
# the same counters for catalog configs whose blocks fill the shared memory.
# usage: OUT=dir bench/gpu_carve.sh TPX PROBE
#   PROBE: nvcc -arch=sm_90 -O3 -std=c++17 -o probe bench/probes/probe.cu
set -u
tpx=$1
probe=$2
out=${OUT:-/tmp/tpx-carve}
mkdir -p "$out"
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr -dc 'A-Za-z0-9' | tr A-Z a-z)
echo "== $(date +%T) carve on $gpu"
timeout 150 "$probe" carve >"$out/${gpu}_carve.csv" 2>>"$out/carve.log"
echo "probe carve rc=$?"
metrics=launch__shared_mem_config_size,launch__shared_mem_per_block_dynamic,launch__shared_mem_per_block_static
metrics=$metrics,launch__occupancy_limit_shared_mem,sm__warps_active.avg.pct_of_peak_sustained_active
metrics=$metrics,dram__throughput.avg.pct_of_peak_sustained_elapsed,gpu__time_duration.sum
echo "== $(date +%T) ncu carve"
timeout 200 ncu --clock-control none -k regex:k_carve --metrics "$metrics" --csv --page raw \
    "$probe" carve --once >"$out/${gpu}_carve_ncu.csv" 2>>"$out/carve.log"
echo "ncu carve rc=$?"
echo "== $(date +%T) ncu catalog"
script=$(mktemp)
for spec in "tile_rows 5000x7000 f64 1 32x1,32x2,32x4,32x8,64x2,64x4,64x8,64x16,16x4,16x8" \
    "tile_rows 8192x8192 f32 1 32x1,32x8,64x2,64x4,64x8,128x4" \
    "tile_vec 12288x6144 f32 0 16x4,16x8,32x8" "smem_rect 8192x8192 f64 1 32x8,64x4,16x16"; do
    read -r k size dt pad blocks <<<"$spec"
    for b in ${blocks//,/ }; do
        echo "$tpx report --once --kernel $k --block $b --size $size --dtype $dt --pad $pad >/dev/null"
    done
done >"$script"
timeout 200 ncu --clock-control none --target-processes all -k regex:tpxk_ --metrics "$metrics" \
    --csv --page raw bash "$script" >"$out/${gpu}_carve_catalog_ncu.csv" 2>>"$out/carve.log"
echo "ncu catalog rc=$?"
cp "$script" "$out/catalog_configs.sh"
