#!/usr/bin/env bash
# One GPU session for the block-shape prediction (issue 18): the calibration
# probes (bench/probes/probe.cu) and full block-shape sweeps of the catalog
# (every shape `--block all` accepts, pads 0/1 and the swizzle), each step
# under its own time limit so the whole call ends in time.  Logs and tables go
# to $OUT (or /tmp/tpx-probe).
# One bench per kernel, so a sweep cut short by the deadline keeps what it
# measured; kernels come in the order the prediction needs them.
# usage: [PROBES="barrier prologue"] [KERNELS="..."] bench/probes/run.sh TPX PROBE DEADLINE_S [SIZE:DTYPE ...]
#   PROBES: which probes to run (default all; "none" runs only the sweeps)
#   KERNELS: the benches to run, space-separated (default the catalog's, below)
#   e.g. bench/probes/run.sh out/gpu/tpx out/gpu/probe 560 8192x8192:f32 16384x4096:f32
set -u
tpx=$1
probe=$2
deadline=$3
shift 3
kernels=${KERNELS:-"memcpy,cublas copy_row naive_row naive_col tile_rows tile_vec smem smem_rect copy_vec
 unroll4_row unroll4_col diagonal_row diagonal_col copy_col smem_staged tile_sec"}
out=${OUT:-/tmp/tpx-probe}
mkdir -p "$out"
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr -dc 'A-Za-z0-9' | tr A-Z a-z)
step() { echo "== $(date +%T) $*" | tee -a "$out/env.log"; }

step "device $gpu"
{
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,power.draw,temperature.gpu,ecc.mode.current --format=csv
    "$tpx" list --devices
} >>"$out/env.log" 2>&1

step "probes"
for p in ${PROBES:-all}; do
    [ "$p" = none ] && break
    timeout 200 "$probe" "$p" >>"$out/probe_$gpu.csv" 2>>"$out/env.log"
    echo "probe $p rc=$?" | tee -a "$out/env.log"
done
grep -E '^(spin|copy)' "$out/probe_$gpu.csv"

for spec in "$@"; do
    IFS=: read -r size dtype <<<"$spec"
    step "sweep $size $dtype"
    for k in $kernels; do
        left=$((deadline - SECONDS - 15))
        if [ "$left" -lt 10 ]; then
            echo "deadline: $k $size $dtype not run" | tee -a "$out/env.log"
            continue
        fi
        f="$out/sweep_${gpu}_${size}_${dtype}_${k%%,*}"
        timeout "$left" "$tpx" bench --kernel "$k" --block all --size "$size" --dtype "$dtype" \
            --pad 0,1 --swizzle --samples 5 --time-cap 0.05 --save "$f.json" >"$f.txt" 2>&1
        echo "$k rc=$? rows=$(grep -c verified "$f.txt") at $SECONDS s" >>"$out/env.log"
    done
    tail -1 "$out/env.log"
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv >>"$out/env.log" 2>&1
cd "$out" && tar czf sweeps.tgz sweep_*.json sweep_*.txt && rm -f sweep_*.json sweep_*.txt
step "done"
