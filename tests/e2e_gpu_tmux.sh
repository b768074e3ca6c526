#!/usr/bin/env bash
# End to end on a real GPU: the explorer in tmux measures the config it opens
# at on its worker thread and shows a verified GB/s figure in the strip; a
# kernel change is measured in turn; the Bandwidth view fills its bars; q
# exits 0.  Skipped (77) without a GPU or tmux.  Screens are appended to
# $TPX_E2E_LOG when it is set.
# usage: e2e_gpu_tmux.sh path/to/tpx
set -u
tpx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
command -v tmux >/dev/null || { echo "tmux not installed: skipped"; exit 77; }
"$tpx" list --devices 2>/dev/null | grep -q '^0 ' || { echo "no GPU: skipped"; exit 77; }
sock=tpx-e2e-gpu-$$
tmp=$(mktemp -d)
log=${TPX_E2E_LOG:-/dev/null}
t() { tmux -L "$sock" -f /dev/null "$@"; }
trap 't kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
screen() { t capture-pane -p -t gpu 2>/dev/null; }
snap() { { echo "---- $1"; screen; } >>"$log"; }
fail() { echo "FAIL: $*"; echo "--- screen ---"; screen; snap "FAIL: $*"; exit 1; }
expect() { # PATTERN [timeout]
    local end=$((SECONDS + ${2:-10}))
    while [ $SECONDS -lt $end ]; do
        screen | grep -Eq -- "$1" && return 0
        sleep 0.2
    done
    fail "screen never showed '$1'"
}

t new-session -d -s gpu -x 160 -y 50 \
    "$tpx --kernel tile_rows --block 64x4 --pad 1 --size 4096; echo \"EXIT=\$?\" >$tmp/rc; sleep 30"
expect 'K tile_rows' 15
expect '[0-9]+\.[0-9] GB/s median of' 60
expect 'verified' 5
snap "tile_rows 64x4 pad 1 measured"
gbs=$(screen | grep -Eo '[0-9]+\.[0-9] GB/s median' | head -1 | cut -d' ' -f1)
awk -v g="$gbs" 'BEGIN { exit !(g > 1) }' || fail "implausible figure '$gbs' GB/s"

t send-keys -t gpu 5
expect 'live: tile_rows 64x4' 10
# [ goes to the previous kernel in the catalog that takes 64x4: smem_staged
t send-keys -t gpu '['
expect 'live: smem_staged 64x4' 10
expect '[0-9]+\.[0-9] GB/s median of' 60
snap "smem_staged 64x4 pad 1 measured, Bandwidth view"
# the all-kernels bars fill in as the worker measures them
expect 'copy_row .*GB/s' 120
expect 'cublas .*GB/s' 120
snap "bars filled"

t send-keys -t gpu q
end=$((SECONDS + 15))
while [ ! -s "$tmp/rc" ] && [ $SECONDS -lt $end ]; do sleep 0.2; done
grep -q 'EXIT=0' "$tmp/rc" 2>/dev/null || fail "exit code: $(cat "$tmp/rc" 2>/dev/null)"
echo "live measurement on the GPU: $gbs GB/s verified; kernel change re-measured; exit 0"
