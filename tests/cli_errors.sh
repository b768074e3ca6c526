#!/usr/bin/env bash
# Every bad command line ends with exit code 2, nothing on stdout, and a
# message on stderr that names the problem.
set -u
tpx=$1
fails=0
errf=$(mktemp) || exit 1
trap 'rm -f "$errf"' EXIT

expect_error() { # expected-substring args...
    local want=$1
    shift
    local out err rc
    out=$("$tpx" "$@" 2>"$errf")
    rc=$?
    err=$(cat "$errf")
    if [ "$rc" -ne 2 ] || [ -n "$out" ] || [[ "$err" != *"$want"* ]]; then
        echo "FAIL: tpx $* -> rc=$rc stdout='$out' stderr='$err' (wanted '$want')"
        fails=$((fails + 1))
    fi
}

expect_error "unknown subcommand 'frobnicate'" frobnicate
expect_error "unknown kernel 'fastest'" report --kernel fastest --no-gpu
expect_error "unknown profile 'nope'; known profiles: a100" --profile nope --no-gpu
expect_error "unknown option '--colour'" report --colour --no-gpu
expect_error "unknown option '--bogus'" list --bogus
expect_error "needs a value" report --no-gpu --block
expect_error "needs a value" report --block --no-gpu
expect_error "malformed" report --no-gpu --block 32
expect_error "malformed" report --no-gpu --block 32x
expect_error "malformed" report --no-gpu --block abc
expect_error "malformed" report --no-gpu --block -32x8
expect_error "zero" report --no-gpu --block 0x8
expect_error "too large" report --no-gpu --block 99999999999999999999x1
expect_error "2048 threads" report --no-gpu --block 64x32
expect_error "at most 1024" report --no-gpu --block 2048x1
expect_error "zero" report --no-gpu --size 0
expect_error "zero" report --no-gpu --size 0x100
expect_error "malformed" report --no-gpu --size -5x5
expect_error "malformed" report --no-gpu --size 12abc
expect_error "too large" report --no-gpu --size 1000000x1000000
expect_error "too large" report --no-gpu --size 99999999999999999999999
expect_error "square" report --no-gpu --kernel smem --block 32x8
expect_error "does not divide" report --no-gpu --kernel tile_rows --block 32x12
# 128x128 f32 (64 KB) fits after the opt-in a GPU (or its profile) allows;
# 256x256 f32 (256 KB) fits in no GPU.
expect_error "shared memory" report --no-gpu --kernel tile_rows --block 256x4
expect_error "shared memory" report --no-gpu --profile t4 --kernel tile_rows --block 128x8 --dtype f64
expect_error "unknown dtype 'f128'" report --no-gpu --dtype f128
expect_error "pad '-1'" report --no-gpu --kernel smem --block 32x32 --pad -1
expect_error "pad 'one'" report --no-gpu --kernel smem --block 32x32 --pad one
expect_error "too large" report --no-gpu --kernel smem --block 32x32 --pad 1000
expect_error "no shared tile" report --no-gpu --kernel naive_row --pad 1
expect_error "power of two" report --no-gpu --kernel smem_rect --block 24x8 --swizzle
expect_error "CUDA launches at most 2147483647" report --no-gpu --kernel naive_row --block 1x1 --size 65536
# tile_strip: the short side in one block, and a tile of the data's own type
expect_error "use a block of at least 113 threads" report --no-gpu --kernel tile_strip --block 8x8 --size 900x9000
expect_error "no block holds more than 8192" report --no-gpu --kernel tile_strip --block 32x32 --size 9000
expect_error "a tile dtype does not apply" report --no-gpu --kernel tile_strip --size 3x1000 --tile-dtype f64
# a kernel of the kernel language reads its grid from gridDim: no folding
expect_error "CUDA allows at most 65535 in y" report --no-gpu --kernel-file "$(dirname "$0")/../assets/kernels/copy_row.tpxk" --size 1x33554432
expect_error "unexpected argument" report --no-gpu smem
expect_error "takes no value" report --no-gpu --json=yes
expect_error "device 'x'" report --device x
expect_error "unknown kernel 'fastest'" bench --kernel naive_row,fastest --no-gpu
expect_error "malformed" bench --block 32x8,32 --no-gpu
expect_error "unknown dtype 'f128'" bench --dtype f32,f128 --no-gpu
expect_error "empty" bench --size , --no-gpu
expect_error "choose one" bench --json --csv --no-gpu
expect_error "time-cap" bench --time-cap soon --no-gpu
expect_error "samples" bench --samples 0 --no-gpu
expect_error "cannot open" report --replay /nonexistent.json

if [ "$fails" -ne 0 ]; then
    echo "$fails failure(s)"
    exit 1
fi
echo "all bad inputs refused with a message"
