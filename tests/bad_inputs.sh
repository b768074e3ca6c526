#!/usr/bin/env bash
# The table of bad inputs: what a hostile or careless user types at the
# command line, into the explorer's fields, or the terminal tpx is started
# in.  Each row says what must come back: the exit code and a piece of the
# message.  Nothing may crash, hang, or be taken silently.
#   cli RC 'message' ARGS...    tpx ARGS, no terminal; stderr has the message
#   field 'message' KEYS [ARGS] the explorer (headless) typed KEYS: the screen
#                               says "refused: message", the config line is
#                               unchanged
#   term RC 'message' TERM W H  the explorer in a W x H tmux pane as TERM
#                               (q typed after 1 s if it draws)
# usage: bad_inputs.sh path/to/tpx path/to/tpx_render
set -u
tpx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
render=$2
rows=0 fails=0
tmp=$(mktemp -d)
sock=tpx-bad-$$
trap 'tmux -L "$sock" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT

# ncurses' own leak on an unknown terminal type (see lsan.supp) in the ASan build.
export LSAN_OPTIONS="suppressions=$(cd "$(dirname "$0")" && pwd)/lsan.supp"

bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

cli() { # rc message args...
    local want=$1 msg=$2
    shift 2
    rows=$((rows + 1))
    timeout 20 "$tpx" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -ne "$want" ] || ! grep -qF -- "$msg" "$tmp/err"; then
        bad "tpx $* -> rc=$rc (want $want), stderr: $(head -c 300 "$tmp/err") (want '$msg')"
    fi
}

field() { # message keys [config args]
    local msg=$1 keys=$2
    shift 2
    rows=$((rows + 1))
    local before after
    before=$("$render" "$@" --cols 120 --rows 40 | sed -n 2p)
    "$render" "$@" --cols 120 --rows 40 --keys "$keys" >"$tmp/screen" 2>&1
    local rc=$?
    after=$(sed -n 2p "$tmp/screen")
    if [ "$rc" -ne 0 ] || ! grep -F "refused: " "$tmp/screen" | grep -qF -- "$msg" || [ "$before" != "$after" ]; then
        bad "field keys '$keys' $*: rc=$rc, config line '$after' (was '$before'), want 'refused: $msg'"
    fi
}

term() { # rc message TERM cols rows
    local want=$1 msg=$2 termname=$3 w=$4 h=$5
    local setterm="TERM=$termname"
    rows=$((rows + 1))
    rm -f "$tmp/exit" "$tmp/err"
    tmux -L "$sock" -f /dev/null kill-server 2>/dev/null
    tmux -L "$sock" -f /dev/null new-session -d -s bad -x "$w" -y "$h" \
        "env $setterm LSAN_OPTIONS=$LSAN_OPTIONS $tpx --no-gpu 2>$tmp/err; echo \$? > $tmp/exit; sleep 30"
    local end=$((SECONDS + 10))
    sleep 1
    local drawn
    drawn=$(tmux -L "$sock" capture-pane -p -t bad 2>/dev/null)
    [ -s "$tmp/exit" ] || tmux -L "$sock" send-keys -t bad q
    while [ $SECONDS -lt $end ] && [ ! -s "$tmp/exit" ]; do sleep 0.1; done
    local rc
    rc=$(cat "$tmp/exit" 2>/dev/null)
    local seen
    seen="$(cat "$tmp/err" 2>/dev/null) $drawn"
    tmux -L "$sock" kill-server 2>/dev/null
    if [ "${rc:-none}" != "$want" ] || [[ "$seen" != *"$msg"* ]]; then
        bad "TERM='$termname' ${w}x$h: rc=${rc:-none} (want $want), saw '$(echo "$seen" | head -c 300)' (want '$msg')"
    fi
}

