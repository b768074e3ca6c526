#!/usr/bin/env bash
# Issue 20 on a GPU, in one go and under 8 minutes: tile_vec's path for rows
# that do not start on 16 bytes (bench/tvu_bench.cu on kernels/tpx_tvu.h)
# checked and measured beside cudaMemcpy and cuBLAS, and the catalog's
# kernels measured over the same grid of shapes.  Builds nothing: run it from
# the repository root with a CUDA build (e.g. cmake -B build-gpu
# -DCMAKE_CUDA_ARCHITECTURES=90 && cmake --build build-gpu -j).  Logs go to
# $OUT (or /tmp/tpx-issue20):
#   env.log       the device, the commit, each step's exit status and time
#   check.log     the path's output checked on the GPU at 40 shapes x 3 dtypes x 3 blocks
#   sanitize.log  compute-sanitizer memcheck and racecheck of the path at odd sizes
#   tvu.log       the path, memcpy and cuBLAS over the grid, 3 runs (RESULT lines)
#   ncu.log       bench/ncu_check.py on the catalog's 16-byte kernels (odd sizes included)
#   tpx_bench.txt tpx bench of memcpy, cublas, tile_vec, copy_vec, tile_rows over the grid, 3 runs
# usage: bench/gpu_issue20.sh [build-dir]
set -u
b=${1:-build-gpu}
out=${OUT:-/tmp/tpx-issue20}
mkdir -p "$out"
start=$SECONDS
step() { echo "== $(date +%T) +$((SECONDS - start)) s $*" | tee -a "$out/env.log"; }
status() { echo "$1 rc=$2" | tee -a "$out/env.log"; }
for f in "$b/tpx" "$b/tvu_bench"; do
    [ -x "$f" ] || { echo "gpu_issue20: $f is missing (a CUDA build of tpx)" >&2; exit 2; }
done

aligned=8192x8192,16384x4096,4000x4000
odd=8191x8193,6001x3999,4097x4095,12345x6789
thin=1024x65536,65536x1024,1x65536,65536x3,7x100000
grid=$aligned,$odd,$thin
small=1x1,1x77,77x1,3x5,65x3,3x65,100x37,33x130,129x67,257x255,1000x777,1022x515,1036x36
small+=,4097x3,1x4097,7x1000,130x2,64x64,96x40,66x130,8x8,31x33,4100x36,520x264,1025x1023

step "device"
{
    nvidia-smi
    "$b/tpx" list --devices
    git log -1 --format='commit %h %s' 2>/dev/null
} >>"$out/env.log" 2>&1

step "check: the path's output at every shape, dtype and block"
rc=0
for blk in 16x16 16x8 8x8; do
    timeout 120 "$b/tvu_bench" --check --block "$blk" --size "$small,$grid" --dtype f32,f16,f64 \
        >>"$out/check.log" 2>&1 || rc=$?
done
status check $rc
grep -c "CHECK .* ok" "$out/check.log" | sed 's/^/checked ok: /' | tee -a "$out/env.log"
grep "WRONG" "$out/check.log" | head -5 | tee -a "$out/env.log"

step "compute-sanitizer memcheck and racecheck"
{
    for tool in memcheck racecheck; do
        echo "-- $tool"
        timeout 150 compute-sanitizer --tool "$tool" --error-exitcode 3 "$b/tvu_bench" --check \
            --block 16x16 --size 33x31,100x70,129x67,65x3,1x77,7x1000,1025x1023,96x40 \
            --dtype f32,f16,f64
        echo "$tool rc=$?"
    done
} >"$out/sanitize.log" 2>&1
grep "rc=\|ERROR SUMMARY\|RACECHECK SUMMARY" "$out/sanitize.log" | tee -a "$out/env.log"

step "the path, memcpy and cuBLAS over the grid, 3 runs"
timeout 150 "$b/tvu_bench" --size "$grid" --dtype f32,f16,f64 --repeat 3 --samples 15 \
    >"$out/tvu.log" 2>&1
status tvu $?
tail -1 "$out/tvu.log" | tee -a "$out/env.log"

step "ncu: the model against the counters, the 16-byte kernels"
timeout 100 python3 bench/ncu_check.py --tpx "$b/tpx" --log "$out/ncu.log" \
    --only '^(tile_vec|copy_vec) .*(1000x77[67]|1022x515)' >"$out/ncu_table.log" 2>&1
status ncu $?
cat "$out/ncu_table.log" >>"$out/ncu.log"
tail -3 "$out/ncu_table.log" | tee -a "$out/env.log"
rm -f "$out/ncu_table.log"

step "tpx bench over the grid, 3 runs (until 7.5 minutes)"
for run in 1 2 3; do
    left=$((450 - (SECONDS - start)))
    [ "$left" -gt 20 ] || { echo "no time left for run $run" | tee -a "$out/env.log"; break; }
    {
        echo "---- run $run"
        timeout "$left" "$b/tpx" bench --kernel memcpy,cublas,tile_vec,copy_vec --block 16x16 \
            --swizzle --size "$grid" --dtype f32,f16,f64 --samples 10 --time-cap 0.5 \
            --save "$out/tpx_bench_vec_run$run.json"
        echo "rc=$?"
        left=$((450 - (SECONDS - start)))
        [ "$left" -gt 10 ] && timeout "$left" "$b/tpx" bench --kernel tile_rows --block 64x4 \
            --pad 1 --size "$grid" --dtype f32,f16,f64 --samples 10 --time-cap 0.5 \
            --save "$out/tpx_bench_rows_run$run.json"
        echo "rc=$?"
    } >>"$out/tpx_bench.txt" 2>&1
done
grep "^rc=" "$out/tpx_bench.txt" | tr '\n' ' ' | sed 's/^/tpx bench: /' | tee -a "$out/env.log"
echo | tee -a "$out/env.log"
step "done"
