#!/usr/bin/env bash
# One command line (issue 22): the global options (--json, --csv, --no-gpu,
# --profile, --replay, --out/-o) stand anywhere: before the subcommand, among
# its options, after --vs; a subcommand that does not take one refuses it in
# words that name the subcommands that do.
set -eu
tpx=$1
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() { set +e; out=$("$@" 2>"$tmp/err"); rc=$?; set -e; err=$(cat "$tmp/err"); }
same() { # what, then two command lines separated by ::
    local what=$1; shift
    local a=() b=()
    while [ "$1" != :: ]; do a+=("$1"); shift; done
    shift
    b=("$@")
    run "$tpx" "${a[@]}"; local oa=$out ra=$rc
    run "$tpx" "${b[@]}"; local ob=$out rb=$rc
    [ "$ra" -eq 0 ] && [ "$rb" -eq 0 ] || fail "$what: exit $ra / $rb: $err"
    [ -n "$oa" ] && [ "$oa" = "$ob" ] || fail "$what: the outputs differ"
}
cfg=(--kernel smem --block 32x32 --size 512)

# Before the subcommand, as after it
same "--json --no-gpu before report" --json --no-gpu report "${cfg[@]}" :: report "${cfg[@]}" --json --no-gpu
same "--profile before report" --profile=h200 --no-gpu report "${cfg[@]}" :: report --no-gpu "${cfg[@]}" --profile h200
same "--csv before bench" --csv --no-gpu bench --kernel smem --block 32x32 --size 256 :: \
    bench --no-gpu --kernel smem --block 32x32 --size 256 --csv
same "--replay before compare (A's file, not B's)" --replay h200 compare --kernel smem --block 32x32 --size 8192 --vs --pad 1 :: \
    compare --replay h200 --kernel smem --block 32x32 --size 8192 --vs --pad 1
same "--no-gpu before tour --check" --no-gpu tour --check :: tour --check --no-gpu
same "--replay for tour --check (as --load)" --replay h200 tour --check :: tour --check --load h200

# After --vs: compare and export move the command's options before it
same "compare: --json --profile after --vs" compare --no-gpu "${cfg[@]}" --vs --pad 1 --json --profile h200 :: \
    compare --no-gpu --json --profile h200 "${cfg[@]}" --vs --pad 1
run "$tpx" export --view compare "${cfg[@]}" --vs --pad 1 -o "$tmp/after.txt" --cols 100 --rows 30 --profile h200
[ "$rc" -eq 0 ] || fail "export: options after --vs: exit $rc: $err"
run "$tpx" export --view compare "${cfg[@]}" -o "$tmp/before.txt" --cols 100 --rows 30 --profile h200 --vs --pad 1
cmp -s "$tmp/after.txt" "$tmp/before.txt" || fail "export: after --vs draws another screen"
run "$tpx" export --view compare "${cfg[@]}" -o "$tmp/x.txt" --vs --pad 1 -o "$tmp/y.txt"
[ "$rc" -eq 2 ] && echo "$err" | grep -q "'--out' given twice" || fail "export: -o twice: $rc $err"

# -o is --out wherever --out is taken
run "$tpx" bench --no-gpu --kernel smem --block 32x32 --size 256 --csv -o "$tmp/b.csv"
[ "$rc" -eq 0 ] && head -1 "$tmp/b.csv" | grep -q '^kernel,block' || fail "bench -o: $rc $err"

# Refused where it does not apply, naming where it does
refuse() { # the message, then the command line
    local want=$1; shift
    run "$tpx" "$@"
    [ "$rc" -eq 2 ] || fail "$*: exit $rc, wanted 2"
    echo "$err" | grep -qF -- "$want" || fail "$*: $err"
}
refuse "tpx report: option '--csv' (CSV output) does not apply here; it is an option of tpx bench (tpx report --help)" \
    report --csv --no-gpu
refuse "tpx list: option '--no-gpu' (the model only) does not apply here; it is an option of tpx (the explorer), tpx report, tpx bench, tpx compare, tpx export, tpx tour" \
    list --no-gpu
refuse "tpx report: option '--out' (where to write) does not apply here; it is an option of tpx bench, tpx export" \
    report --no-gpu -o "$tmp/r.json"
refuse "tpx check: option '--profile' (a device profile) does not apply here" \
    check --kernel-file x.tpxk --profile h200
refuse "tpx report: option '--csv' (CSV output) does not apply here" --csv report --no-gpu
refuse "tpx compare: after --vs: option '--csv' (CSV output) does not apply here" \
    compare --no-gpu "${cfg[@]}" --vs --pad 1 --csv
refuse "unknown option '--bogus'" report --bogus
# a subcommand after an option that is no global one: where it goes
refuse "tpx: the subcommand 'report' comes first: tpx report [options]; only the global options (--json, --csv, --no-gpu" \
    --kernel smem report --no-gpu
refuse "tpx: the subcommand 'bench' comes first" --json --kernel smem bench
echo "PASS"
