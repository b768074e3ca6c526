#!/usr/bin/env bash
# The build's record of registers (assets/kernel_regs.txt) is what ptxas
# gives the kernels now: scripts/kernel-regs.sh for sm_90 against the
# asset's sm_90 lines.  A kernel change that moves a count fails here until
# the asset is rewritten (scripts/kernel-regs.sh, then review the diff).
# usage: tests/kernel_regs.sh ROOT NVCC
set -u
root=$1
nvcc=$2
[ -x "$nvcc" ] || { echo "kernel_regs: no CUDA compiler: skipped"; exit 77; }
want=$(grep '^sm_90 ' "$root/assets/kernel_regs.txt")
got=$(TPX_REGS_ARCHS=90 NVCC="$nvcc" "$root/scripts/kernel-regs.sh" - | grep '^sm_90 ') || {
    echo "FAIL: scripts/kernel-regs.sh failed"; exit 1; }
if [ "$got" != "$want" ]; then
    echo "FAIL: assets/kernel_regs.txt is not what ptxas gives the kernels now (sm_90):"
    diff <(echo "$want") <(echo "$got") | head -20
    echo "rewrite it with scripts/kernel-regs.sh and review the diff"
    exit 1
fi
echo "kernel_regs: $(echo "$got" | wc -l) sm_90 kernels as recorded"
