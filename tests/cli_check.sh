#!/usr/bin/env bash
# The kernel language on the command line (docs/language.md): tpx list
# --source prints every catalog kernel as a kernel file that tpx takes back
# (--kernel-file) with the built-in kernel's model, byte for byte but the
# name; tpx check passes them and catches each wrong kernel of
# tests/ukernels with its exit code, finding and line; bad kernel files are
# refused with their line and column, exit 2.
set -eu
tpx=$1
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$tpx" check --help | grep -q "usage: tpx check" || fail "check --help"

# every catalog kernel, through its source, at a size that is not a multiple of the block
kernels=$("$tpx" list --json | python3 -c '
import json, sys
print(" ".join(k["id"] for k in json.load(sys.stdin)["kernels"] if k["modelled"]))')
for k in $kernels; do
    if [ "$k" = tile_sec ] || [ "$k" = tile_gather ] || [ "$k" = strip_vec ]; then # 16-byte stores
        "$tpx" list --source "$k" 2>"$tmp/err" && fail "list --source $k exits 0"
        grep -q "has no source in the kernel language: its stores are 16-byte units" "$tmp/err" ||
            fail "$k: $(cat "$tmp/err")"
        [ "$k" != strip_vec ] || grep -q "kernels/tpx_svec.h" "$tmp/err" || fail "$k: $(cat "$tmp/err")"
        continue
    fi
    "$tpx" list --source "$k" > "$tmp/$k.tpxk" || fail "list --source $k"
    grep -q '^# extern "C" __global__ void tpx_user_kernel' "$tmp/$k.tpxk" || fail "$k: no CUDA"
    block=32x8
    case $k in smem) block=32x32 ;; esac
    for size in 333x101 64x64; do
        "$tpx" check --kernel-file "$tmp/$k.tpxk" --block $block --size $size >"$tmp/out" ||
            fail "$k $size: $(cat "$tmp/out")"
        grep -q "^check: correct: B is A \(transposed\|copied\)\|^check: correct: B is a copy" \
            "$tmp/out" || fail "$k: $(cat "$tmp/out")"
        # same model as the built-in kernel (the 16-byte kernels where they move elements;
        # the prediction aside: the catalog's registers are ptxas's, a user kernel's assumed)
        case $k:$size in copy_vec:64x64 | tile_vec:64x64) continue ;; esac
        "$tpx" report --kernel "$k" --block $block --size $size --pad 1 --json --no-gpu \
            >"$tmp/a.json" 2>/dev/null || continue # no tile: --pad refused for both
        "$tpx" report --kernel-file "$tmp/$k.tpxk" --block $block --size $size --pad 1 --json \
            --no-gpu >"$tmp/b.json" || fail "$k: report --kernel-file"
        python3 - "$tmp/a.json" "$tmp/b.json" "$k" <<'PY' || fail "$k $size: models differ"
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for m in a["model"], b["model"]:
    m.pop("prediction"), m.pop("predicted_gbs")
assert a["model"] == b["model"], (a["model"], b["model"])
assert b["check"]["ok"] is True, b["check"]
PY
    done
done

# the wrong kernels: exit 1, the finding and its line
expect() { # file, finding, line
    set +e
    "$tpx" check --kernel-file "$here/ukernels/$1.tpxk" --block 32x32 --size 100x70 --json \
        >"$tmp/c.json"
    rc=$?
    set -e
    [ $rc -eq 1 ] || fail "$1: exit $rc, wanted 1"
    python3 - "$tmp/c.json" "$2" "$3" <<'PY' || fail "$1: $(cat "$tmp/c.json")"
import json, sys
c = json.load(open(sys.argv[1]))["check"]
assert c["checked"] and not c["ok"]
f = [x for x in c["findings"] if x["kind"] == sys.argv[2]]
assert f and f[0]["first"].get("line", "none") == (sys.argv[3] if sys.argv[3] == "none" else int(sys.argv[3])), f
assert c["verdict"].startswith("wrong: ")
PY
}
expect swapped "wrong element" 5
expect no_guard "write out of bounds" 7
expect short_grid "never written" none
expect no_sync "race on the tile" 9
expect small_tile "write out of bounds" 6
expect div_zero "expression fails" 5

# refusals: exit 2 with the line and column, nothing raw
refuse() { # want, args...
    want=$1
    shift
    set +e
    "$tpx" "$@" >"$tmp/o" 2>"$tmp/e"
    rc=$?
    set -e
    [ $rc -eq 2 ] || fail "$*: exit $rc, wanted 2"
    grep -qF -- "$want" "$tmp/e" || fail "$*: $(cat "$tmp/e")"
    if LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$tmp/e"; then fail "$*: raw control bytes"; fi
}
"$tpx" list --source exercise > "$tmp/ex.tpxk"
grep -q 'B\[FIXME\] = A\[FIXME\]' "$tmp/ex.tpxk" || fail "the exercise has no blanks"
refuse "ex.tpxk:8:22: a blank to fill" check --kernel-file "$tmp/ex.tpxk"
printf 'B[tx] = A[\x1b[31mtx]\n' > "$tmp/esc.tpxk"
refuse 'esc.tpxk:1:11: a number, a name or' check --kernel-file "$tmp/esc.tpxk"
refuse '\x1b' check --kernel-file "$tmp/esc.tpxk"
head -c 20000 /dev/zero | tr '\0' '1' > "$tmp/big.tpxk"
refuse "at most 16384" check --kernel-file "$tmp/big.tpxk"
refuse "is a directory" check --kernel-file "$tmp"
refuse "name two kernels" report --kernel smem --kernel-file "$tmp/ex.tpxk"
refuse "--kernel-file FILE" check --kernel smem
refuse "not checked at 16384x16384" check --kernel-file "$tmp/naive_row.tpxk" --size 16384
printf 'grid W / 0, 1\nB[tx] = A[tx]\n' > "$tmp/g0.tpxk"
refuse "line 1, column 8: the grid: division by zero" check --kernel-file "$tmp/g0.tpxk"
printf 'kernel naive_row\nB[tx] = A[tx]\n' > "$tmp/clash.tpxk"
refuse "is the catalog's" check --kernel-file "$tmp/clash.tpxk"
echo "cli_check: ok"
