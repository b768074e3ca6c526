#!/usr/bin/env bash
# The largest sizes tpx accepts, through every path that computes with them:
# `tpx report` (the model, the traffic, the prediction) and `tpx export` of
# each view (the Order view walks the block order), for every kernel at sizes
# that push a side or the grid to its limit.  A config is either refused
# (exit 2, with the reason) or computed; under the sanitizer build any
# overflow ends the run (UBSan, halt_on_error), which fails the case.
# usage: cli_extremes.sh path/to/tpx
set -u
tpx=$1
dir=$(mktemp -d /tmp/tpx_extremes.XXXXXX)
trap 'rm -rf "$dir"' EXIT
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
fails=0 runs=0 refused=0
run() { # args...
    runs=$((runs + 1))
    timeout 60 "$tpx" "$@" >/dev/null 2>"$dir/err"
    local rc=$?
    [ "$rc" -eq 2 ] && refused=$((refused + 1))
    if { [ "$rc" -ne 0 ] && [ "$rc" -ne 2 ]; } || grep -q "runtime error" "$dir/err"; then
        echo "FAIL: tpx $* -> rc=$rc: $(head -c 400 "$dir/err")"
        fails=$((fails + 1))
    fi
}
# The cases the issue found (UBSan in kernels/tpx_index.h), then every kernel.
run report --no-gpu --kernel diagonal_col --size 3x1431655765 --block 1x1
run report --no-gpu --kernel diagonal_row --size 2147483647x2 --block 1x1
run export --view order --kernel diagonal_row --size 2147483647x2 --block 1x1 -o "$dir/o.txt"
kernels=$("$tpx" list --json | python3 -c 'import json,sys; print(" ".join(k["id"] for k in json.load(sys.stdin)["kernels"]))')
for k in $kernels; do
    for size in 3x1431655765 2147483647x2 4294967296x1 1x4294967296 65536x65536; do
        run report --no-gpu --kernel "$k" --size "$size" --block 1x1
        run report --no-gpu --kernel "$k" --size "$size" --block 32x32
        run export --view order --kernel "$k" --size "$size" --block 1x1 -o "$dir/o.txt"
    done
done
for view in map banks coalescing bandwidth; do
    for k in diagonal_col tile_vec smem_rect copy_vec unroll4_col; do
        for size in 3x1431655765 2147483647x2 4294967296x1; do
            run export --view "$view" --kernel "$k" --size "$size" --block 1x1 -o "$dir/v.txt"
        done
    done
done
run export --view compare --kernel diagonal_col --size 3x1431655765 --block 1x1 -o "$dir/v.txt" \
    --vs --kernel diagonal_row
run bench --no-gpu --kernel all --block 1x1,1024x1 --size 3x1431655765,2147483647x2
echo "$runs runs at the extremes ($refused refused with a reason), $fails failure(s)"
[ "$fails" -eq 0 ]
