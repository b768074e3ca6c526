#!/usr/bin/env bash
# Issue 20, step 2 on a GPU in under 4 minutes: the register-realigning path
# (tvr: bench/tvr_kernel.cuh on kernels/tpx_tvr.h) checked, sanitized and
# timed beside cudaMemcpy, cuBLAS geam and step 1's shared gather (tvu).
# Builds nothing: needs build-gpu/tvu_bench (cmake -B build-gpu
# -DCMAKE_CUDA_ARCHITECTURES=90 && cmake --build build-gpu -j --target tvu_bench).
# Four files in $OUT (or /tmp/tpx-issue20-tvr):
#   env.log       the device, the commit, each step's status and the summary
#   check.log     tvr's output checked bitwise on the GPU: 38 shapes x 3 dtypes x 4 blocks
#   sanitize.log  compute-sanitizer memcheck and racecheck of tvr at odd sizes, 2 blocks
#   results.log   every RESULT line: memcpy, cublas, tvu, tvr at 16x16; tvr at 16x8 and 8x8
# usage: bench/gpu_issue20_tvr.sh [build-dir]
set -u
b=${1:-build-gpu}
out=${OUT:-/tmp/tpx-issue20-tvr}
mkdir -p "$out"
start=$SECONDS
step() { echo "== $(date +%T) +$((SECONDS - start)) s $*" | tee -a "$out/env.log"; }
[ -x "$b/tvu_bench" ] || { echo "gpu_issue20_tvr: $b/tvu_bench is missing (a CUDA build)" >&2; exit 2; }

aligned=8192x8192,4000x4000
odd=8191x8193,6001x3999,4097x4095,12345x6789
thin=1024x65536,65536x1024,65536x3,7x100000
grid=$aligned,$odd,$thin
small=1x1,1x77,77x1,3x5,65x3,3x65,100x37,33x130,129x67,257x255,1000x777,1022x515,1036x36
small+=,4097x3,1x4097,7x1000,130x2,64x64,96x40,66x130,8x8,31x33,4100x36,520x264,1025x1023
small+=,300x301,513x257,255x520

step "device"
{
    nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem,memory.total --format=csv
    git log -1 --format='commit %h %s' 2>/dev/null
} >>"$out/env.log" 2>&1

step "check: tvr at every shape, dtype and block"
rc=0
for blk in 16x16 16x8 16x4 8x8; do
    timeout 60 "$b/tvu_bench" --check --variant tvr --block "$blk" --size "$small,$grid" \
        --dtype f32,f16,f64 >>"$out/check.log" 2>&1 || rc=$?
done
echo "check rc=$rc ok=$(grep -c 'CHECK .* ok' "$out/check.log") wrong=$(grep -c WRONG "$out/check.log")" |
    tee -a "$out/env.log"
grep WRONG "$out/check.log" | head -5 | tee -a "$out/env.log"

step "compute-sanitizer memcheck and racecheck"
{
    for tool in memcheck racecheck; do
        for blk in 16x16 16x8; do
            echo "-- $tool $blk"
            timeout 45 compute-sanitizer --tool "$tool" --error-exitcode 3 "$b/tvu_bench" --check \
                --variant tvr --block "$blk" --size 33x31,100x70,129x67,65x3,1x77,7x1000,1025x1023,96x40,300x301 \
                --dtype f32,f16,f64
            echo "$tool $blk rc=$?"
        done
    done
} >"$out/sanitize.log" 2>&1
grep "rc=\|ERROR SUMMARY\|RACECHECK SUMMARY" "$out/sanitize.log" | tee -a "$out/env.log"

step "timing: memcpy, cublas, tvu, tvr (16x16), then tvr at 16x8 and 8x8, 2 runs"
for spec in "tvu,tvr 16x16" "tvr 16x8" "tvr 8x8"; do
    set -- $spec
    echo "---- variant $1 block $2" >>"$out/results.log"
    timeout 75 "$b/tvu_bench" --variant "$1" --block "$2" --size "$grid" --dtype f32,f16,f64 \
        --repeat 2 --samples 10 >>"$out/results.log" 2>&1
    echo "timing $1 $2 rc=$?" | tee -a "$out/env.log"
done
# %memcpy of each tvu and tvr line, sorted by shape and dtype, into env.log
awk '/^---- /{blk=$5} /^RESULT/ && ($4=="tvu" || $4=="tvr") {
        for (i = 1; i <= NF; i++) if ($i == "%memcpy") p = $(i - 1)
        print $2, $3, $4 "@" blk, p " %memcpy" }' "$out/results.log" | sort | tee -a "$out/env.log" >/dev/null
step "done"
