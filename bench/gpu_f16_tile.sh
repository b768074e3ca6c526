#!/usr/bin/env bash
# The f16 tile of tile_sec and tile_gather (16 BY rows, tpx_ts_ty) on a GPU,
# in two calls of the device tool (each under 10 minutes):
#   bench/gpu_f16_tile.sh check   gpu_verify, sanitizers and ncu_check of both
#                                 kernels, their f16 block sweeps (saved)
#   bench/gpu_f16_tile.sh time    issue 20's odd table, 3 runs, and the f16 A/B
#                                 against build-gpu/tpx_base (bench/gpu_ab16.sh)
# Logs under $OUT/g (tile_gather), $OUT/s (tile_sec), $OUT/ab, and all of it
# in $OUT/f16tile.tgz.  Builds nothing (build-gpu/tpx, tpx_base, gpu_verify).
set -u
out=${OUT:-/tmp/tpx-f16tile}
case ${1:-check} in
check)
    OUT=$out/g TPX_SEC_KERNEL=tile_gather TPX_SWEEP_DTYPES=f16 bash bench/gpu_issue20_sec.sh verify sanitize ncu sweep
    OUT=$out/s TPX_SEC_KERNEL=tile_sec TPX_SWEEP_DTYPES=f16 bash bench/gpu_issue20_sec.sh sanitize ncu sweep ;;
time)
    OUT=$out/g TPX_RUNS=3 bash bench/gpu_issue20_sec.sh odd
    OUT=$out/ab TPX_AB_ONLY=1 bash bench/gpu_ab16.sh ;;
esac
cd "$out" && tar czf f16tile.tgz --exclude=f16tile.tgz .
