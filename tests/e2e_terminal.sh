#!/usr/bin/env bash
# The explorer and the terminal around it, in tmux:
#   - job control: SIGTSTP sent from outside (kill -TSTP) while keys stream
#     in, then `fg` from an interactive shell, again and again at different
#     moments: each time the explorer stops, the shell gets the terminal in
#     line mode, and after fg the explorer redraws and answers keys; at the
#     end q exits 0 with the terminal restored (on the old main some rounds
#     never stopped: curses' own handler ran inside a curses call);
#   - the environment: COLUMNS=200 LINES=60 in an 80x24 pane draws the same
#     screen as without them (the pane's real size wins);
#   - outside text on the screen and around it: a device name with a bidi
#     override and escapes (--load), a TERM that is an escape sequence.
# usage: e2e_terminal.sh path/to/tpx
set -u
tpx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
command -v tmux >/dev/null || { echo "FAIL: tmux is not installed (scripts/deps.sh installs it)"; exit 1; }
tmp=$(mktemp -d)
runs=0 fails=0
sock=tpx-term-$$-0
t() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() { t kill-server 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
lsan="LSAN_OPTIONS=suppressions=$here/lsan.supp"
bad() { echo "FAIL: $*"; echo "--- screen ---"; t capture-pane -p -t x 2>/dev/null; fails=$((fails + 1)); }

new_pane() { # cols rows command
    t kill-server 2>/dev/null
    runs=$((runs + 1))
    sock=tpx-term-$$-$runs
    t new-session -d -s x -x "$1" -y "$2" "$3"
}
screen() { t capture-pane -p -t x 2>/dev/null; }
# q, then the explorer's own exit before the pane goes: a hangup that lands
# while an ASan build checks leaks at exit can leave it spinning, orphaned
# (seen once in CI, 2026-11-27: one CPU for the rest of the run)
quit_pane() { # label
    t send-keys -t x q
    wait_screen "^GONE-0" 10 || bad "$1 q did not end the explorer with status 0"
}
wait_screen() { # ERE [seconds]
    local end=$((SECONDS + ${2:-10}))
    while [ $SECONDS -lt $end ]; do
        screen | grep -Eq -- "$1" && return 0
        sleep 0.1
    done
    return 1
}

# ---- job control -----------------------------------------------------------------
# Keys stream in (the explorer redrawing) while SIGTSTP arrives from outside,
# at a different moment each round; then the shell must have the terminal in
# line mode, fg must bring the explorer back drawing and answering keys.
wait_state() { # pid pattern seconds: ps's state of pid matches
    local end=$((SECONDS + $3))
    while [ $SECONDS -lt $end ]; do
        case $(ps -o stat= -p "$1" 2>/dev/null) in $2) return 0 ;; esac
        sleep 0.05
    done
    return 1
}
new_pane 120 40 "env $lsan PS1='PROMPT\$ ' LANG=C.UTF-8 bash --norc --noprofile -i"
wait_screen PROMPT || bad "no shell prompt"
# Started in the foreground (a shell that writes its pid and execs tpx): the
# old '&, then fg' raced when loaded: tpx, still in the background, touched
# the terminal just as fg ran and stopped on SIGTTOU before it ever drew.
t send-keys -t x "bash -c 'echo \$\$ > $tmp/pid; exec $tpx --no-gpu --size 8192'" Enter
wait_screen "no GPU: model only" || bad "the explorer never drew"
pid=$(cat "$tmp/pid")
rounds=12
for i in $(seq 1 $rounds); do
    (for j in $(seq 1 25); do t send-keys -t x Down; done) &
    keys_pid=$!
    sleep "0.0$((i % 10))"
    kill -TSTP "$pid"
    wait "$keys_pid"
    wait_state "$pid" 'T*' 5 || { bad "round $i: kill -TSTP did not stop the explorer"; break; }
    wait_screen "Stopped.*tpx" 5 || { bad "round $i: the shell did not get the terminal"; break; }
    rm -f "$tmp/modes"
    t send-keys -t x C-u "stty -a | grep -o -w -e icanon -e echo | tr '\\n' ' ' > $tmp/modes; fg" Enter
    wait_state "$pid" '[SR]*' 5 || { bad "round $i: fg did not bring the explorer back"; break; }
    [ "$(cat "$tmp/modes" 2>/dev/null)" = "icanon echo " ] ||
        bad "round $i: stopped, the terminal was not in line mode ($(cat "$tmp/modes" 2>/dev/null))"
    t send-keys -t x 4
    wait_screen "blocks run at once" 5 || { bad "round $i: after fg the explorer does not answer keys"; break; }
    t send-keys -t x 1
    wait_screen "reads 32 elements along a row" 5 || { bad "round $i: the Map did not come back"; break; }
