#!/usr/bin/env bash
# compute-sanitizer over the whole catalog at small sizes (partial tiles,
# partial warps, all dtypes, paddings and swizzle): memcheck on every
# config, racecheck on the kernels with a shared tile (the only ones that
# share data between threads).  Each config is launched once and verified.
# usage: bench/sanitize.sh [path/to/tpx]
set -eu
tpx=${1:-build/tpx}
sizes=33x31,100x70
echo "== memcheck"
compute-sanitizer --tool memcheck --error-exitcode 3 "$tpx" bench --once --kernel all \
    --block 32x8,16x16,20x5,64x4 --size "$sizes" --dtype f32,f64,f16 --pad 0,1 \
    --swizzle --json >/tmp/tpx_memcheck.json
python3 -c 'import json; d=json.load(open("/tmp/tpx_memcheck.json")); r=d["results"]
bad=[x for x in r if x["measured"] is None and x["measured_status"] != "unavailable"]
print("memcheck: %d configs launched and verified, %d not" % (len(r)-len(bad), len(bad)))
assert not bad, bad[:3]'
echo "== racecheck"
compute-sanitizer --tool racecheck --racecheck-report all --error-exitcode 3 "$tpx" bench --once \
    --kernel smem,smem_rect,tile_rows --block 32x8,16x16,32x32,64x4,20x5 --size 33x31,100x70 \
    --dtype f32,f64,f16 --pad 0,1 --swizzle --json >/tmp/tpx_racecheck.json
python3 -c 'import json; r=json.load(open("/tmp/tpx_racecheck.json"))["results"]
assert all(x["measured"] for x in r); print("racecheck: %d configs clean" % len(r))'
echo "compute-sanitizer: memcheck and racecheck clean"
