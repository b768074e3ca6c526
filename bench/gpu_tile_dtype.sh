#!/usr/bin/env bash
# One dtype of tile_gather and tile_sec on a GPU after a kernel change (the f16
# tile of 16 BY rows, tpx_ts_ty; f32's launch bounds), in two calls of the
# device tool (each under 10 minutes):
#   bench/gpu_tile_dtype.sh check   gpu_verify, sanitizers and ncu_check of the
#                                   kernels, their block sweeps at $TPX_DT (saved)
#   bench/gpu_tile_dtype.sh time    issue 20's odd table, 3 runs, and the A/B at
#                                   $TPX_DT against build-gpu/tpx_base (bench/gpu_ab16.sh)
# TPX_DT: the dtype (default f16); TPX_KS: the kernels (default "tile_gather tile_sec").
# Logs under $OUT/<kernel>, $OUT/odd, $OUT/ab, and all of it in $OUT/tile.tgz.
# Builds nothing (build-gpu/tpx, tpx_base, gpu_verify).
set -u
out=${OUT:-/tmp/tpx-tile-dtype}
dt=${TPX_DT:-f16}
ks=${TPX_KS:-tile_gather tile_sec}
case ${1:-check} in
check)
    v=verify
    for k in $ks; do
        OUT=$out/$k TPX_SEC_KERNEL=$k TPX_SWEEP_DTYPES=$dt bash bench/gpu_issue20_sec.sh $v sanitize ncu sweep
        v=
    done ;;
time)
    OUT=$out/odd TPX_RUNS=3 bash bench/gpu_issue20_sec.sh odd
    OUT=$out/ab TPX_AB_ONLY=1 TPX_AB_DTYPES=$dt TPX_AB_KERNELS=${ks// /,} bash bench/gpu_ab16.sh ;;
esac
cd "$out" && tar czf tile.tgz --exclude=tile.tgz .
