# Helpers for the tests that drive tpx in tmux (sourced): set $sock (the
# tmux server's socket name) and $pane (the session) first.
#   t ARGS...          tmux on that server
#   fail MESSAGE       prints it and the screen, exits 1
#   expect RE [SECS]   polls the screen until grep -E finds RE (10 s by default)
#   keys ARGS...       tmux send-keys to the pane
t() { tmux -L "$sock" -f /dev/null "$@"; }

fail() {
    echo "FAIL: $*"
    echo "--- screen ---"
    t capture-pane -p -t "$pane" 2>/dev/null
    exit 1
}

expect() {
    local end=$((SECONDS + ${2:-10}))
    while [ $SECONDS -lt $end ]; do
        t capture-pane -p -t "$pane" 2>/dev/null | grep -Eq -- "$1" && return 0
        sleep 0.1
    done
    fail "screen never showed '$1'"
}

keys() { t send-keys -t "$pane" "$@"; }
