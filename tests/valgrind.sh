#!/usr/bin/env bash
# Memcheck on what reads untrusted bytes or runs long: the replay of corrupt
# result files (each must be refused with a message, exit 2, and no memory
# error: valgrind sees reads past a string's end that ASan's slack hides),
# and a scripted explorer session (headless: every view, dialog, the tour,
# refusals and resizes of the scene) drawn at the end.
# usage: valgrind.sh path/to/tpx path/to/tpx_render
set -u
tpx=$1
render=$2
command -v valgrind >/dev/null || { echo "FAIL: valgrind is not installed (scripts/deps.sh --ci)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
vg() { valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite "$@"; }

corrupt() { # name content (printf format)
    printf -- "$2" >"$tmp/$1.json"
    vg "$tpx" report --replay "$tmp/$1.json" >/dev/null 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -ne 2 ] || ! [ -s "$tmp/err" ]; then
        echo "FAIL: corrupt result file '$1': exit $rc (want 2 and a message)"
        sed -n 1,30p "$tmp/err"
        fails=$((fails + 1))
    fi
}
corrupt empty ''
corrupt backslash-at-end '{"\\'
corrupt open-string '{"format": "tpx-res'
corrupt truncated '{"format": "tpx-results", "format_version": 1, "results": [{"config": {'
corrupt bad-escape '{"format": "tpx-results\\x"}'
corrupt unicode-half '{"format": "\\ud800"}'
corrupt nul-in-text '{"format": "tpx\0results"}'
corrupt deep '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['
corrupt huge-number '{"format": "tpx-results", "format_version": 1e300, "results": []}'
corrupt not-an-object '"tpx-results"'
corrupt trailing '{"format": "tpx-results", "format_version": 1, "results": []} x'
corrupt binary '\x89PNG\r\n\x1a\n\0\0\0'

# The explorer, scripted: views 1-5, help, the tour, the kernel list, every
# dialog with refusals and applies, zoom and moves, a narrow screen.
keys='12345?\eT\R\R\R\R\R\R\eK\D\D\nb16\t16\ns1000\nP-1\n\eP3\nxXyYtw1234'
keys+='s8192x33\n+-\U\D\L\R\t\t\t'
for size in "120 40" "80 24" "30 10"; do
    set -- $size
    vg "$render" --cols "$1" --rows "$2" --kernel smem --block 32x32 --size 256 \
        --keys "$keys" >/dev/null 2>"$tmp/err"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "FAIL: scripted explorer session at $1x$2: exit $rc"
        sed -n 1,40p "$tmp/err"
        fails=$((fails + 1))
    fi
done
[ "$fails" -eq 0 ] || { echo "$fails failure(s) under valgrind"; exit 1; }
echo "valgrind: corrupt result files and a scripted explorer session clean"
