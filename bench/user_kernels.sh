#!/usr/bin/env bash
# Kernels of the kernel language on a GPU (docs/language.md, issue 21): NVRTC
# present, every catalog kernel's twin compiled for this device, verified at
# many configs and timed against its built-in kernel; a kernel that would
# write out of bounds refused by its CPU check with the runner going on; and
# tpx report on a user kernel, text and JSON.  Builds nothing: give a build
# with CUDA (e.g. build).  Logs go to $OUT (or /tmp/tpx-user), 4 files.
# usage: bench/user_kernels.sh [build-dir]
set -u
b=${1:-build}
tpx=$b/tpx
out=${OUT:-/tmp/tpx-user}
mkdir -p "$out"
[ -x "$b/tests/gpu_user" ] || { echo "no $b/tests/gpu_user: build tpx with CUDA first" >&2; exit 2; }
step() { echo "== $(date +%T) $*" | tee -a "$out/env.log"; }

step "device"
{ nvidia-smi; "$tpx" list --devices; git log -1 --format='commit %h %s' 2>/dev/null; } \
    >>"$out/env.log" 2>&1
step "nvrtc_compile"
timeout 300 "$b/tests/nvrtc_compile" >>"$out/env.log" 2>&1
echo "nvrtc_compile rc=$?" | tee -a "$out/env.log"
step "gpu_user (verify, refuse, time against the twins)"
timeout 900 "$b/tests/gpu_user" >"$out/gpu_user.log" 2>&1
echo "gpu_user rc=$?" | tee -a "$out/env.log"
tail -20 "$out/gpu_user.log"
step "tpx report on user kernels"
{
    for k in naive_row smem tile_rows; do
        "$tpx" list --source $k > "$out/$k.tpxk"
        block=32x8
        [ $k = smem ] && block=32x32
        "$tpx" report --kernel $k --block $block --size 8192 --pad 1 2>&1 | tail -4
        "$tpx" report --kernel-file "$out/$k.tpxk" --block $block --size 8192 --pad 1 2>&1 | tail -8
    done
    "$tpx" report --kernel-file tests/ukernels/no_guard.tpxk --size 1000x777 2>&1 | tail -6
    echo "report of a kernel that would fault: rc=$?"
} >"$out/report.log" 2>&1
"$tpx" report --kernel-file "$out/smem.tpxk" --block 32x32 --size 8192 --pad 1 --json \
    >"$out/report_smem.json" 2>&1
echo "report rc=$?" | tee -a "$out/env.log"
