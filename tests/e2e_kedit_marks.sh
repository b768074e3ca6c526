#!/usr/bin/env bash
# End to end: the Map's marks follow the kernel editor's text (issue 21).
# In a terminal wide enough for the Map to show beside the editor (tmux,
# --no-gpu), the exercise's blanks filled with the copy's indices: after a
# pause in typing, the model worker checks the text at the config's size
# and the Map marks B's wrong elements and A's that did not reach B, the
# editor still open.  The transpose's index for B: the marks go.  Ctrl-X
# then uses the kernel, checked correct on the strip.  q quits with 0.
# usage: e2e_kedit_marks.sh path/to/tpx
set -u
tpx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
command -v tmux >/dev/null || { echo "FAIL: tmux is not installed (scripts/deps.sh installs it)"; exit 1; }
sock=tpx-kmarks-$$
pane=kmarks
. "$(dirname "$0")/tmux_lib.sh"
cleanup() { t kill-server 2>/dev/null; }
trap cleanup EXIT

# polls until grep -E no longer finds RE on the screen (10 s by default)
gone() {
    local end=$((SECONDS + ${2:-10}))
    while [ $SECONDS -lt $end ]; do
        t capture-pane -p -t "$pane" 2>/dev/null | grep -Eq -- "$1" || return 0
        sleep 0.1
    done
    fail "screen still shows '$1'"
}

lsan="LSAN_OPTIONS=suppressions=$(cd "$(dirname "$0")" && pwd)/lsan.supp"
t new-session -d -s kmarks -x 240 -y 40 \
    "env LANG=C.UTF-8 LC_ALL=C.UTF-8 $lsan $tpx --no-gpu --size 512x384; echo \"exit=\$?\"; sleep 30"
expect 'K naive_row'
keys K
expect 'Ctrl-E write your own'
keys e
expect 'exercise: the exercise, with blanks to fill'
keys C-e
expect 'does not parse line 8, column 22: a blank to fill'
keys C-f
keys -l 'y * W + x'
keys C-f
keys -l 'y * W + x'
expect 'check at 128x128: wrong: wrong element'
# the pause: the text checked at 512x384 and marked beside the editor
expect "the editor's text: B checked, all 196608: ✗" 20
marks=$(t capture-pane -p -t "$pane" | grep -o '✗' | wc -l)
[ "$marks" -gt 100 ] || fail "only $marks marks beside the editor"
# the transpose's index for B: the marks go, the editor still open
for _ in $(seq 15); do keys Left; done
for _ in 1 2 3 4 5 6 7 8 9; do keys BSpace; done
keys -l 'x * H + y'
expect 'check at 128x128: correct: B is A transposed'
gone "B checked|✗" 20
expect 'your kernel: type'
keys C-x
expect 'check correct: B is A transposed, every one of its 196608 elements written once' 20
keys q
expect 'exit=0'
echo "e2e_kedit_marks: ok"
