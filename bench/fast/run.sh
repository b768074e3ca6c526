#!/usr/bin/env bash
# Issue 11's standalone benchmark: build for sm_90 and run it once.
# From the repo root on the GPU machine:
#   bench/fast/run.sh                       default: run 1's best + phases A2 and A3, 3 repeats
#   bench/fast/run.sh --repeat 2 --sizes 8192,16384,8256,16448 --only ' col |occ|copy_'   run 3's questions
#   bench/fast/run.sh --repeat 3 --only .   every variant (run 1's full table and more)
#   bench/fast/run.sh --quick               odd sizes only
# Writes under $OUT (or bench/fast/build): fast.txt (the table), fast.csv,
# ptxas.txt (registers, spills), fast.sass (check LDG.E.128 / STS.128), gpu.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$here/build}
mkdir -p "$here/build" "$out"
nvcc -arch=sm_90 -O3 -std=c++17 -lineinfo -Xptxas -v "$here/fast_transpose.cu" \
    -o "$here/build/fast_transpose" -lcublas 2>"$out/ptxas.txt"
if command -v cuobjdump >/dev/null; then
    cuobjdump -sass "$here/build/fast_transpose" >"$out/fast.sass" || true
fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw \
    --format=csv >"$out/gpu.txt" 2>&1 || true
best='^copy_vec u4 |^tile_vec 64x64 t128 swz f32$|^tile_vec 64x128 t256 swz f32$'
best+='|^tile_rows.* f64$|^tile_vec 32x32 t256 swz f64$|^tile_vec 64x32 t256 swz pers f64$'
best+='|^tile_vec 128x128 t256 swz f16$'
new='grp|diag|hint|^tile_pipe|^tile_tma| col |occ|^copy_tile|^copy_vec u[12] '
args=("$@")
[ ${#args[@]} -eq 0 ] && args=(--repeat 3 --only "$best|$new")
cd "$out"
start=$(date +%s)
"$here/build/fast_transpose" "${args[@]}" | tee "$out/fast.txt"
echo "run.sh: $(($(date +%s) - start)) s" | tee -a "$out/fast.txt"
