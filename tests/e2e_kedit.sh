#!/usr/bin/env bash
# End to end: a student writes a kernel in the real tpx in a real terminal
# (tmux, --no-gpu).  The kernel list's exercise, Ctrl-E into the kernel
# editor, the blanks filled by typing (first the copy's indices: the verdict
# says wrong, with the element; then the transpose's: correct), Ctrl-X uses
# it, and the strip gives the check of every thread at the config's size;
# the kernel list then holds it.  q quits with status 0.
# usage: e2e_kedit.sh path/to/tpx
set -u
tpx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
command -v tmux >/dev/null || { echo "FAIL: tmux is not installed (scripts/deps.sh installs it)"; exit 1; }
sock=tpx-kedit-$$
pane=kedit
tmp=$(mktemp -d)
. "$(dirname "$0")/tmux_lib.sh"
cleanup() { t kill-server 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

lsan="LSAN_OPTIONS=suppressions=$(cd "$(dirname "$0")" && pwd)/lsan.supp"
t new-session -d -s kedit -x 120 -y 40 \
    "env LANG=C.UTF-8 LC_ALL=C.UTF-8 $lsan $tpx --no-gpu --size 512x384; echo \"exit=\$?\"; sleep 30"
expect 'K naive_row'
keys K
expect 'Ctrl-E write your own'
keys e # a letter jumps: the exercise, after the catalog
expect 'exercise: the exercise, with blanks to fill'
keys C-e
expect 'does not parse line 8, column 22: a blank to fill'
# the first answer: the copy's index on both sides
keys C-f
keys -l 'y * W + x'
keys C-f
keys -l 'y * W + x'
expect 'B\[y \* W \+ x\] = A\[y \* W \+ x\]'
expect 'check at 128x128: wrong: wrong element: B\[0\]\[1\] gets A\[0\]\[1\]'
# erase B's index, type the transpose's
for _ in $(seq 15); do keys Left; done # over A's index and "] = A[": behind B's
for _ in 1 2 3 4 5 6 7 8 9; do keys BSpace; done
keys -l 'x * H + y'
expect 'B\[x \* H \+ y\] = A\[y \* W \+ x\]'
expect 'check at 128x128: correct: B is A transposed'
keys C-x
expect 'K exercise'
expect 'check correct: B is A transposed, every one of its 196608 elements written once' 20
keys K
expect 'exercise +Your kernel|exercise: Your kernel, in the kernel language'
keys Escape
keys q
expect 'exit=0'
echo "e2e_kedit: ok"