# ---- the command line ----------------------------------------------------------
cli 2 "given twice ('64' and '128')" report --no-gpu --size 64 --size 128
cli 2 "'--kernel' given twice" report --no-gpu --kernel smem --kernel naive_row
cli 2 "'--swizzle' given twice" report --no-gpu --kernel smem --block 32x32 --swizzle --swizzle
cli 2 "'--json' given twice" list --json --json
cli 2 "'--size' given twice" bench --no-gpu --size 64 --size=128
cli 2 "'--load' and '--replay' cannot be used together" --load a.json --replay b.json
cli 2 "'--no-gpu' and '--load'" --no-gpu --load a.json
cli 2 "'--no-gpu' and '--device'" report --no-gpu --device 0
cli 2 "'--device' and '--replay'" report --device 0 --replay a.json
cli 2 "'--json' and '--csv'" bench --no-gpu --json --csv
cli 2 "'--hot' and '--once'" report --no-gpu --hot --once
cli 2 "size '1e3' is malformed" report --no-gpu --size 1e3
cli 2 "size '0x10' has a zero side" report --no-gpu --size 0x10
cli 2 "size '64x64x64' is malformed" report --no-gpu --size 64x64x64
cli 2 "size ' 64' is malformed" report --no-gpu --size " 64"
cli 2 "size '+64' is malformed" report --no-gpu --size +64
cli 2 "too large" report --no-gpu --size 65537x65536
cli 2 "block '0x0' has a zero side" report --no-gpu --block 0x0
cli 2 "block '32X8" report --no-gpu --block 32X8x1
cli 2 "at most 1024" report --no-gpu --block 1025x1
cli 2 "pad '-1'" report --no-gpu --kernel smem --block 32x32 --pad -1
cli 2 "pad '1.5'" report --no-gpu --kernel smem --block 32x32 --pad 1.5
cli 2 "pad 65 is too large" report --no-gpu --kernel smem --block 32x32 --pad 65
cli 2 "unknown dtype 'F32'" report --no-gpu --dtype F32
cli 2 "'--dtype' needs a value" report --no-gpu --dtype=
cli 2 "unknown kernel 'SMEM'" report --no-gpu --kernel SMEM
cli 2 "device '-1'" report --device -1
cli 2 "device '1e0'" report --device 1e0
cli 2 "needs a value" report --no-gpu --size
cli 2 "needs a value" report --no-gpu --size=
cli 2 "unexpected argument '-'" report --no-gpu -
cli 2 "unexpected argument '-x'" list -x
cli 2 "unknown option '--'" list --=x
cli 2 "unknown subcommand 'lst'" lst
cli 2 "time-cap 'nan'" bench --no-gpu --time-cap nan
cli 2 "time-cap 'inf'" bench --no-gpu --time-cap inf
cli 2 "time-cap '-1'" bench --no-gpu --time-cap=-1
cli 2 "time-cap '0x10'" bench --no-gpu --time-cap 0x10
cli 2 "time-cap ' 1'" bench --no-gpu --time-cap " 1"
cli 2 "time-cap '1e0'" bench --no-gpu --time-cap 1e0
cli 2 "time-cap '+1'" bench --no-gpu --time-cap +1
cli 2 "time-cap '1.'" bench --no-gpu --time-cap 1.
cli 2 "time-cap '0'" bench --no-gpu --time-cap 0
cli 2 "samples 99999 is out of range" bench --no-gpu --samples 99999
cli 2 "samples" bench --no-gpu --samples 1e3
cli 2 "kernel list ',' is empty" bench --no-gpu --kernel ,
cli 2 "nothing to run: all 1 config(s) were refused" bench --no-gpu --kernel smem --block 32x8 --size 64
# Without a GPU, a bench that was not told --no-gpu measured nothing: a failure.
if "$tpx" list --devices | grep -q "no CUDA device found"; then
    cli 1 "nothing was measured" bench --kernel naive_row --block 32x8 --size 64
fi
cli 2 "cannot open" report --replay /nonexistent/r.json
# one command line (issue 22): a global option where it does not apply; bench --replay
cli 2 "option '--csv' (CSV output) does not apply here; it is an option of tpx bench" report --no-gpu --csv
cli 2 "option '--out' (where to write) does not apply here" --no-gpu report -o x.json
cli 2 "option '--no-gpu' (the model only) does not apply here" list --no-gpu
cli 2 "--once does not apply to --replay (it says how to measure)" bench --replay h200 --once
cli 2 "--json does not apply to --replay (the file is the result document" bench --replay h200 --json
cli 2 "no result in h200-8192-f32.json matches --size 4096; it holds sizes 8192x8192" bench --replay h200-8192-f32 --size 4096
cli 2 "cannot open" bench --replay /nonexistent/r.json
cli 2 "the subcommand 'report' comes first" --kernel smem report
cli 2 "the explorer needs a terminal" --no-gpu
cli 2 "smem needs a square block" --no-gpu --kernel smem --block 32x8
# the kernel language (docs/language.md; tests/cli_check.sh has the rest)
printf 'B[FIXME] = A[tx]\n' >"$tmp/fixme.tpxk"
cli 2 "fixme.tpxk:1:3: a blank to fill" check --kernel-file "$tmp/fixme.tpxk"
cli 2 "cannot open" check --kernel-file /nonexistent/k.tpxk
cli 2 "--kernel and --kernel-file name two kernels" report --no-gpu --kernel smem --kernel-file "$tmp/fixme.tpxk"
# a tour's kernel-file=PATH, relative to the tour file
printf '@ view=1 kernel-file=fixme.tpxk\nx\n' >"$tmp/tour_fixme.txt"
cli 2 "tour line 1 (step 1): kernel-file: $tmp/fixme.tpxk:1:3: a blank to fill" tour "$tmp/tour_fixme.txt" --check
printf '@ view=1 kernel-file=none.tpxk\nx\n' >"$tmp/tour_none.txt"
cli 2 "kernel-file: cannot open $tmp/none.tpxk" tour "$tmp/tour_none.txt" --check
printf '@ view=1 kernel=smem kernel-file=fixme.tpxk\nx\n' >"$tmp/tour_both.txt"
cli 2 "'kernel' and 'kernel-file' name two kernels: give one" tour "$tmp/tour_both.txt" --check
# slides and tour steps (tpx export --slide, --view tour --step N)
cli 2 "--view tour needs --step N" export --view tour -o "$tmp/x.svg"
cli 2 "the tour has steps 1 to" export --view tour --step 0 -o "$tmp/x.svg"
cli 2 "--step belongs to --view tour" export --view banks --step 2 -o "$tmp/x.svg"
cli 2 "--title belongs to --slide" export --view banks --title T -o "$tmp/x.svg"
cli 2 "--tour belongs to --view tour" export --view banks --tour "$tmp/x.txt" -o "$tmp/x.svg"
cli 2 "unknown theme 'pink': use default, okabe-ito or mono" export --view banks --theme pink -o "$tmp/x.svg"
cli 2 "unknown theme 'grey': use default, okabe-ito or mono" --no-gpu --theme grey
cli 2 "'--theme' (the colour scheme) does not apply here" report --no-gpu --theme mono
cli 2 "fixme.tpxk:1:3: a blank to fill" --no-gpu --kernel-file "$tmp/fixme.tpxk"

