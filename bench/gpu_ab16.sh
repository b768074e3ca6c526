#!/usr/bin/env bash
# A/B of tile_sec and tile_gather builds on one warm GPU, interleaved:
# each binary of $TPX_BINS runs memcpy and $TPX_AB_KERNELS (default
# tile_gather,tile_sec) at issue 20's odd shapes, dtypes $TPX_AB_DTYPES
# (default f16), blocks $TPX_AB_BLOCKS, sizes $TPX_AB_SIZES, --time-cap
# $TPX_AB_CAP (default 0.05), $TPX_RUNS rounds: the A/B loop the other
# scripts (gpu_ab.sh, gpu_fold_check.sh) call with TPX_AB_ONLY=1.  Then, for
# build-gpu/tpx, gpu_verify and the sanitizers on f16 configs of both
# kernels.  Logs and ab16.tgz in $OUT (or /tmp/ab16).
set -u
out=${OUT:-/tmp/ab16}; mkdir -p "$out"
odd=${TPX_AB_SIZES:-8191x8193,8193x8191,6001x3999,4097x4095,12345x6789,10007x5003,16383x16385}
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv >>"$out/env.log"
for r in $(seq 1 "${TPX_RUNS:-2}"); do for b in ${TPX_BINS:-build-gpu/tpx_base build-gpu/tpx}; do
  echo "== $(date +%T) round $r $b" >>"$out/env.log"
  timeout 150 "$b" bench --kernel "memcpy,${TPX_AB_KERNELS:-tile_gather,tile_sec}" --block "${TPX_AB_BLOCKS:-32x8,64x4,32x4,64x8,16x16}" \
     --size "$odd" --dtype "${TPX_AB_DTYPES:-f16}" --time-cap "${TPX_AB_CAP:-0.05}" --csv >"$out/ab_$(basename $b)_$r.csv" 2>>"$out/env.log"
  echo "rc=$?" >>"$out/env.log"
done; done
[ -n "${TPX_AB_ONLY:-}" ] && { cd "$out" && tar czf ab16.tgz *.csv *.log; exit 0; }
timeout 150 build-gpu/tests/gpu_verify >"$out/verify.log" 2>&1; echo "verify rc=$?" >>"$out/env.log"
for tool in memcheck racecheck; do for k in tile_gather tile_sec; do
  for cfg in "32x8 1001x16 f16" "7x2 77x17 f16" "32x4 8191x93 f16" "16x16 333x517 f16" "64x8 1000x999 f16" "64x4 4097x40 f16"; do
    set -- $cfg
    timeout 60 compute-sanitizer --tool $tool --error-exitcode 3 build-gpu/tpx report --once --kernel $k \
      --block "$1" --size "$2" --dtype "$3" >>"$out/sanitize.log" 2>&1
    echo "$tool $k $cfg rc=$?" >>"$out/env.log"
  done; done; done
cd "$out" && tar czf ab16.tgz *.csv *.log
