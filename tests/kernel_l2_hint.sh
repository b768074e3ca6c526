#!/usr/bin/env bash
# tile_gather's loads of A ask the L2 for whole 128-byte lines (tv_ldg_l2,
# docs/PERFORMANCE.md "The L2 asked for whole lines"): in the PTX nvcc makes
# of kernels/tile_gather.cu (sm_90), every instance of the kernel has global
# loads and every one of them carries .L2::128B.  A change that loses the
# hint (a plain load on one of its paths) fails here, without a GPU.
# usage: tests/kernel_l2_hint.sh ROOT NVCC
set -u
root=$1
nvcc=$2
[ -x "$nvcc" ] || { echo "kernel_l2_hint: no CUDA compiler: skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$nvcc" -std=c++17 -arch=sm_90 -ptx -o "$tmp/tg.ptx" -I"$root/kernels" "$root/kernels/tile_gather.cu" ||
    { echo "FAIL: nvcc -ptx kernels/tile_gather.cu"; exit 1; }
awk '/\.entry/ { split($0, a, " "); e = a[3]; if (e ~ /tpxk_tile_gather/) n[e] = 0 }
     e ~ /tpxk_tile_gather/ && /ld\.global/ { if ($1 ~ /\.L2::128B/) n[e]++; else { print "plain: " e ": " $1; bad = 1 } }
     END { k = 0; for (x in n) { k++; if (n[x] == 0) { print "no hinted load: " x; bad = 1 } }
           if (k == 0) { print "no tpxk_tile_gather entry"; bad = 1 }
           if (!bad) print k " instances"; exit bad }' "$tmp/tg.ptx" >"$tmp/out"
rc=$?
if [ "$rc" -ne 0 ]; then
    echo "FAIL: tile_gather's loads of A do not all ask for whole lines:"
    head -10 "$tmp/out"
    exit 1
fi
echo "kernel_l2_hint: $(cat "$tmp/out"), every global load .L2::128B"
