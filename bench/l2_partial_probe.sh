#!/usr/bin/env bash
# Sectors of B written in parts at different times (issue 10): DRAM bytes
# under Nsight Compute for kernels whose writers of a sector run 0 to 32768
# blocks apart (naive_row 64x4 on ever wider matrices of the same 256 MB;
# the diagonal order; in-block splits at 2 and 4 bytes).  The table it writes
# is bench/results/l2_partial_h200.csv; bench/l2_partial_fit.py compares it
# with the model (src/model/traffic_split.c).
# With a second argument, the configs of that file instead (a line each:
# kernel block size dtype), e.g. bench/results/issue18/reread_configs.txt:
# sectors of A that two blocks far apart in launch order both load.
# usage: bench/l2_partial_probe.sh [tpx] [configs] > table.csv   (on a machine with a GPU and ncu)
set -eu
tpx=$(realpath "${1:-build/tpx}")
list=$(mktemp)
cfgs=$(mktemp)
trap 'rm -f "$list" "$cfgs"' EXIT
if [ -n "${2:-}" ]; then
    [ -r "$2" ] || { echo "l2_partial_probe.sh: cannot read the config file '$2'" >&2; exit 2; }
    grep -v '^#' "$2" | grep . >"$cfgs" ||
        { echo "l2_partial_probe.sh: '$2' lists no config" >&2; exit 2; }
else
    cat >"$cfgs" <<'L'
naive_row 64x4 8192x8192 f32
naive_row 64x4 32768x2048 f32
naive_row 64x4 131072x512 f32
naive_row 64x4 524288x128 f32
naive_row 64x4 2097152x32 f32
diagonal_row 64x4 8192x8192 f32
diagonal_row 32x8 8192x8192 f32
naive_row 32x4 8192x8192 f32
naive_row 32x2 8192x8192 f32
naive_row 32x8 8192x8192 f32
naive_row 32x8 32768x2048 f32
naive_row 64x4 8192x8192 f64
naive_row 32x16 8192x8192 f16
naive_row 32x8 8192x8192 f16
naive_row 128x2 8192x8192 f32
naive_row 128x2 65536x1024 f32
L
fi
while read -r k b sz dt; do
    echo "$tpx report --once --kernel $k --block $b --size $sz --dtype $dt >/dev/null"
done <"$cfgs" >"$list"
m=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_write.sum,gpu__time_duration.sum
ncu --clock-control none --target-processes all -k regex:tpxk_ --metrics "$m" --csv --page raw \
    --print-units base bash "$list" |
    python3 -c '
import csv, io, sys
cfgs = [l.split() for l in open(sys.argv[1])]
rows = list(csv.reader(io.StringIO("".join(l for l in sys.stdin if not l.startswith("==")))))
h = next(i for i, r in enumerate(rows) if "Kernel Name" in r)
data = [dict(zip(rows[h], r)) for r in rows[h + 1:] if len(r) == len(rows[h]) and r[0].strip().isdigit()]
if len(data) != len(cfgs):
    sys.exit("ncu profiled %d launches for %d configs" % (len(data), len(cfgs)))
print("kernel,block,size,dtype,dram_read_bytes,dram_write_bytes,l2_write_sectors,time_ns")
for c, d in zip(cfgs, data):
    v = [d[k].replace(",", "") for k in sys.argv[2].split(",")]
    print(",".join(c + v))
' "$cfgs" "$m"
