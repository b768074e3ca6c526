#!/usr/bin/env bash
# A kernel named without a block runs at the kernel's usual block (report,
# compare, the explorer) instead of exiting; a block asked for and refused
# still exits 2 with the reason; messages count right ("1 thread").
set -eu
tpx=$1
fail() { echo "FAIL: $*"; exit 1; }

"$tpx" report --no-gpu --kernel smem --size 1024 | head -1 | grep -q "^smem 32x32 1024x1024" ||
    fail "report --kernel smem picks no block"
"$tpx" report --no-gpu --kernel smem --size 1024 --json |
    python3 -c 'import json,sys; assert json.load(sys.stdin)["config"]["block"] == "32x32"' ||
    fail "report --json block"
"$tpx" compare --no-gpu --size 1024 --vs --kernel smem | grep -q "^B: smem 32x32" ||
    fail "compare --vs --kernel smem"
set +e
err=$("$tpx" --no-gpu --kernel smem </dev/null 2>&1 >/dev/null)
rc=$?
set -e
[ $rc -eq 2 ] && echo "$err" | grep -q "needs a terminal" ||
    fail "tpx --kernel smem did not get as far as the terminal: $err"
set +e
err=$("$tpx" report --no-gpu --kernel smem --block 32x8 2>&1 >/dev/null)
rc=$?
set -e
[ $rc -eq 2 ] && echo "$err" | grep -q "smem needs a square block" || fail "explicit block: $err"
"$tpx" report --no-gpu --block 1x1 --size 64 | grep -q "blocks of 1 thread (1 warp each)" ||
    fail "1 thread"
echo ok
