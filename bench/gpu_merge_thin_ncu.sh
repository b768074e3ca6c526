#!/usr/bin/env bash
# Nsight Compute on the stores at thin and wide sizes (bench/ncu_merge_thin_configs.txt):
# the L2 write sectors and requests against the sectors the store instructions write,
# where one instruction spans 4 to 18 lines (issue 18, 2026-12-01), and a cold bench of
# the same configs.  Kept: bench/results/issue18/h200_ncu_merge_thin.tgz.
# usage (device machine, repository root): bash bench/gpu_merge_thin_ncu.sh [TPX]
T=${1:-build-gpu/tpx}
o=$(mktemp -d)
NCU_METRICS=lts__throughput.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed \
  bash bench/ncu_stores_probe.sh "$T" "$o/ncu" bench/ncu_merge_thin_configs.txt
grep -v '^#' bench/ncu_merge_thin_configs.txt | awk '{print $3":"$4}' | sort -u | while IFS=: read -r s d; do
  "$T" bench --kernel memcpy,smem_staged,copy_col,naive_row --block 32x4,32x8,16x16,8x32,64x4,32x2 \
    --size "$s" --dtype "$d" --time-cap 0.04 --csv >"$o/bench_${s}_$d.csv" 2>&1
done
tar czf "${OUT:-.}/merge_thin_ncu.tgz" -C "$o" ncu $(cd "$o" && ls bench_*.csv)
