#!/usr/bin/env bash
# Writes the registers per thread that ptxas gives every kernel of kernels/
# (assets/kernel_regs.txt), for each compute capability a device profile
# names, so that the model knows each compiled kernel's occupancy without a
# GPU (src/model/compiled.c reads the table; docs/prediction.md).  The same
# flags as the tpx_gpu library (C++17, ptxas -O3).  Lines:
#   sm_90 42 tpxk_tile_rows<8, unsigned int, double>
# usage: scripts/kernel-regs.sh [OUT]    (OUT "-": stdout; default the asset)
# TPX_REGS_ARCHS="75 80 86 90" by default; NVCC names the compiler.
# A CUDA build's test (kernel_regs) checks that the asset is what this
# script writes for sm_90 now: a kernel change that moves a register count
# fails it until the asset is rewritten.
set -eu
root="$(cd "$(dirname "$0")/.." && pwd)"
out=${1:-$root/assets/kernel_regs.txt}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
archs=${TPX_REGS_ARCHS:-75 80 86 90}
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.body"' EXIT
for arch in $archs; do
    for f in "$root"/kernels/*.cu; do
        "$nvcc" -std=c++17 -arch="sm_$arch" -Xptxas=-O3 --resource-usage -c -o /dev/null \
            -I"$root/kernels" "$f" 2>&1 |
            awk -v arch="sm_$arch" '
                /Compiling entry function/ { fn = $0; sub(/.*function .\x27?/, "", fn); sub(/\x27.*/, "", fn) }
                /Used [0-9]+ registers/ && fn != "" { for (i = 1; i <= NF; i++) if ($i == "Used") print arch, $(i + 1), fn; fn = "" }'
    done
done >"$tmp.body"
# demangled, the parameter list dropped, tpx kernels only, sorted
while read -r arch regs fn; do
    name=$(printf '%s\n' "$fn" | c++filt)
    name=${name#void }
    name=${name%%(*}
    case "$name" in tpxk_*) echo "$arch $regs $name" ;; esac
done <"$tmp.body" | LC_ALL=C sort -u -t" " -k3 -k1,1 >"$tmp"
[ -s "$tmp" ] || { echo "kernel-regs: ptxas reported no kernel (is $nvcc a CUDA compiler?)" >&2; exit 1; }
{
    echo "# Registers per thread of every tpx kernel, by compute capability: ptxas"
    echo "# (nvcc --resource-usage, -Xptxas=-O3) on kernels/*.cu, written by"
    echo "# scripts/kernel-regs.sh; read by src/model/compiled.c.  Do not edit."
    cat "$tmp"
} >"${out/#-//dev/stdout}"
