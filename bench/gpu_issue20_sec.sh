#!/usr/bin/env bash
# Issue 20 on a GPU: tile_sec (kernels/tpx_tsec.h) or tile_gather
# (kernels/tpx_tgat.h; TPX_SEC_KERNEL=tile_gather) verified, sanitized,
# checked against Nsight Compute, and timed beside memcpy, cuBLAS and the
# other fast kernels over a grid of aligned, odd and thin shapes.
# Builds nothing: needs build-gpu, or TPX naming tpx (cmake -B build-gpu -DCMAKE_CUDA_ARCHITECTURES=90
# && cmake --build build-gpu --target tpx gpu_verify).  Logs in $OUT
# (or /tmp/tpx-issue20-sec):
#   env.log      the device, each step's status
#   verify.log   tests/gpu_verify (every kernel, odd sizes included)
#   blocks.csv   the kernel's block shapes at 8191x8193, 3 dtypes (tile_sec's too)
#   gridN.csv    run N of the grid (TPX_RUNS runs, default 1)
#   sanitize.log compute-sanitizer memcheck and racecheck of the kernel
#   ncu.log      bench/ncu_check.py on the kernel's configs
#   sweep.json   the kernel's every block shape at 8191x8193 and 8192^2, 3 dtypes ($TPX_SWEEP_DTYPES)
#                (tpx bench --save: shipped as bench/results/<gpu>_<kernel>.json)
#   oddN.csv     run N of memcpy, cuBLAS, tile_sec and tile_gather at the grid's
#                odd shapes, 3 block shapes (TPX_RUNS runs)
#   unlN.csv     run N of memcpy, cuBLAS, tile_sec and tile_gather at five odd shapes
#                no table chose (docs/PERFORMANCE.md, "Five odd shapes no doc listed"),
#                blocks 64x4, 32x8, 64x8 (TPX_RUNS runs); n9000.csv one run of f32 at
#                eleven shapes near 9000
#   thinN.csv    run N of memcpy, cuBLAS and the fast kernels at thin shapes (one,
#                three, 16 and 100 rows or columns: grids past CUDA's 65535 in y launch
#                folded), shapes just past a tile multiple, and the seeds' 2048^2
#   thin.json    the thin grid at its best blocks, saved (merged into the shipped
#                bench/results/<gpu>_odd.json)
#   alignedN.csv run N of tile_vec at every block shape, pads 0 and 1, at the
#                grid's aligned shapes (with memcpy and cuBLAS; TPX_RUNS runs)
#   probe.log    bench/odd_probe (build-gpu/odd_probe) over the odd shapes,
#                and ncu_probe.csv its Nsight Compute counters at 8191x8193
# usage: bench/gpu_issue20_sec.sh [steps...]
#   (steps: verify blocks grid sanitize ncu sweep odd unlisted thin thinsave aligned probe; default
#   the first five.  On a GPU not measured yet, the issue 20 tables in two calls of under 600 s:
#   TPX_RUNS=3 TPX_SEC_KERNEL=tile_gather ... verify sanitize ncu odd unlisted sweep thinsave,
#   then TPX_RUNS=3 ... aligned)
set -u
out=${OUT:-/tmp/tpx-issue20-sec}
mkdir -p "$out"
t=${TPX:-build-gpu/tpx}
k=${TPX_SEC_KERNEL:-tile_sec}
steps=${*:-verify blocks grid sanitize ncu}
aligned=8192x8192,16384x16384,4000x4000,12288x6144,1024x65536,65536x1024
start=$SECONDS
log() { echo "== $(date +%T) +$((SECONDS - start)) s $*" | tee -a "$out/env.log"; }
grid=8192x8192,16384x16384,4000x4000,12288x6144,1024x65536,65536x1024
grid+=,8191x8193,8193x8191,6001x3999,4097x4095,12345x6789,10007x5003,16383x16385
thin=1x67108864,67108864x1,3x22369621,22369621x3,16x4194304,4194304x16,100x671089,671089x100
thin+=,8193x8192,8192x8193,4097x16384,16385x4096,2048x2048
thin_k=memcpy,cublas,tile_strip,tile_sec,tile_gather,tile_vec,tile_rows,copy_vec
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem,driver_version --format=csv >>"$out/env.log"
for s in $steps; do
    case $s in
    verify)
        log "gpu_verify"
        timeout 150 build-gpu/tests/gpu_verify >"$out/verify.log" 2>&1
        echo "verify rc=$?" | tee -a "$out/env.log" ;;
    blocks)
        log "$k's blocks at 8191x8193"
        timeout 120 "$t" bench --kernel "memcpy,tile_sec,$k" \
            --block 32x2,32x4,32x8,32x16,64x4,64x8,16x16,16x8,128x2,128x4,128x8,64x16 \
            --size 8191x8193 --dtype f32,f16,f64 --time-cap 0.1 --csv >"$out/blocks.csv" 2>>"$out/env.log"
        echo "blocks rc=$?" | tee -a "$out/env.log" ;;
    grid)
        for run in $(seq 1 "${TPX_RUNS:-1}"); do
            log "grid run $run"
            timeout 200 "$t" bench --kernel memcpy,cublas,tile_sec,tile_gather,tile_vec,tile_rows,copy_vec \
                --block 32x8,16x16,64x8 \
                --size "$grid" --dtype f32,f16,f64 --time-cap 0.15 --csv >"$out/grid$run.csv" 2>>"$out/env.log"
            echo "grid $run rc=$?" | tee -a "$out/env.log"
        done ;;
    sanitize)
        log "compute-sanitizer"
        for tool in memcheck racecheck; do
            # tile_gather refuses B rows under a sector: its short rows are 16 long
            for cfg in "32x8 1000x777 f32" "32x8 1001x16 f16" "16x16 333x517 f64" "7x2 77x17 f16" \
                "64x4 4097x8 f32" "32x8 3x1000 f64"; do
                set -- $cfg
                timeout 60 compute-sanitizer --tool $tool --error-exitcode 3 "$t" report --once --kernel "$k" \
                    --block "$1" --size "$2" --dtype "$3" >>"$out/sanitize.log" 2>&1
                echo "$tool $cfg rc=$?" | tee -a "$out/env.log"
            done
        done ;;
    ncu)
        log "ncu_check $k"
        timeout 240 python3 bench/ncu_check.py --tpx "$t" --only "$k" --log "$out/ncu.log" >"$out/ncu.out" 2>&1
        echo "ncu rc=$? $(tail -1 "$out/ncu.out")" | tee -a "$out/env.log" ;;
    sweep)
        log "$k's block shapes, saved"
        timeout 240 "$t" bench --kernel "$k" --block all --size 8191x8193,8192 --dtype "${TPX_SWEEP_DTYPES:-f32,f16,f64}" \
            --samples 5 --time-cap 0.05 --save "$out/sweep.json" >"$out/sweep.txt" 2>&1
        echo "sweep rc=$?" | tee -a "$out/env.log" ;;
    odd)
        for run in $(seq 1 "${TPX_RUNS:-1}"); do
            log "odd run $run"
            timeout 200 "$t" bench --kernel memcpy,cublas,tile_sec,tile_gather --block 32x8,64x4,32x4 \
                --size "${grid#*65536x1024,}" --dtype f32,f16,f64 --time-cap 0.1 --csv >"$out/odd$run.csv" 2>>"$out/env.log"
            echo "odd $run rc=$?" | tee -a "$out/env.log"
        done ;;
    unlisted)
        for run in $(seq 1 "${TPX_RUNS:-1}"); do
            log "unlisted odd shapes run $run"
            timeout 120 "$t" bench --kernel memcpy,cublas,tile_gather,tile_sec --block 64x4,32x8,64x8 \
                --size 7777x9999,11111x5555,9001x9001,5003x13001,14999x7001 --dtype f32,f64,f16 \
                --time-cap 0.1 --csv >"$out/unl$run.csv" 2>>"$out/env.log"
            echo "unlisted $run rc=$?" | tee -a "$out/env.log"
        done
        timeout 120 "$t" bench --kernel memcpy,tile_gather,tile_sec --block 64x4,64x8 --dtype f32 --time-cap 0.1 \
            --size 8801x8801,8929x8929,8999x8999,9001x9001,9003x9003,9033x9033,9097x9097,9001x8193,8193x9001,9001x12345,12345x9001 \
            --csv >"$out/n9000.csv" 2>>"$out/env.log"
        echo "n9000 rc=$?" | tee -a "$out/env.log" ;;
    thin)
        for run in $(seq 1 "${TPX_RUNS:-1}"); do
            log "thin run $run"
            timeout 280 "$t" bench --kernel "$thin_k" --block 32x8,64x4,16x16,8x32,4x64,4x256,1x256,2x128,256x1,128x2 \
                --size "$thin" --dtype f32,f16,f64 --time-cap 0.05 --csv >"$out/thin$run.csv" 2>>"$out/env.log"
            echo "thin $run rc=$?" | tee -a "$out/env.log"
        done ;;
    thinsave)
        log "thin shapes, saved"
        timeout 280 "$t" bench --kernel "$thin_k" --block 32x8,64x4,16x16,1x256,4x256,256x1 --size "$thin" \
            --dtype f32,f16,f64 --time-cap 0.05 --save "$out/thin.json" >"$out/thin.txt" 2>>"$out/env.log"
        echo "thinsave rc=$?" | tee -a "$out/env.log" ;;
    aligned)
        for run in $(seq 1 "${TPX_RUNS:-1}"); do
            log "aligned run $run"
            timeout 200 "$t" bench --kernel memcpy,cublas,tile_vec --block all --pad 0,1 --size "$aligned" \
                --dtype f32,f16,f64 --time-cap 0.1 --csv >"$out/aligned$run.csv" 2>>"$out/env.log"
            echo "aligned $run rc=$?" | tee -a "$out/env.log"
        done ;;
    probe)
        log "odd_probe"
        timeout 200 build-gpu/odd_probe --size 8191x8193,6001x3999,12345x6789,16383x16385,4097x4095,10007x5003,8192x8192 \
            --dtype f16,f32,f64 --samples 9 >"$out/probe.log" 2>&1
        echo "probe rc=$?" | tee -a "$out/env.log"
        OUT=$out timeout 320 bench/gpu_odd_ncu.sh 8191x8193 | tee -a "$out/env.log" ;;
    esac
done
log done
