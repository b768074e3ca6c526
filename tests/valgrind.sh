#!/usr/bin/env bash
# Memcheck over what tpx runs on a CPU: every test binary of the build (the
# unit and screen tests; valgrind sees reads of uninitialised bytes, such as a
# struct's padding, that no sanitizer of ours does), every subcommand (list,
# report, check, bench, compare, export of every view, tour), the replay of corrupt
# result files (each must be refused with a message, exit 2, and no memory
# error: valgrind sees reads past a string's end that ASan's slack hides), and
# a scripted explorer session (headless: every view, dialog, the tour,
# refusals and resizes of the scene) drawn at the end.  TPX_VALGRIND_JOBS
# runs at a time (default: the cores).
# usage: valgrind.sh path/to/tpx path/to/tpx_render
set -u
tpx=$1
render=$2
jobs=${TPX_VALGRIND_JOBS:-$(nproc 2>/dev/null || echo 2)}
command -v valgrind >/dev/null || { echo "FAIL: valgrind is not installed (scripts/deps.sh --ci)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
vg() { valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite "$@"; }

# ---- every test binary, $jobs at a time ----------------------------------------------
# Each under valgrind in its own directory (some write files there); exit 77
# is a skip.  TPX_TEST_SLOW stretches the waits of the tests that wait for
# worker threads (test_worker).  The GPU tests are left to the GPU machine.
vg_test() { # binary
    local name
    name=$(basename "$1")
    mkdir -p "$tmp/t/$name"
    (cd "$tmp/t/$name" && TPX_TEST_SLOW=30 vg "$1" >log 2>&1; echo $? >rc)
}
# The longest first (by ctest's timings where the build has them), so that
# they do not run alone at the end.
tests=$(cd "$(dirname "$render")" && pwd)
costs=$tests/../Testing/Temporary/CTestCostData.txt
ntests=0
mapfile -t bins < <(for b in "$tests"/test_*; do
                        c=$(awk -v n="${b##*/}" '$1 == n { print $3; exit }' "$costs" 2>/dev/null)
                        echo "${c:-0} $b"
                    done | sort -rn | cut -d' ' -f2-)
for bin in "${bins[@]}"; do
    [ -x "$bin" ] && [ -f "$bin" ] || continue
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
        wait -n
    done
    vg_test "$bin" &
    ntests=$((ntests + 1))
done
wait
[ "$ntests" -gt 0 ] || { echo "FAIL: no test binaries beside $render"; fails=$((fails + 1)); }
for d in "$tmp"/t/*/; do
    rc=$(cat "$d/rc" 2>/dev/null || echo none)
    if [ "$rc" != 0 ] && [ "$rc" != 77 ]; then
        echo "FAIL: $(basename "$d") under valgrind: exit $rc"
        grep -E -A12 '^==[0-9]+== [A-Z]|FAILED|ERROR' "$d/log" | head -40
        fails=$((fails + 1))
    fi
done

# ---- every subcommand ------------------------------------------------------------------
# want RC ARGS...: tpx ARGS under valgrind exits RC with no memory error.
want() {
    local code=$1
    shift
    vg "$tpx" "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ "$rc" -ne "$code" ]; then
        echo "FAIL: tpx $* under valgrind: exit $rc (want $code)"
        sed -n 1,30p "$tmp/err"
        fails=$((fails + 1))
    fi
}
cfg=(--kernel smem --block 32x32 --size 256)
want 0 list
want 0 list --devices
want 0 report --no-gpu "${cfg[@]}"
want 0 report --no-gpu "${cfg[@]}" --json
want 0 bench --no-gpu --kernel naive_row,smem,tile_rows --block 32x8,32x32 --size 64,256 \
    --save "$tmp/sweep.json"
want 0 report --replay "$tmp/sweep.json" "${cfg[@]}"
want 0 compare --no-gpu "${cfg[@]}" --vs --pad 1
want 0 compare --replay "$tmp/sweep.json" --json "${cfg[@]}" --vs --kernel tile_rows --block 32x8
for view in map banks coalescing order bandwidth; do
    want 0 export --view "$view" "${cfg[@]}" -o "$tmp/$view.svg"
    want 0 export --view "$view" --replay "$tmp/sweep.json" "${cfg[@]}" -o "$tmp/$view.txt"
done
want 0 export --view compare "${cfg[@]}" -o "$tmp/ab.svg" --vs --pad 1
want 0 export --view compare --replay "$tmp/sweep.json" "${cfg[@]}" -o "$tmp/ab.txt" --vs --swizzle
# issue 19: slides (widened until nothing is cut), a tour step, the colour schemes
want 0 export --view bandwidth --slide --cols 80 "${cfg[@]}" -o "$tmp/s-bw.svg"
want 0 export --view tour --step 10 --slide --theme okabe-ito -o "$tmp/s-t10.svg"
want 0 export --view banks --slide --theme mono --device-line "${cfg[@]}" -o "$tmp/s-m.txt"
want 2 export --view tour --step 99 -o "$tmp/s-x.svg"
# issue 22: a sweep ranked from its file (and a miss), globals before the subcommand and
# after --vs, a config file with good, bad and hostile lines
want 0 bench --replay "$tmp/sweep.json" --csv
want 2 bench --replay "$tmp/sweep.json" --size 4096
want 0 --no-gpu --json report "${cfg[@]}"
want 0 export --view compare "${cfg[@]}" --vs --pad 1 -o "$tmp/ab2.txt" --cols 100
mkdir -p "$tmp/xdg/tpx"
printf 'size = 256\ndtype = f99\n\033[2J = 1\nbogus\n' >"$tmp/xdg/tpx/config"
XDG_CONFIG_HOME="$tmp/xdg" want 0 report --no-gpu --kernel smem --block 32x32
# A kernel of the kernel language: checked correct, wrong (the findings),
# refused (a blank to fill; nonsense), and drawn as the built-in ones are.
kernels=$(cd "$(dirname "$0")/../assets/kernels" && pwd)
want 0 check --kernel-file "$kernels/smem.tpxk" --block 32x32 --size 256
want 1 check --kernel-file "$kernels/smem.tpxk" --block 32x8 --size 256
want 0 check --kernel-file "$kernels/tile_vec.tpxk" --block 32x8 --size 256 --json
want 2 check --kernel-file "$kernels/exercise.tpxk"
printf 'kernel x\nnonsense (\n' >"$tmp/bad.tpxk"
want 2 check --kernel-file "$tmp/bad.tpxk"
want 0 report --no-gpu --kernel-file "$kernels/smem.tpxk" --block 32x32 --size 256
want 0 export --view banks --kernel-file "$kernels/tile_vec.tpxk" --size 256 -o "$tmp/k.txt"
# tour: the reader's refusals (tour --check, 5 s of CPU here and minutes under
# valgrind, checks the claims that test_tour checks above).
printf '@ view=banks kernel=smem pad=1 pad=2\nA step.\n' >"$tmp/tour.txt"
want 2 tour "$tmp/tour.txt"
want 2 tour "$tmp"

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
echo "valgrind: $ntests test binaries, every subcommand, corrupt result files and a scripted explorer session clean"