# A full disk: stdout and --out.
rows=$((rows + 1))
"$tpx" list >/dev/full 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "No space left on device" "$tmp/err" || bad "list > /dev/full: rc=$rc $(cat "$tmp/err")"
rows=$((rows + 1))
"$tpx" bench --no-gpu --kernel naive_row --block 32x8 --size 64 --out /dev/full 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "cannot write /dev/full: No space left" "$tmp/err" || bad "bench --out /dev/full: rc=$rc $(cat "$tmp/err")"
rows=$((rows + 1))
"$tpx" bench --no-gpu --kernel naive_row --block 32x8 --size 64 --save /dev/full >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "cannot write /dev/full" "$tmp/err" || bad "bench --save /dev/full: rc=$rc $(cat "$tmp/err")"
rows=$((rows + 1))
"$tpx" report --no-gpu >/dev/full 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] && grep -q "No space left on device" "$tmp/err" || bad "report > /dev/full: rc=$rc $(cat "$tmp/err")"

# ---- the explorer's fields (s size, P pad, b block: BX Tab BY) -----------------
field "size '1e3' is malformed" 's1e3\n'
field "size 'abc' is malformed" 'sabc\n'
field "size '12.5' is malformed" 's12.5\n'
field "CUDA launches at most 2147483647" 's65536\n' --kernel naive_row --block 1x1
field "size '-1' is malformed" 's-1\n'
field "size '64 x 64' is malformed" 's64 x 64\n'
field "size '0x8' has a zero side" 's0x8\n'
field "size '64x' is malformed" 's64x\n'
field "size '0x40' has a zero side" 's0x40\n'
field "size '4096x3072x2' is malformed" 's4096x3072x2\n'
field "too large" 's99999999999999999999\n'
field "too large" 's65536x65537\n'
field "pad '-1'" 'P-1\n' --kernel smem --block 32x32
field "pad '1e1'" 'P1e1\n' --kernel smem --block 32x32
field "pad '+2'" 'P+2\n' --kernel smem --block 32x32
field "pad 65 is too large" 'P65\n' --kernel smem --block 32x32
field "pad ''" 'P\b\n' --kernel smem --block 32x32
field "BX '1e1'" 'b1e1\n'
field "BX '-32'" 'b-32\n'
field "BY '8.0'" 'b32\t8.0\n'
field "BY 'x'" 'b32\tx\n'
field "4096 threads" 'b64\t64\n'
field "smem needs a square block" 'b32\t8\n' --kernel smem --block 32x32
field "the field holds at most 23 characters" 's123456789012345678901234567'

# ---- the terminal --------------------------------------------------------------
term 2 "cannot move the cursor" dumb 80 24
term 2 "cannot use terminal type 'no-such-terminal'" no-such-terminal 80 24
term 2 "TERM is not set" "" 80 24
term 0 "terminal too small" screen 20 6
term 0 "terminal too small" screen 60 10

echo "$rows bad inputs"
if [ "$fails" -ne 0 ]; then
    echo "$fails failure(s)"
    exit 1
fi
echo "every bad input refused as expected"
