#!/usr/bin/env bash
# compute-sanitizer over the whole catalog at small sizes (partial tiles,
# partial warps, all dtypes, paddings and swizzle; 96x40 keeps every
# dtype's rows on 16 bytes, so the 16-byte kernels take their vector paths): memcheck on every
# config, racecheck on the kernels with a shared tile (the only ones that
# share data between threads).  Each config is launched once and verified.
# usage: bench/sanitize.sh [path/to/tpx]
set -eu
tpx=${1:-build/tpx}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
check() { # tool json-file
    tail -2 "$tmp/$1.log"
    python3 - "$2" "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
bad = [x for x in r if x["measured"] is None and x["measured_status"] != "unavailable"]
print("%s: %d configs launched and verified, %d not" % (sys.argv[2], len(r) - len(bad), len(bad)))
sys.exit(1 if bad else 0)
PY
}
echo "== memcheck"
compute-sanitizer --tool memcheck --error-exitcode 3 --log-file "$tmp/memcheck.log" \
    "$tpx" bench --once --kernel all --block 32x8,16x16,20x5,64x4,16x8 --size 33x31,100x70,96x40 \
    --dtype f32,f64,f16 --pad 0,1 --swizzle --json --out "$tmp/memcheck.json" 2>/dev/null
check memcheck "$tmp/memcheck.json"
echo "== racecheck"
compute-sanitizer --tool racecheck --racecheck-report all --error-exitcode 3 \
    --log-file "$tmp/racecheck.log" "$tpx" bench --once --kernel smem,smem_rect,tile_rows,tile_vec \
    --block 32x8,16x16,32x32,64x4,20x5,16x8 --size 33x31,100x70,96x40 --dtype f32,f64,f16 --pad 0,1 \
    --swizzle --json --out "$tmp/racecheck.json" 2>/dev/null
check racecheck "$tmp/racecheck.json"
echo "compute-sanitizer: memcheck and racecheck clean"
