#!/usr/bin/env bash
# tpx tour --check: every claim of the built-in tour holds against the
# shipped H200 and H100 results and the model on every profile; a tour with
# one deliberately false claim fails (exit 1) naming the step, its line and
# the numbers, which must be the ones in the result file; a bad claim or
# figure is refused (exit 2) with its line.
set -eu
tpx=$1
here=$(cd "$(dirname "$0")" && pwd)
results=$here/../bench/results
fail() { echo "FAIL: $*"; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# The built-in tour against every shipped file and the model (the default).
out=$("$tpx" tour --check) || fail "tpx tour --check exited $?: $(grep FAIL <<<"$out")"
summary=$(tail -1 <<<"$out")
grep -q " 0 fail, 0 not known" <<<"$summary" || fail "built-in tour: $summary"
for src in h200.json h100.json "model (H100 SXM5 profile)"; do
    grep -qF "$src: step 1 " <<<"$out" || fail "no checks against $src"
done
claims=$(grep -c '^? ' "$here/../assets/tour.txt")
grep -q "$claims claims" <<<"$summary" || fail "the summary counts not $claims claims: $summary"
# each source checks each claim once, and every one holds
for src in h200.json h100.json; do
    n=$(grep -c "^$src: step .* holds: " <<<"$out")
    [ "$n" -eq "$claims" ] || fail "$src: $n of $claims claims hold"
done
# the model alone, on every profile tpx knows
for p in a100 h100_sxm h200 rtx3080 t4; do
    o=$("$tpx" tour --check --no-gpu --profile "$p") || fail "--profile $p: $(grep FAIL <<<"$o")"
    grep -q "$claims checks hold, 0 fail, 0 not known" <<<"$o" || fail "--profile $p: $(tail -1 <<<"$o")"
done

# The shipped files with a profile that refuses a config they measured (the
# T4's 64 KB a block: tile_vec 32x8 pad 1, f32): where a claim must fall back
# to predictions (a bar the file lacks) and the profile has none for its left
# side, it is not known, not failed (it failed before, comparing 0).
o=$("$tpx" tour --check --profile t4) || fail "--profile t4 with the files exited $?: $(grep FAIL <<<"$o")"
grep -q "^h200.json: step 19 (line [0-9]*) 'tile_vec/0.99 >= all' not known: tile_vec 32x8 8192x8192 f32 pad 1 not known" <<<"$o" ||
    fail "--profile t4: step 19 on h200.json is not 'not known': $(grep 'h200.json: step 19' <<<"$o")"
grep -q " 0 fail, " <<<"$(tail -1 <<<"$o")" || fail "--profile t4: $(tail -1 <<<"$o")"

# The false claim: exit 1, the step, its line, and the file's own numbers.
false_tour=$here/fixtures/tour_false_claim.txt
for gpu in h200 h100; do
    set +e
    o=$("$tpx" tour "$false_tour" --check --load "$gpu")
    rc=$?
    set -e
    [ $rc -eq 1 ] || fail "the false claim on $gpu exited $rc, want 1"
    line=$(grep -n 'B/A <= 0.3' "$false_tour" | cut -d: -f1)
    got=$(grep "^FAIL $gpu.json: step 2 (line $line) 'B/A <= 0.3' FAILS: " <<<"$o") ||
        fail "no FAIL line for step 2 (line $line) on $gpu: $o"
    grep -q "^$gpu.json: step 1 .* holds" <<<"$o" || fail "step 1 does not hold on $gpu"
    want=$(python3 - "$results/$gpu.json" <<'EOF'
import json, sys
rows = json.load(open(sys.argv[1]))["results"]
def gbs(k):
    for r in rows:
        c, m = r["config"], r.get("measured") or {}
        if (c["kernel"], c["block"], c["size"], c["dtype"], c["pad"]) == (k, "32x8", "8192x8192", "f32", 0) and m.get("gbs"):
            return m["gbs"]
b, a = gbs("naive_col"), gbs("naive_row")
print("%.4g <= 0.3? naive_col 32x8 8192x8192 f32 pad 0 %.1f GB/s measured over "
      "naive_row 32x8 8192x8192 f32 pad 0 %.1f GB/s measured" % (b / a, b, a))
EOF
)
    grep -qF "$want" <<<"$got" || fail "$gpu: '$got' lacks '$want'"
done

# Claims and figures tpx cannot read: exit 2 with the line.
refuse() { # expected-message-part, tour text
    printf '%b' "$2" >"$dir/bad.txt"
    set +e
    err=$("$tpx" tour "$dir/bad.txt" --check --no-gpu 2>&1 >/dev/null)
    rc=$?
    set -e
    [ $rc -eq 2 ] || fail "'$2' exited $rc, want 2 ($err)"
    grep -qF -- "$1" <<<"$err" || fail "'$2': '$err' lacks '$1'"
}
refuse "tour line 3 (step 1): 'B ~ A' compares nothing" '@ view=1\ntext\n? B ~ A\n'
refuse "tour line 2 (step 1): 'fastest' is not A, B, all, a kernel id or a number" \
    '@ view=1\n? B >= fastest\n'
refuse "unknown figure '.xx'" '@ view=1\n? B.xx > 1\n'
refuse "only B takes another block" '@ view=1\n? A@8x8 > 1\n'
refuse "tour line 1 (step 1): its text: 'C' is not A, B" '@ view=1\nsee {C} here\n'
refuse "'{' without its '}'" '@ view=1\nsee {B here\n'
refuse "more than 8 claims" "@ view=1\n$(printf '? B > 1\\n%.0s' 1 2 3 4 5 6 7 8 9)"
refuse "put the figure on the left" '@ view=1\n? 2 < B\n'
echo ok
