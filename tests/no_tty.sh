#!/usr/bin/env bash
# Without a terminal the explorer says so and exits with 2, printing nothing
# on stdout; a bad config is refused with 2 before that; --help still works.
set -u
tpx=$1
fails=0
check() { # name rc-wanted stderr-substring args...
    local name=$1 want=$2 msg=$3
    shift 3
    local out err rc
    out=$("$tpx" "$@" </dev/null 2>/tmp/tpx_notty_err.$$)
    rc=$?
    err=$(cat /tmp/tpx_notty_err.$$)
    rm -f /tmp/tpx_notty_err.$$
    if [ "$rc" -ne "$want" ] || [[ "$err" != *"$msg"* ]] || { [ "$want" -ne 0 ] && [ -n "$out" ]; }; then
        echo "FAIL: $name: rc=$rc (want $want) stdout='$out' stderr='$err'"
        fails=$((fails + 1))
    fi
}
check "no tty" 2 "the explorer needs a terminal" --no-gpu
check "no tty, default runner" 2 "the explorer needs a terminal"
check "stdout piped" 2 "needs a terminal" --no-gpu --kernel smem --block 32x32 --pad 1
check "bad config first" 2 "smem needs a square block" --no-gpu --kernel smem --block 32x8
check "bad option" 2 "unknown option '--colour'" --colour
check "bad size" 2 "size '0x4' has a zero side" --no-gpu --size 0x4
check "load" 2 "cannot open /nonexistent.json" --load /nonexistent.json
"$tpx" --no-gpu --help </dev/null | grep -q -- "--no-gpu" || { echo "FAIL: tpx --help"; fails=$((fails + 1)); }
[ "$fails" -eq 0 ] || exit 1
echo "without a terminal: exit 2 and a message"
