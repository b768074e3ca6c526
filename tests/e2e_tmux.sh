#!/usr/bin/env bash
# End to end: the real tpx in a real terminal (tmux), without a GPU
# (--no-gpu, so that it passes on a GPU machine too).  It opens at a config,
# goes through the five views, changes the kernel and the block, opens and
# closes the help, survives a resize below the minimum, and quits; each step
# polls the screen until it shows what it should.  Then: exit code 0, the
# terminal restored (line mode and echo back on), Ctrl-C and SIGTERM, a bad
# config refused before the screen is touched, ASCII in a non-UTF-8 locale.
# With a second argument (tests/replay_fixture), also: results saved by tpx
# bench --save, loaded with --load, shown as measured figures.
# usage: e2e_tmux.sh path/to/tpx [path/to/replay_fixture]
set -u
tpx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
fixture=${2:-}
command -v tmux >/dev/null || { echo "FAIL: tmux is not installed (scripts/deps.sh installs it)"; exit 1; }
# Each run gets its own tmux server: reusing one right after kill-server can
# meet the old server on its way out.
runs=0
sock=tpx-e2e-$$-0
tmp=$(mktemp -d)
t() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() { t kill-server 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

fail() {
    echo "FAIL: $*"
    echo "--- screen ---"
    t capture-pane -p -t e2e 2>/dev/null
    exit 1
}

# expect PATTERN [timeout]: polls the screen until grep -E finds PATTERN.
expect() {
    local end=$((SECONDS + ${2:-10}))
    while [ $SECONDS -lt $end ]; do
        t capture-pane -p -t e2e 2>/dev/null | grep -Eq -- "$1" && return 0
        sleep 0.1
    done
    fail "screen never showed '$1'"
}

# expect_not PATTERN: the screen stops showing PATTERN.
expect_not() {
    local end=$((SECONDS + 10))
    while [ $SECONDS -lt $end ]; do
        t capture-pane -p -t e2e 2>/dev/null | grep -Eq -- "$1" || return 0
        sleep 0.1
    done
    fail "screen still shows '$1'"
}

keys() { t send-keys -t e2e "$@"; }

# start LOCALE ARGS...: tpx in a fresh 120x40 pane; afterwards the shell
# prints the exit code and the terminal modes, and waits.  $TERM_FOR_TPX,
# when set, is the terminal type tpx is told.
start() {
    local locale=$1 term=${TERM_FOR_TPX:+TERM=$TERM_FOR_TPX}
    # A sanitizer build: ncurses' own leak on an unknown terminal is not ours.
    local lsan="LSAN_OPTIONS=suppressions=$(cd "$(dirname "$0")" && pwd)/lsan.supp"
    shift
    t kill-server 2>/dev/null
    runs=$((runs + 1))
    sock=tpx-e2e-$$-$runs
    rm -f "$tmp/exit"
    rm -f "$tmp/pid"
    # tpx runs in the foreground (it reads the terminal); the shell that
    # execs it writes its pid first, for the signal tests.
    t new-session -d -s e2e -x 120 -y 40 \
        "sh -c 'echo \$\$ > $tmp/pid; exec env $term $lsan LANG=$locale LC_ALL=$locale $tpx $*'; echo \"EXIT=\$?\" > $tmp/exit; echo \"EXIT=\$(cat $tmp/exit | cut -d= -f2)\"; stty -a; sleep 60"
}

tpx_pid() {
    local end=$((SECONDS + 5))
    while [ $SECONDS -lt $end ] && [ ! -s "$tmp/pid" ]; do sleep 0.1; done
    [ -s "$tmp/pid" ] || fail "no pid for tpx"
    cat "$tmp/pid"
}

wait_exit() { # expected code
    local end=$((SECONDS + 10))
    while [ $SECONDS -lt $end ] && [ ! -s "$tmp/exit" ]; do sleep 0.1; done
    [ -s "$tmp/exit" ] || fail "tpx did not exit"
    grep -qx "EXIT=$1" "$tmp/exit" || fail "exit code: $(cat "$tmp/exit"), wanted $1"
}

restored() { # the shell after tpx: line mode and echo back on, screen back
    expect "EXIT="
    t capture-pane -p -t e2e | grep -Eq '(^| )icanon( |$)' || fail "terminal left without icanon"
    t capture-pane -p -t e2e | grep -Eq '(^| )echo( |$)' || fail "terminal left without echo"
}

# ---- the tour ----------------------------------------------------------------
start C.UTF-8 --no-gpu --kernel naive_row --block 32x8 --size 1024
expect "no GPU: model only \(--no-gpu\)"  # the reason the runner gave, passed through
expect "K naive_row .* block 32x8 .* size 1024x1024 .* f32 .* pad 0"
expect "warp 0 of block \(0,0\) reads 32 elements along a row of A"
expect "bandwidth not measured"
keys 2
expect "naive_row has no shared tile, so there are no banks to show"
keys 3
expect "global store \(B\) +32 sectors in 32 lines"
expect "stores: 32 sectors per request"
keys 4
expect "32x128 tiles of A, each numbered by the launch order"
keys 5
expect "every kernel at 1024x1024 f32"
expect "naive_row over block shapes"
keys Tab
expect "Nothing is pinned yet"               # 6 Compare, before anything is pinned
keys A
expect "pinned A: naive_row 32x8 1024x1024 f32 pad 0"
keys x
expect "B changes: block"                    # B is 16x8 now; A stays 32x8
expect "\\* global store sectors/request +32.00 +16.00 +0.50"
keys X
expect "B is the same config as A"
keys Tab
expect "warp 0 of block \(0,0\) reads"      # Tab wraps round to the Map
keys j
expect "warp 1 of block \(0,0\) reads"      # the next warp
keys K
expect "kernel: Up/Down, Enter applies"
keys t
expect "tile_rows: Tile with fewer threads"
keys Enter
expect_not "kernel: Up/Down"
expect "K tile_rows .* block 32x8"
keys X
expect "K tile_rows .* block 64x8 \(512 threads, 16 warps\)"
keys x x x
expect "block 8x8 \(64 threads"
keys x
expect "refused: tile_rows uses a 4x4 tile walked 8 rows"   # BY must divide BX: old config kept
expect "block 8x8 \(64 threads"
keys b
expect "block shape"
keys 3 2 Tab 3 2 Enter
expect_not "block shape"
expect "K tile_rows .* block 32x32 \(1024 threads"
keys 2
expect "no bank conflicts|shared (load|store):"
keys p
expect "padded: pad 1 +\(this config\)"
keys '?'
expect "help: \? or Esc closes"
expect "Move the selected warp"
keys '?'
expect_not "help: \? or Esc closes"
keys F1
expect "help: \? or Esc closes"
keys Escape
expect_not "help: \? or Esc closes"
t resize-window -t e2e -x 60 -y 20
expect "terminal too small \(need 80×24, have 60×20\)"
t resize-window -t e2e -x 120 -y 40
expect "padded: pad 1 +\(this config\)"
keys T
expect "tour 1/[0-9]+:  > next  < back  H hides  T ends"
expect "K copy_vec .* block 32x8"
expect "A \\(pinned\\) +copy_row 32x8 8192x8192"       # an A/B step: copy_row pinned
expect "not measured; the model predicts A [0-9]+ GB/s, B [0-9]+ GB/s, B/A [0-9]\\.[0-9]+"
keys H                                                # the box folds to one line, and back
expect "tour 1/[0-9]+: H shows its text"
keys H
expect "tour 1/[0-9]+:  > next"
keys '>'
expect "tour 2/[0-9]+:"
expect "K copy_col .* block 32x8"
expect "~0\\.[0-9]+ is the price of striding"    # the text's figure, filled in
keys T
expect_not "tour 2/"
keys q
wait_exit 0
restored

# ---- Ctrl-C quits cleanly; SIGTERM too, with 128+15 --------------------------
start C.UTF-8 --no-gpu
expect "no GPU: model only"
keys C-c
wait_exit 0
restored
start C.UTF-8 --no-gpu
expect "no GPU: model only"
kill -TERM "$(tpx_pid)"
wait_exit 143
restored

# ---- a fatal signal still restores the terminal ---------------------------------
start C.UTF-8 --no-gpu
expect "no GPU: model only"
kill -SEGV "$(tpx_pid)"
local_end=$((SECONDS + 10))
while [ $SECONDS -lt $local_end ] && [ ! -s "$tmp/exit" ]; do sleep 0.1; done
grep -qx "EXIT=0" "$tmp/exit" && fail "a SIGSEGV reported success"
restored

# ---- colours, and none with NO_COLOR (capture-pane -e shows the SGR codes) -----
# a foreground or background colour: 8-colour (3N, 4N) or 256-colour (38;5;N, 48;5;N)
colours() { t capture-pane -e -p -t e2e | grep -cE $'\e''\[([0-9]+;)*[34]([0-7]|8;5;[0-9]+)(;[0-9]+)*m'; }
start C.UTF-8 --no-gpu
expect "no GPU: model only"
[ "$(colours)" -gt 0 ] || fail "no colours on a colour terminal"
keys q
wait_exit 0
t kill-server
runs=$((runs + 1))
sock=tpx-e2e-$$-$runs
rm -f "$tmp/exit"
t new-session -d -s e2e -x 120 -y 40 "env NO_COLOR=1 LANG=C.UTF-8 $tpx --no-gpu; echo EXIT=\$? > $tmp/exit; sleep 60"
expect "no GPU: model only"
[ "$(colours)" -eq 0 ] || fail "colours despite NO_COLOR"
t capture-pane -e -p -t e2e | grep -q $'\e\[[0-9;]*7m' || fail "no reverse video for the bars in monochrome"
keys q
wait_exit 0

# ---- F10 quits; ASCII glyphs when the locale is not UTF-8 ---------------------
start C --no-gpu --kernel naive_row --size 1024
expect "no GPU: model only"
keys 3
expect "01234567\|89abcdef\|ghijklmn\|opqrstuv"
t capture-pane -p -t e2e | LC_ALL=C grep -q '[^ -~]' && fail "non-ASCII on the screen in the C locale"
keys F10
wait_exit 0

# ---- a bad config is refused before the screen is touched ----------------------
start C.UTF-8 --no-gpu --kernel smem --block 32x8
wait_exit 2
expect "tpx: smem needs a square block"
expect "EXIT=2"
# ---- an unknown --profile is refused the same way; a known one is named -------
start C.UTF-8 --no-gpu --profile nope
wait_exit 2
expect "tpx: unknown profile 'nope'; known profiles: a100, h100_sxm, h200"
start C.UTF-8 --no-gpu --profile h200 --kernel naive_row --size 1024
expect "predictions for the H200 profile"
keys 5
expect "the model predicts [0-9]+ GB/s for naive_row on H200"
keys q
wait_exit 0
# ---- terminals that cannot be drawn on are refused --------------------------------
TERM_FOR_TPX=dumb start C.UTF-8 --no-gpu
wait_exit 2
expect "terminal type 'dumb' cannot move the cursor"
TERM_FOR_TPX=no-such-terminal start C.UTF-8 --no-gpu
wait_exit 2
expect "cannot use terminal type 'no-such-terminal'"

# ---- saved results: --load shows them as measured, the rest as not measured ---
if [ -n "$fixture" ]; then
    "$fixture" "$tmp/results.json" || fail "replay_fixture"
    start C.UTF-8 --load "$tmp/results.json" --kernel naive_row --block 32x8 --size 1024
    expect "Fixture GPU .* sm_90 .* 132 SMs .* replayed from results.json"
    expect "bandwidth 528.4 GB/s recorded [0-9]{4}-[0-9]{2}-[0-9]{2} on Fixture GPU"  # never "live"
    expect "13.1% of memcpy"
    expect "✓ verified"
    keys 5
    expect "every kernel at 1024x1024 f32: measured GB/s"
    expect "copy_row .* 2424.0 GB/s"
    expect "naive_col .* launch_error"
    expect "copy_col .* not measured"
    keys 1 K c c c Enter
    expect "K copy_col"
    expect "bandwidth not measured \\(not in results.json, which holds"
    # The message line (row 38 of 40) holds no message after a change that was
    # not refused: only the strip's binding limit, which it shares.
    row=$(t capture-pane -p -t e2e | sed -n 38p)
    case "$row" in " why "* | "") ;; *) fail "a stray message: $row" ;; esac
    keys q
    wait_exit 0
    # the same file with no size named: it opens at the nearest config the file has
    start C.UTF-8 --load "$tmp/results.json" --kernel naive_row --block 32x8
    expect "opened at 1024x1024, the nearest the loaded results have to naive_row 32x8 4096x4096"
    expect "bandwidth 528.4 GB/s recorded"
    keys q
    wait_exit 0
fi
echo "the explorer drove through all views, dialogs, resize and exits"
