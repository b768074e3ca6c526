#!/usr/bin/env bash
# How long the access model takes for launch totals (tpx report --no-gpu),
# per kernel, at 8192x8192 and 16384x16384, and its peak memory.  Targets:
# under 0.5 s and 2 s on a 2-core machine, memory bounded.
# usage: bench/model_speed.sh [path/to/tpx]
set -eu
tpx=${1:-build/tpx}
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
printf '%-28s %12s %12s %10s\n' config "8192 (s)" "16384 (s)" "max RSS"
configs=(
    "copy_row 32x8" "copy_col 32x8" "naive_row 32x8" "naive_col 8x32" "unroll4_row 16x16"
    "unroll4_col 32x8" "diagonal_row 32x32" "diagonal_col 16x16" "smem 32x32 --pad 1"
    "smem_rect 32x8 --pad 1" "tile_rows 32x8 --pad 1" "tile_rows 64x4 --swizzle"
    "naive_row 1x1" "smem_rect 1024x1"
)
for cfg in "${configs[@]}"; do
    set -- $cfg
    k=$1 b=$2
    shift 2
    row=""
    rss=0
    for s in 8192 16384; do
        t0=$(date +%s.%N)
        r=$( { /usr/bin/time -f '%M' "$tpx" report --no-gpu --kernel "$k" --block "$b" "$@" \
               --size "$s" >/dev/null; } 2>&1 )
        t1=$(date +%s.%N)
        row="$row $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%12.3f", b - a }')"
        [ "$r" -gt "$rss" ] && rss=$r
    done
    printf '%-28s%s %8d KB\n' "$k $b $*" "$row" "$rss"
done