done
t send-keys -t x q
wait_screen PROMPT 5 || bad "q did not end the explorer"
# The typed line itself holds "EXIT=": wait for the marker only the output has
# (DONE-2, typed as an arithmetic expansion), or the check races the shell.
t send-keys -t x "echo EXIT=\$?; stty -a | grep -o -w -e icanon -e echo | tr '\\n' ' '; echo; echo DONE-\$((1+1))" Enter
wait_screen "^DONE-2" 5 || bad "no exit status"
screen | grep -q "EXIT=0" || bad "the explorer exited $(screen | grep -o 'EXIT=[0-9]*')"
screen | grep -q "^icanon echo" || bad "the terminal was left without line mode and echo"
echo "job control: $rounds rounds of kill -TSTP (keys streaming in) and fg"

# ---- COLUMNS and LINES do not override the pane's size ---------------------------
for env_size in "" "COLUMNS=200 LINES=60" "COLUMNS=40 LINES=10"; do
    new_pane 80 24 "env $lsan $env_size LANG=C.UTF-8 $tpx --no-gpu; echo GONE-\$?; sleep 30"
    wait_screen "\? help" || { bad "[$env_size] the explorer never drew its key hints"; continue; }
    sleep 0.3
    screen >"$tmp/screen.${env_size:+env}${env_size:-plain}"
    quit_pane "[$env_size]"
done
for f in "$tmp"/screen.env*; do
    cmp -s "$tmp/screen.plain" "$f" ||
        { echo "FAIL: ${f##*screen.env} in an 80x24 pane draws another screen:"; diff "$tmp/screen.plain" "$f" | head -10; fails=$((fails + 1)); }
done
echo "COLUMNS/LINES: the pane's own size drawn"

# ---- outside text on the screen ----------------------------------------------------
lim='"max_threads_per_sm":2048,"max_blocks_per_sm":32,"shared_bytes_per_sm":233472'
printf '{"format":"tpx-results","format_version":2,"tpx_version":"0","device":{"name":"GPU \\u202eevil\\u001b[2J\\u009b","compute_capability":"9.0","sms":132,"l2_bytes":52428800,"peak_gbs":4800.0,%s},"results":[]}' \
    "$lim" >"$tmp/evil.json"
new_pane 120 40 "env $lsan LANG=C.UTF-8 $tpx --load $tmp/evil.json; echo GONE-\$?; sleep 30"
wait_screen "GPU" || bad "the explorer with a hostile device name never drew"
screen >"$tmp/evil.screen"
LC_ALL=C grep -qaP '\xe2\x80\xae|\xc2\x9b' "$tmp/evil.screen" && bad "a bidi override or CSI reached the screen"
grep -q 'GPU \\u202eevil\\x1b\[2J\\u009b' "$tmp/evil.screen" || bad "the device name is not shown escaped"
quit_pane "[hostile device name]"
new_pane 100 30 "env $lsan TERM=\$'\\e]0;pwned\\a' $tpx --no-gpu 2>$tmp/err; echo EXIT=\$? >$tmp/exit; sleep 30"
wait_screen "" 1
sleep 1
LC_ALL=C grep -qaP '[\x00-\x09\x0b-\x1f]' "$tmp/err" && bad "TERM reached stderr raw: $(od -c "$tmp/err" | head -3)"
grep -q "cannot use terminal type '\\\\x1b]0;pwned\\\\x07'" "$tmp/err" || bad "TERM not quoted escaped: $(cat "$tmp/err")"
echo "outside text: escaped on the screen and on stderr"

[ "$fails" -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "the terminal held"
