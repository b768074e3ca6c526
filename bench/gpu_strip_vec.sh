#!/bin/bash
# strip_vec (issue 20, thin shapes moved as 16-byte vectors) on a GPU:
# gpu_verify, compute-sanitizer, Nsight Compute against the model, and the
# thin grid against memcpy, cuBLAS and tile_strip in the same run.
# Builds nothing: TPX (default build-gpu/tpx) and TPX_VERIFY (default
# build-gpu/tests/gpu_verify) from cmake --build build-gpu --target tpx gpu_verify.
# Logs in $OUT (or /tmp/tpx-svec):
#   env.log       the device, each step's status
#   verify.log    gpu_verify (every kernel; thin_strips: both strip kernels)
#   sanitize.log  compute-sanitizer memcheck and racecheck of strip_vec
#   ncu.log       bench/ncu_check.py --only strip_vec (ncu.txt its table)
#   gridN.csv     run N of the thin grid (TPX_RUNS runs, default 1), every
#                 shape's long side a multiple of 16 bytes at every dtype
#   ragN.csv      run N of the ragged grid (step rag): the same shapes with
#                 long sides that are no multiple of 16 bytes at any dtype
#   bestN.csv     run N of every candidate at the thin and ragged shapes (step
#                 best): the strip grid, then tile_vec, tile_gather and tile_sec
#                 at their blocks, each bench against its own memcpy
#                 (bench/issue20_table.py bestN.csv reads both as one run)
#   save.json     one more run at the shipped blocks (--save), for bench/results
#                 (TPX_SVEC_SHAPES=rag: the ragged shapes)
# usage: bench/gpu_strip_vec.sh [steps...]   (verify sanitize ncu grid rag best save;
#        default all but rag and best)
set -u
out=${OUT:-/tmp/tpx-svec}
mkdir -p "$out"
t=${TPX:-build-gpu/tpx}
steps=${*:-verify sanitize ncu grid save}
start=$SECONDS
log() { echo "== $(date +%T) +$((SECONDS - start)) s $*" | tee -a "$out/env.log"; }
thin=1x67108864,67108864x1,3x22369616,22369616x3,7x9586976,9586976x7,16x4194304,4194304x16
thin=$thin,32x2097152,2097152x32,64x1048576,1048576x64,100x671088,671088x100,256x262144,262144x256
rag=1x67108863,67108863x1,3x22369621,22369621x3,7x9586981,9586981x7,16x4194303,4194303x16
rag=$rag,32x2097151,2097151x32,64x1048573,1048573x64,100x671089,671089x100,256x262147,262147x256
[ "${TPX_SVEC_SHAPES:-}" = rag ] && shapes=$rag || shapes=$thin
blocks=${TPX_SVEC_BLOCKS:-32x8,64x4,16x16,128x4,16x8,32x16,64x8,128x8,256x1}
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem,driver_version --format=csv \
    >>"$out/env.log"
