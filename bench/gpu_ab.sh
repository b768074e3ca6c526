#!/usr/bin/env bash
# A/B of tile_gather builds on one warm GPU, interleaved so that drift hits
# every build alike: each binary named in $TPX_BINS (default: build-gpu/tpx)
# runs memcpy and tile_gather at issue 20's odd shapes, 3 dtypes, the blocks
# of $TPX_AB_BLOCKS (default 32x8,64x4,32x4), $TPX_RUNS rounds (default 2);
# TPX_AB_ONLY=1 stops there.  Logs in $OUT (or /tmp/tpx-ab):
# ab_<bin>_<round>.csv.  Then, for build-gpu/tpx: gpu_verify, sanitizers,
# ncu_check of tile_gather, and Nsight Compute's sections at 8191x8193 f16.
set -u
out=${OUT:-/tmp/tpx-ab}
mkdir -p "$out"
start=$SECONDS
log() { echo "== $(date +%T) +$((SECONDS - start)) s $*" | tee -a "$out/env.log"; }
nvidia-smi --query-gpu=name,clocks.max.sm,clocks.max.mem,driver_version --format=csv >>"$out/env.log"
OUT=$out TPX_BINS=${TPX_BINS:-build-gpu/tpx} TPX_AB_KERNELS=tile_gather TPX_AB_DTYPES=f16,f32,f64 \
    TPX_AB_BLOCKS=${TPX_AB_BLOCKS:-32x8,64x4,32x4} TPX_AB_CAP=0.06 TPX_AB_ONLY=1 bash bench/gpu_ab16.sh
[ -n "${TPX_AB_ONLY:-}" ] && exit 0
log "gpu_verify"
timeout 150 build-gpu/tests/gpu_verify >"$out/verify.log" 2>&1
echo "verify rc=$?" | tee -a "$out/env.log"
log "sanitize"
for tool in memcheck racecheck; do
    for cfg in "32x8 1000x777 f32" "32x8 1001x16 f16" "16x16 333x517 f64" "7x2 77x17 f16" \
        "64x4 4097x8 f32" "32x8 3x1000 f64" "32x4 8191x93 f16"; do
        set -- $cfg
        timeout 60 compute-sanitizer --tool $tool --error-exitcode 3 build-gpu/tpx report --once --kernel tile_gather \
            --block "$1" --size "$2" --dtype "$3" >>"$out/sanitize.log" 2>&1
        echo "$tool $cfg rc=$?" | tee -a "$out/env.log"
    done
done
log "ncu_check"
timeout 200 python3 bench/ncu_check.py --tpx build-gpu/tpx --only tile_gather --log "$out/ncu.log" >"$out/ncu.out" 2>&1
echo "ncu rc=$? $(tail -1 "$out/ncu.out")" | tee -a "$out/env.log"
log "ncu sections"
sec="--section SpeedOfLight --section InstructionStats --section WarpStateStats --section Occupancy --section LaunchStats"
s=$(mktemp)
for bl in 32x8 64x4; do
    echo "build-gpu/tpx report --once --kernel tile_gather --block $bl --size 8191x8193 --dtype f16 >/dev/null" >>"$s"
done
timeout 120 ncu --clock-control none --cache-control all --target-processes all -k regex:tpxk_ $sec \
    --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,lts__t_sectors_srcunit_tex_op_read.sum \
    --csv --page details bash "$s" >"$out/ncu_sections.csv" 2>"$out/ncu_sections.err"
echo "sections rc=$?" | tee -a "$out/env.log"
rm -f "$s"
log done
