#!/usr/bin/env bash
# tpx tour FILE: a bad line or a refused config exits 2 naming the line,
# before any terminal is needed; a good file gets as far as the terminal.
set -eu
tpx=$1
fixture=$(cd "$(dirname "$0")" && pwd)/fixtures/tour_lesson.txt
fail() { echo "FAIL: $*"; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$tpx" tour --help | grep -q "usage: tpx tour \[FILE\]" || fail "tour --help"
refuse() { # expected-message-part, args...
    local want=$1
    shift
    set +e
    err=$(timeout 10 "$tpx" tour "$@" 2>&1 </dev/null >/dev/null)
    rc=$?
    set -e
    [ $rc -eq 2 ] || fail "tour $* exited $rc, want 2 ($err)"
    echo "$err" | grep -q -- "$want" || fail "tour $*: '$err' lacks '$want'"
}
printf '# lesson\n@ view=2 kernel=smem block=32x32\nText.\n\n@ view=9\nx\n' >"$dir/bad_view.txt"
refuse "bad_view.txt: tour line 5 (step 2): view '9' is not 1 to 6" "$dir/bad_view.txt" --no-gpu
printf '@ view=1 kernel=fastest\n' >"$dir/bad_kernel.txt"
refuse "tour line 1 (step 1): unknown kernel 'fastest'" "$dir/bad_kernel.txt"
printf '@ view=1\nok\n@ view=2 kernel=smem block=32x8\nno\n' >"$dir/refused.txt"
refuse "tour line 3 (step 2): its config is refused: smem needs a square block" \
    "$dir/refused.txt" --no-gpu
printf '# only comments\n' >"$dir/empty.txt"
refuse "no steps" "$dir/empty.txt"
refuse "cannot open" "$dir/missing.txt"
# what is not a tour file is said so, never "no steps", and never waited on
mkfifo "$dir/fifo"
refuse "not a regular file" "$dir/fifo"
mkdir "$dir/adir"
refuse "is a directory" "$dir/adir"
refuse "cannot read /proc/self/mem" /proc/self/mem
printf '@ view=1 pad=1 pad=2\n' >"$dir/twice.txt"
refuse "tour line 1 (step 1): 'pad' given twice" "$dir/twice.txt"
# CRLF and a byte-order mark, as editors leave them: read like any other file
printf '\xef\xbb\xbf# lesson\r\n@ view=2 kernel=smem block=32x32\r\nText.\r\n' >"$dir/crlf.txt"
refuse "needs a terminal" "$dir/crlf.txt" --no-gpu
# no file: the built-in tour, which gets as far as the terminal
refuse "needs a terminal" --no-gpu
refuse "unknown option" --bogus
refuse "unknown option" "$fixture" --bogus
# a good tour passes every check and stops only for want of a terminal
refuse "needs a terminal" "$fixture" --no-gpu
echo ok
