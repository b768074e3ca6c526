#!/usr/bin/env bash
# How long the access model takes for launch totals, traffic and prediction
# (tpx report --no-gpu), per kernel, at 8192x8192 and 16384x16384 (tile_strip,
# which takes thin matrices only, at as many elements in one and a hundred
# rows), and its peak memory.  Targets: under 0.5 s and 2 s on a 2-core
# machine, memory bounded.
# usage: bench/model_speed.sh [path/to/tpx]
set -eu
tpx=${1:-build/tpx}
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
printf '%-46s %12s %12s %10s\n' config "8192 (s)" "16384 (s)" "max RSS"
configs=(
    "copy_row 32x8" "copy_col 32x8" "naive_row 32x8" "naive_col 8x32" "unroll4_row 16x16"
    "unroll4_col 32x8" "diagonal_row 32x32" "diagonal_col 16x16" "smem 32x32 --pad 1"
    "smem_rect 32x8 --pad 1" "tile_rows 32x8 --pad 1" "tile_rows 64x4 --swizzle"
    "naive_row 1x1" "smem_rect 1024x1" "copy_vec 32x8" "tile_vec 16x8" "tile_sec 32x8"
    "tile_gather 32x8" "tile_gather 32x8 --dtype f16" "tile_strip 32x8 @1x67108864,100x2684354"
    "tile_strip 1x256 @67108864x1,2684354x100"
)
for cfg in "${configs[@]}"; do
    sizes="8192 16384"
    case $cfg in *@*) sizes=${cfg##*@} sizes=${sizes/,/ } cfg=${cfg%@*} ;; esac
    set -- $cfg
    k=$1 b=$2
    shift 2
    label="$k $b $*"
    [ "$sizes" = "8192 16384" ] || label="$label ($sizes)"
    row=""
    rss=0
    for s in $sizes; do
        t0=$(date +%s.%N)
        r=$( { /usr/bin/time -f '%M' "$tpx" report --no-gpu --kernel "$k" --block "$b" "$@" \
               --size "$s" >/dev/null; } 2>&1 )
        t1=$(date +%s.%N)
        row="$row $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%12.3f", b - a }')"
        [ "$r" -gt "$rss" ] && rss=$r
    done
    printf '%-46s%s %8d KB\n' "$label" "$row" "$rss"
done
