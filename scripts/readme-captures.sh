#!/usr/bin/env bash
# Prints the screen captures the README shows, drawn by the explorer's own
# renderer (tests/tpx_render, headless, without a GPU), so that the README
# can be refreshed after a change to a view.
set -eu
cd "$(dirname "$0")/.."
dir=${TPX_BUILD_DIR:-build}
scripts/build.sh
render() { echo "\$ tpx_render $*"; "$dir/tests/tpx_render" "$@"; echo; }
render --view 1 --kernel smem_rect --block 32x8 --size 256 --cols 136 --rows 24
render --view 2 --kernel smem --block 32x32 --size 1024 --cols 80 --rows 53
render --view 3 --kernel naive_row --block 32x8 --size 4096 --cols 136 --rows 34
render --view 4 --kernel diagonal_row --block 32x8 --size 2048x512 --cols 140 --rows 30 --keys n
render --view 5 --kernel naive_row --block 32x8 --size 4096 --cols 120 --rows 40
render --view 6 --kernel smem --block 32x32 --size 4096 --keys Ap --cols 110 --rows 30
render --view 5 --kernel tile_rows --block 32x8 --pad 1 --size 8192 --cols 120 --rows 44 \
    --load bench/results/h200-8192-f32.json
