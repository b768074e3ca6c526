#!/usr/bin/env bash
# The measurements tpx ships in bench/results/: every seed's experiment and
# every tour step, on the GPU this runs on.  Sizes 1024², 2048², 4000²,
# 4096x3072, 8192², 16384²; every catalog kernel with the seeds' block
# shapes (and tile_rows' 32x8, 64x4, 64x8, 64x16), pads 0 and 1, f32 and f64;
# memcpy and cuBLAS at each size and type.  Cold L2 (the default), at least
# 10 samples, 0.15 s cap per config: about 3 minutes a part on an H200.
#   bench/seed_sweep.sh TPX small|large [OUTDIR]
# then: python3 bench/merge_results.py OUTDIR/gpu-small.json OUTDIR/gpu-large.json -o FILE
set -u
tpx=${1:?usage: seed_sweep.sh TPX small|large [OUTDIR]}
part=${2:?usage: seed_sweep.sh TPX small|large [OUTDIR]}
out=${3:-${OUT:-/tmp/tpx-sweep}}
mkdir -p "$out"
case $part in
small) sizes=1024,2048,4000,4096x3072 ;;
large) sizes=8192,16384 ;;
*) echo "seed_sweep.sh: part must be small or large" >&2; exit 2 ;;
esac
blocks=8x8,8x16,8x32,16x8,16x16,16x32,32x8,32x16,32x32,64x4,64x8,64x16
"$tpx" bench --kernel all --block "$blocks" --pad 0,1 --dtype f32,f64 --size "$sizes" \
    --samples 10 --time-cap 0.15 --save "$out/gpu-$part.json" --csv >"$out/gpu-$part.csv"
