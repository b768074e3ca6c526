#!/bin/bash
# tile_strip (issue 20, thin shapes) on a GPU: gpu_verify, its block shapes
# and pads at the thin shapes, compute-sanitizer, and the thin grid against
# memcpy, cuBLAS and the kernels that moved thin shapes before it.
# Builds nothing: TPX (default build-gpu/tpx) and TPX_VERIFY (default
# build-gpu/tests/gpu_verify) from cmake --build build-gpu --target tpx gpu_verify.
# Logs in $OUT (or /tmp/tpx-strip):
#   env.log       the device, each step's status
#   verify.log    gpu_verify (every kernel, thin and folded sizes included)
#   blocks.csv    tile_strip's block shapes, pads 0 and 1, at the thin shapes, 3 dtypes
#   sanitize.log  compute-sanitizer memcheck and racecheck of tile_strip
#   thinN.csv     run N of the thin grid (TPX_RUNS runs, default 1)
# usage: bench/gpu_strip.sh [steps...]   (verify blocks sanitize thin; default all)
set -u
out=${OUT:-/tmp/tpx-strip}
mkdir -p "$out"
t=${TPX:-build-gpu/tpx}
steps=${*:-verify blocks sanitize thin}
start=$SECONDS
log() { echo "== $(date +%T) +$((SECONDS - start)) s $*" | tee -a "$out/env.log"; }
thin=1x67108864,67108864x1,3x22369621,22369621x3,16x4194304,4194304x16,100x671089,671089x100
strip_blocks=${TPX_STRIP_BLOCKS:-32x8,32x16,32x32,64x4,64x8,64x16,128x4,128x8,256x1,256x4,1024x1,16x16}
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem,driver_version --format=csv >>"$out/env.log"
for s in $steps; do
    case $s in
    verify)
        log "gpu_verify"
        timeout 200 "${TPX_VERIFY:-build-gpu/tests/gpu_verify}" >"$out/verify.log" 2>&1
        echo "verify rc=$?" | tee -a "$out/env.log" ;;
    blocks)
        log "tile_strip's blocks at the thin shapes"
        timeout 240 "$t" bench --kernel memcpy,tile_strip --block "$strip_blocks" --pad 0,1 \
            --size "$thin" --dtype f32,f16,f64 --time-cap 0.05 --csv >"$out/blocks.csv" 2>>"$out/env.log"
        echo "blocks rc=$?" | tee -a "$out/env.log" ;;
    sanitize)
        log "compute-sanitizer"
        for tool in memcheck racecheck; do
            # tall and wide, short sides odd and even, idle lanes, a last strip cut short,
            # a width no power of two, swizzle, short sides that leave warps idle in the last reps
            for cfg in "32x8 3x100001 f32 0" "32x8 100001x3 f16 1" "24x8 16x5003 f64 1" \
                "3x5 4001x7 f16 0" "256x1 1x300007 f32 0" "64x4 33x9001 f32 s" "32x16 9001x32 f64 s" \
                "32x8 100x20011 f32 0" "16x16 7001x700 f16 1" "32x8 5003x1000 f64 s"; do
                set -- $cfg
                p="--pad $4"; [ "$4" = s ] && p="--swizzle"
                timeout 60 compute-sanitizer --tool $tool --error-exitcode 3 "$t" report --once \
                    --kernel tile_strip --block "$1" --size "$2" --dtype "$3" $p >>"$out/sanitize.log" 2>&1
                echo "$tool $cfg rc=$?" | tee -a "$out/env.log"
            done
        done ;;
    thin)
        for run in $(seq 1 "${TPX_RUNS:-1}"); do
            log "thin run $run"
            timeout 280 "$t" bench --kernel memcpy,cublas,tile_strip,tile_sec,tile_gather \
                --block "${TPX_THIN_BLOCKS:-32x8,32x16,64x4,64x8,128x8,256x1,16x16,1x256}" --pad 0,1 \
                --size "$thin" --dtype f32,f16,f64 --time-cap 0.05 --csv >"$out/thin$run.csv" 2>>"$out/env.log"
            echo "thin $run rc=$?" | tee -a "$out/env.log"
        done ;;
    esac
done
log "done"
