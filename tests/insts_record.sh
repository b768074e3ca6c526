#!/usr/bin/env bash
# assets/kernel_insts.txt, the counts the issue limit reads, is what
# bench/probes/insts_fit.py makes of the instruction probe's table
# (bench/results/issue18/h200_insts.csv.gz; for tile_gather also the thin
# sizes' h200_insts_thin.csv.gz) with this tpx: no count typed in by hand,
# none left behind when the model's loads or edge share change.
set -eu
tpx=$1
root="$(cd "$(dirname "$0")/.." && pwd)"
command -v python3 >/dev/null || { echo "no python3"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$root/bench/probes/insts_fit.py" --tpx "$tpx" --only tile_gather "$root/bench/results/issue18/h200_insts.csv.gz" \
    "$root/bench/results/issue18/h200_insts_thin.csv.gz" >"$tmp/insts.txt" 2>"$tmp/err" || { cat "$tmp/err"; echo "FAIL: insts_fit.py"; exit 1; }
if ! diff -u "$root/assets/kernel_insts.txt" "$tmp/insts.txt" >"$tmp/diff"; then
    head -40 "$tmp/diff"
    echo "FAIL: assets/kernel_insts.txt is not what insts_fit.py makes of the probe's table:"
    echo "      python3 bench/probes/insts_fit.py --tpx TPX --only tile_gather bench/results/issue18/h200_insts.csv.gz \\"
    echo "          bench/results/issue18/h200_insts_thin.csv.gz > assets/kernel_insts.txt"
    exit 1
fi
echo "ok: $(grep -c '^[a-z]' "$tmp/insts.txt") rows, $(cat "$tmp/err")"
