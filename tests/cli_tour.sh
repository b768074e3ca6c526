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

# kernel-file=PATH (docs/tour-format.md): a user kernel, its path relative to
# the tour file, whatever the current directory; tour --check checks its steps
mkdir -p "$dir/lesson"
cp "$(dirname "$0")/../assets/kernels/naive_row.tpxk" "$dir/lesson/mine.tpxk"
printf '@ view=5 kernel-file=mine.tpxk size=256\nYours: {B}.\n? B.st == 32\n@ view=6 kernel=naive_row a.kernel-file=mine.tpxk size=256\nTwins.\n? B/A == 1\n' \
    >"$dir/lesson/kf.txt"
out=$(cd / && "$tpx" tour "$dir/lesson/kf.txt" --check --no-gpu) || fail "kernel-file tour --check: $out"
grep -q "step 1 (line 3) 'B.st == 32' holds: 32 == 32? my_naive_row" <<<"$out" ||
    fail "kernel-file step not checked on the user kernel: $out"
grep -q "step 2 (line 6) 'B/A == 1' holds" <<<"$out" || fail "a.kernel-file: $out"
refuse "needs a terminal" "$dir/lesson/kf.txt" --no-gpu
# a step's kernel file in an exported step, and a wrong one's marks on its Map
(cd / && "$tpx" export --view tour --tour "$dir/lesson/kf.txt" --step 1 -o "$dir/s1.txt") >/dev/null ||
    fail "export of a kernel-file step"
grep -q "K my_naive_row" "$dir/s1.txt" || fail "exported step is not the kernel file's: $(head -3 "$dir/s1.txt")"
cp "$(dirname "$0")/ukernels/short_grid.tpxk" "$dir/lesson/"
printf '@ view=1 kernel-file=short_grid.tpxk size=100x70 zoom=4\nColumns left out.\n! B checked, all 7000\n' \
    >"$dir/lesson/marks.txt"
"$tpx" export --view tour --tour "$dir/lesson/marks.txt" --step 1 -o "$dir/m1.txt" >/dev/null ||
    fail "export of a wrong kernel's step"
grep -q "B checked, all 7000: ? 280 unwritten, 1st \[96\]\[0\]" "$dir/m1.txt" ||
    fail "no check line on the wrong kernel's Map: $(cat "$dir/m1.txt")"
printf '@ view=1 kernel-file=nope.tpxk\nx\n' >"$dir/lesson/missing.txt"
refuse "tour line 1 (step 1): kernel-file: cannot open $dir/lesson/nope.tpxk" \
    "$dir/lesson/missing.txt" --check --no-gpu
printf 'kernel broken\nB[tx = A[tx]\n' >"$dir/lesson/broken.tpxk"
printf '@ view=1 kernel-file=broken.tpxk\nx\n' >"$dir/lesson/broken.txt"
refuse "kernel-file: $dir/lesson/broken.tpxk:2:6: ']' expected" "$dir/lesson/broken.txt" --check
printf '@ view=1 kernel=smem kernel-file=mine.tpxk\nx\n' >"$dir/lesson/both.txt"
refuse "'kernel' and 'kernel-file' name two kernels" "$dir/lesson/both.txt" --check
printf '@ view=1 kernel-file=mine.tpxk size=999999\nx\n' >"$dir/lesson/size.txt"
refuse "tour line 1 (step 1): its config is refused" "$dir/lesson/size.txt" --check
echo ok