# strips FILE SHAPES: the strip kernels with memcpy and cuBLAS at SHAPES, every
# block of $blocks, plain and swizzled, as CSV into FILE
strips() {
    timeout 280 "$t" bench --kernel memcpy,cublas,strip_vec,tile_strip --block "$blocks" \
        --size "$2" --dtype f32,f16,f64 --swizzle --time-cap 0.05 --csv >"$1" 2>>"$out/env.log"
}
# more FILE ARGS...: one more bench (tpx bench ARGS, three dtypes) whose rows are
# appended to FILE without its header; its status is the bench's, not tail's
more() {
    local f=$1 rc
    shift
    timeout 200 "$t" bench "$@" --dtype f32,f16,f64 --time-cap 0.05 --csv >"$f.more" 2>>"$out/env.log"
    rc=$?
    tail -n +2 "$f.more" >>"$f"
    rm -f "$f.more"
    return $rc
}
# grid NAME SHAPES: TPX_RUNS runs of the grid at SHAPES, NAME1.csv ... in $out
grid() {
    for run in $(seq 1 "${TPX_RUNS:-1}"); do
        log "$1 run $run"
        strips "$out/$1$run.csv" "$2"
        echo "$1 $run rc=$?" | tee -a "$out/env.log"
    done
}
for s in $steps; do
    case $s in
    verify)
        log "gpu_verify"
        timeout 300 "${TPX_VERIFY:-build-gpu/tests/gpu_verify}" >"$out/verify.log" 2>&1
        echo "verify rc=$?" | tee -a "$out/env.log" ;;
    sanitize)
        log "compute-sanitizer"
        for tool in memcheck racecheck; do
            # tall and wide, short sides of 1 to 256, a last strip cut short, 96 threads,
            # 1024 threads at f64 (the instance that spills), G of 1 to 8 along B's rows,
            # plain and swizzled (s); then ragged long sides (a last strip of 3 elements
            # whose neighbour's units cross the rows' ends at 3x100203 f16 32x8)
            for cfg in "32x8 3x100008 f32" "32x8 100008x3 f16" "96x1 16x5008 f64" \
                "8x4 1x40008 f16" "32x32 256x4104 f64 s" "16x16 4104x256 f32 s" \
                "32x8 100x20008 f16" "64x4 20008x100 f64 s" "32x8 33x1000 f32 s" \
                "16x8 7x9000 f16" \
                "32x8 3x100203 f16" "32x8 100203x3 f16 s" "16x8 1x40003 f16" "96x1 7x9001 f32" \
                "32x32 256x4101 f64" "32x8 4101x100 f32 s" "64x4 16x5001 f64 s" \
                "8x4 7x1001 f16"; do
                set -- $cfg
                timeout 60 compute-sanitizer --tool $tool --error-exitcode 3 "$t" report --once \
                    --kernel strip_vec --block "$1" --size "$2" --dtype "$3" ${4:+--swizzle} \
                    >>"$out/sanitize.log" 2>&1
                echo "$tool $cfg rc=$?" | tee -a "$out/env.log"
            done
        done ;;
    ncu)
        log "ncu_check strip_vec"
        timeout 300 python3 bench/ncu_check.py --tpx "$t" --only strip_vec --log "$out/ncu.log" \
            >"$out/ncu.txt" 2>&1
        echo "ncu rc=$?" | tee -a "$out/env.log" ;;
    grid) grid grid "$thin" ;;
    rag) grid rag "$rag" ;;
    best)
        # every kernel that can be fastest at a thin shape: strip_vec and tile_strip as
        # in grid; tile_vec where rows start on 16 bytes (its pads); tile_gather and
        # tile_sec (their compiled blocks), which take ragged rows too
        for run in $(seq 1 "${TPX_RUNS:-1}"); do
            log "best run $run"
            f=$out/best$run.csv
            strips "$f" "$thin,$rag"
            echo "best $run strips rc=$?" | tee -a "$out/env.log"
            more "$f" --kernel memcpy,tile_vec --block 16x16,16x8,32x8,16x4,8x8,32x16 --pad 0,1 \
                --size "$thin"
            echo "best $run tile_vec rc=$?" | tee -a "$out/env.log"
            more "$f" --kernel memcpy,tile_gather,tile_sec --block 64x4,32x8,16x16,64x8 \
                --size "$thin,$rag"
            echo "best $run tiles rc=$?" | tee -a "$out/env.log"
        done ;;
    save)
        log "save"
        timeout 280 "$t" bench --kernel memcpy,cublas,strip_vec --block "$blocks" --size "$shapes" \
            --dtype f32,f16,f64 --swizzle --time-cap 0.05 --save "$out/save.json" >/dev/null \
            2>>"$out/env.log"
        echo "save rc=$?" | tee -a "$out/env.log" ;;
    esac
done
log "done"
