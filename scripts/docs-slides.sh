#!/usr/bin/env bash
# Renders the slides shown in docs/slides.md: tpx export --slide of each view
# and of a tour step, with the H200's shipped results, to SVG and then PNG
# (rsvg-convert, scaled to 80 %; pngquant, where installed, makes them a
# quarter of the size).  Run from the repository root after a build:
#   scripts/docs-slides.sh [build/tpx]
set -eu
tpx=${1:-build/tpx}
out=docs/slides
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
slide() { # name, export arguments...
    local name=$1
    shift
    "$tpx" export --slide --replay h200 -o "$tmp/$name.svg" "$@" >/dev/null
    rsvg-convert -z 0.8 "$tmp/$name.svg" -o "$out/$name.png"
    if command -v pngquant >/dev/null; then
        pngquant --force --quality 60-90 --output "$out/$name.png" "$out/$name.png"
    fi
    echo "$out/$name.png"
}
slide map --view map --kernel smem_rect --block 32x8 --size 256 --rows 30
slide banks --view banks --kernel smem --block 32x32 --size 8192
slide coalescing --view coalescing --kernel naive_row --block 32x8 --size 8192
slide order --view order --kernel diagonal_row --block 32x8 --size 2048x512 --rows 36
slide bandwidth --view bandwidth --kernel tile_rows --block 32x8 --size 8192 --pad 1
slide compare --view compare --kernel smem --block 32x32 --size 8192 --vs --pad 1
slide tour-step-10 --view tour --step 10
