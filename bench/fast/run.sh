#!/usr/bin/env bash
# Issue 11's standalone benchmark: build for sm_90 and run it once.
# From the repo root on the GPU machine:  bench/fast/run.sh            (3 repeats)
#                                         bench/fast/run.sh --quick    (odd sizes only)
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
args=("$@")
[ ${#args[@]} -eq 0 ] && args=(--repeat 3)
cd "$out"
"$here/build/fast_transpose" "${args[@]}" | tee "$out/fast.txt"
