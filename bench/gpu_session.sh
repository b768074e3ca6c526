#!/usr/bin/env bash
# Everything tpx needs a GPU for, in one go (the GPU machine is lent by the
# minute): the GPU tests, the Nsight Compute check of the model, the
# compute-sanitizer run, an independent yardstick and the benchmark tables
# of docs/PERFORMANCE.md.  Logs go to $OUT (or /tmp/tpx-gpu), 7 files.
# usage: bench/gpu_session.sh [build-dir]   (a build with CUDA, e.g. build-gpu)
set -u
b=${1:-build}
tpx=$b/tpx
out=${OUT:-/tmp/tpx-gpu}
mkdir -p "$out"
step() { echo "== $(date +%T) $*" | tee -a "$out/env.log"; }

step "device"
{
    nvidia-smi
    "$tpx" list --devices
    git log -1 --format='commit %h %s' 2>/dev/null
    ncu --version | tail -1
    ncu --query-metrics --chip gh100 2>/dev/null | grep -i -E "wavefronts_mem_shared|sass" | head -40
} >>"$out/env.log" 2>&1
step "yardstick"
if [ -x "$b/ref_transpose" ]; then "$b/ref_transpose" 8192 >>"$out/env.log" 2>&1; fi

step "ctest -L gpu"
timeout 300 ctest --test-dir "$b" -L gpu -V >"$out/ctest.log" 2>&1
echo "ctest rc=$?" | tee -a "$out/env.log"
tail -4 "$out/ctest.log"

step "ncu"
timeout 300 python3 bench/ncu_check.py --tpx "$tpx" --log "$out/ncu.log" >"$out/ncu_table.log" 2>&1
echo "ncu rc=$?" | tee -a "$out/env.log"
tail -3 "$out/ncu_table.log"
cat "$out/ncu_table.log" >>"$out/ncu.log"; rm -f "$out/ncu_table.log"

step "bench 8192 cold"
"$tpx" bench --kernel all --block 16x16,8x32,32x8,32x32,64x4 --size 8192 --pad 0,1 \
    --save "$out/perf8192.json" >"$out/perf8192.txt" 2>&1
echo "bench rc=$?" | tee -a "$out/env.log"
step "bench 16384 and hot"
{
    "$tpx" bench --kernel memcpy,cublas,tile_rows --block 32x8,64x4 --size 16384 --pad 1
    "$tpx" bench --hot --kernel memcpy,cublas,naive_row,naive_col,copy_row,smem,tile_rows \
        --block 8x32,32x8,32x32,64x4 --size 8192 --pad 0,1
} >"$out/perf_more.txt" 2>&1
echo "bench more rc=$?" | tee -a "$out/env.log"

step "compute-sanitizer"
timeout 240 bench/sanitize.sh "$tpx" >"$out/sanitize.log" 2>&1
echo "sanitize rc=$?" | tee -a "$out/env.log"
tail -3 "$out/sanitize.log"
step "done"
