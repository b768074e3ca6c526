#!/usr/bin/env bash
# Every signal that ends the explorer leaves the terminal as it found it:
# tmux's own record of the pane says the alternate screen, keypad mode,
# mouse reporting are off and the cursor is visible; stty says line mode and
# echo are back; the exit status shows the signal (128 + its number; Ctrl-C
# is the explorer's quit key and exits 0).  Signals are sent with kill, and
# Ctrl-C / Ctrl-\ are also typed as keys.
# usage: e2e_signals.sh path/to/tpx
set -u
tpx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
command -v tmux >/dev/null || { echo "FAIL: tmux is not installed (scripts/deps.sh installs it)"; exit 1; }
tmp=$(mktemp -d)
runs=0
sock=tpx-sig-$$-0
t() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() { t kill-server 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
fails=0
lsan="LSAN_OPTIONS=suppressions=$(cd "$(dirname "$0")" && pwd)/lsan.supp"

# No core files from the default action of SIGQUIT, SIGSEGV and the like.
start() {
    t kill-server 2>/dev/null
    runs=$((runs + 1))
    sock=tpx-sig-$$-$runs
    rm -f "$tmp/exit" "$tmp/pid"
    t new-session -d -s sig -x 100 -y 30 \
        "ulimit -c 0; sh -c 'echo \$\$ > $tmp/pid; exec env $lsan LANG=C.UTF-8 $tpx --no-gpu'; echo \"EXIT=\$?\" > $tmp/exit; stty -a; sleep 60"
}

wait_for() { # file-or-screen-test, timeout
    local end=$((SECONDS + 10))
    while [ $SECONDS -lt $end ]; do
        eval "$1" && return 0
        sleep 0.1
    done
    return 1
}

check() { # name how expected-exit
    local name=$1 how=$2 want=$3
    start
    if ! wait_for 't capture-pane -p -t sig 2>/dev/null | grep -q "no GPU: model only"'; then
        echo "FAIL: $name: the explorer never drew"
        fails=$((fails + 1))
        return
    fi
    # It is drawn: the pane must be on the alternate screen with the cursor hidden.
    local before
    before=$(t display -p -t sig '#{alternate_on}#{cursor_flag}')
    case $how in
    key:*) t send-keys -t sig "${how#key:}" ;;
    *) kill -s "$how" "$(cat "$tmp/pid")" ;;
    esac
    if ! wait_for '[ -s "$tmp/exit" ] && t capture-pane -p -t sig | grep -q "speed"'; then
        echo "FAIL: $name: tpx did not exit"
        fails=$((fails + 1))
        return
    fi
    local flags modes got
    flags=$(t display -p -t sig \
        'alt=#{alternate_on} cursor=#{cursor_flag} keypad=#{keypad_flag} keypad_cursor=#{keypad_cursor_flag} mouse=#{mouse_any_flag}')
    modes=$(t capture-pane -p -t sig)
    got=$(cat "$tmp/exit")
    local bad=""
    [ "$before" = "10" ] || bad="$bad; while running: alternate_on,cursor_flag=$before (wanted 10)"
    [ "$flags" = "alt=0 cursor=1 keypad=0 keypad_cursor=0 mouse=0" ] || bad="$bad; after: $flags"
    echo "$modes" | grep -Eq '(^| )icanon( |$)' || bad="$bad; no icanon"
    echo "$modes" | grep -Eq '(^| )echo( |$)' || bad="$bad; no echo"
    [ "$got" = "EXIT=$want" ] || bad="$bad; $got (wanted EXIT=$want)"
    if [ -n "$bad" ]; then
        echo "FAIL: $name${bad}"
        fails=$((fails + 1))
    else
        echo "ok: $name: terminal restored, $got"
    fi
}

code() { echo $((128 + $(kill -l "$1"))); }

check "Ctrl-C typed" key:C-c 0
check "Ctrl-\\ typed" 'key:C-\' "$(code QUIT)"
check SIGINT INT 0
for s in TERM HUP QUIT SEGV ABRT BUS FPE ILL USR1 USR2 ALRM; do
    check "SIG$s" "$s" "$(code "$s")"
done
if [ "$fails" -ne 0 ]; then
    echo "$fails failure(s)"
    exit 1
fi
echo "every signal restored the terminal"
