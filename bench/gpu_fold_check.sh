#!/usr/bin/env bash
# Grids folded past CUDA's 65535 blocks in y (tpx_grid_folded) on a GPU:
# gpu_verify (its folded configs included), bench/ncu_check.py on the folded
# configs, compute-sanitizer memcheck and racecheck on four, and the fold's
# cost: memcpy and five kernels at 8192^2, 16384^2 and 8191x8193, three
# dtypes, $TPX_BASE (a build before the fold) and $TPX interleaved, 2 rounds.
# Builds nothing: TPX (default build-gpu/tpx), TPX_BASE (build-gpu/tpx_base),
# TPX_VERIFY (build-gpu/tests/gpu_verify).  Logs and fold.tgz in $OUT (or
# /tmp/fold).  An H200's, 2026-11-27: bench/results/issue20/h200_fold_*,
# h200_ncu_folded.txt (docs/PERFORMANCE.md, thin shapes).
set -u
out=${OUT:-/tmp/fold}; mkdir -p "$out"
t=${TPX:-build-gpu/tpx}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$out/env.log"
timeout 280 "${TPX_VERIFY:-build-gpu/tests/gpu_verify}" >"$out/verify.log" 2>&1
echo "verify rc=$?" >>"$out/env.log"
timeout 200 python3 bench/ncu_check.py --tpx "$t" --only "600001|9000001" --log "$out/ncu.log" >"$out/ncu.out" 2>&1
echo "ncu rc=$? $(tail -1 "$out/ncu.out")" >>"$out/env.log"
for cfg in "tile_sec 32x8 3x9000001 f32" "naive_col 32x1 600001x3 f16" "tile_vec 16x16 4x9000000 f32" \
    "tile_gather 64x4 16x9000000 f16"; do
    set -- $cfg
    for tool in memcheck racecheck; do
        timeout 120 compute-sanitizer --tool $tool --error-exitcode 3 "$t" report --once --kernel "$1" \
            --block "$2" --size "$3" --dtype "$4" >>"$out/sanitize.log" 2>&1
        echo "$tool $cfg rc=$?" >>"$out/env.log"
    done
done
OUT=$out TPX_BINS="${TPX_BASE:-build-gpu/tpx_base} $t" TPX_AB_KERNELS=tile_vec,tile_gather,copy_row,naive_row,tile_rows \
    TPX_AB_BLOCKS=16x16,16x8,64x4,32x8 TPX_AB_SIZES=8192x8192,16384x16384,8191x8193 TPX_AB_DTYPES=f32,f16,f64 \
    TPX_RUNS=2 TPX_AB_ONLY=1 bash bench/gpu_ab16.sh
cd "$out" && tar czf fold.tgz ./*.log ./*.out ./*.csv
