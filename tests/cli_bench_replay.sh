#!/usr/bin/env bash
# tpx bench --replay FILE: a result file's rows ranked in bench's own table
# (best measured first, the options given select rows, a miss lists what the
# file holds), and the model's prediction beside every measurement: the
# 'predicted' and 'meas/pred' columns of the table, predicted_gbs and
# measured_over_predicted in the CSV and the JSON, in --no-gpu mode too.
set -eu
tpx=$1
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() { set +e; out=$("$@" 2>"$tmp/err"); rc=$?; set -e; err=$(cat "$tmp/err"); }

# The 50 configs of h200-8192-f32 ranked: the same table, best first
run "$tpx" bench --replay h200-8192-f32
[ "$rc" -eq 0 ] || fail "replay: exit $rc: $err"
echo "$out" | head -1 | grep -q '^tpx bench --replay h200-8192-f32.json: NVIDIA H200 (sm_90, .*), recorded 2026-11-22, ranked by measured GB/s$' ||
    fail "title: $out"
echo "$out" | grep -q '^kernel  *block  *size  *dtype pad .* model predicted   median ms      GB/s meas/pred  %peak %memcpy  noise  status$' ||
    fail "header: $out"
rows=$(echo "$out" | grep -c 'verified, ')
[ "$rows" -eq 50 ] || fail "50 rows expected, got $rows"
# ranked: the GB/s column never rises
gbs=$(echo "$out" | grep 'verified, ' | awk '{print $(NF-6)}')
[ "$gbs" = "$(echo "$gbs" | sort -rn)" ] || fail "not ranked: $gbs"
best=$(echo "$gbs" | head -1)
echo "$out" | grep -q "^best measured: .*, $best GB/s" || fail "best line ($best): $out"
# each timed row of a modelled kernel: predicted, and measured / predicted to 2 places
echo "$out" | grep 'verified, ' | grep -v '^memcpy\|^cublas' | awk '{
    p = $(NF-8); g = $(NF-6); r = $(NF-5);
    if (p == "-" || r == "-") { print "no prediction: " $0; exit 1 }
    d = g / p - r; if (d > 0.006 || d < -0.006) { print "ratio " r " != " g "/" p; exit 1 } }' ||
    fail "predicted columns"

# Filters select rows as a live bench would have run them
run "$tpx" bench --replay h200 --kernel tile_rows,memcpy --block 32x8 --size 8192 --dtype f32
[ "$rc" -eq 0 ] || fail "filtered: exit $rc: $err"
[ "$(echo "$out" | grep -c 'verified, ')" -eq "$(echo "$out" | grep -c '^tile_rows  *32x8  *8192x8192  *f32 \|^memcpy  *-  *8192x8192  *f32 ')" ] ||
    fail "a row the filters do not take: $out"
echo "$out" | grep -q '^memcpy  *-  *8192x8192' || fail "the reference (no block) stays: $out"
echo "$out" | grep -q '^tile_rows  *32x8  *8192x8192  *f32   1 ' || fail "pad 1 row: $out"
run "$tpx" bench --replay h200 --kernel tile_rows --block 32x8 --size 8192 --dtype f32 --pad 1
[ "$(echo "$out" | grep -c 'verified, ')" -eq 1 ] || fail "--pad 1 selects one row: $out"
run "$tpx" bench --replay h200 --kernel tile_rows --block 32x8 --size 8192 --dtype f32 --swizzle
echo "$out" | grep -q '^tile_rows .* swz ' || fail "--swizzle keeps the swizzled row: $out"
echo "$out" | grep -q '^tile_rows .*f32   1 ' && fail "--swizzle keeps pad 0 and swz only: $out"

# CSV: the file's rows with the prediction columns
run "$tpx" bench --replay h200-8192-f32 --csv --kernel smem
[ "$rc" -eq 0 ] || fail "csv: $err"
echo "$out" | head -1 | grep -q ',shared_bytes_per_block,predicted_gbs,measured_over_predicted,note$' ||
    fail "csv header: $out"
echo "$out" | sed 1d | grep -Eq '^smem,32x32,8192,8192,f32,1,0,f32,.*,ok,1,cold,.*,[0-9]+\.[0-9]{2},[0-9]+\.[0-9]{4},""$' ||
    fail "csv row: $out"

# Enough rows to be modelled on every core: each timed row of a modelled kernel
# has its prediction and the ratio, the references none
run "$tpx" bench --replay h200 --size 1024 --csv
[ "$rc" -eq 0 ] && [ "$(echo "$out" | sed 1d | wc -l)" -gt 300 ] || fail "h200 1024: $rc $err"
echo "$out" | sed 1d | grep -v '^memcpy\|^cublas' | grep ',ok,1,' | grep -Evq ',[0-9]+\.[0-9]{2},[0-9]+\.[0-9]{4},"' &&
    fail "a modelled row without its prediction: $(echo "$out" | grep -v '^memcpy' | grep -Ev ',[0-9]+\.[0-9]{2},[0-9]+\.[0-9]{4},"' | head -3)"
echo "$out" | grep '^memcpy' | grep -q ',,,"' || fail "memcpy has a prediction"

# A miss names the options and lists what the file holds
run "$tpx" bench --replay h200-8192-f32 --size 4096 --kernel smem
[ "$rc" -eq 2 ] || fail "miss: exit $rc"
echo "$err" | grep -q "^tpx bench: no result in h200-8192-f32.json matches --kernel smem --size 4096; it holds sizes 8192x8192; blocks .*32x8.*; kernels .*smem.*; dtypes f32$" ||
    fail "miss message: $err"
[ -z "$out" ] || fail "a miss prints no table: $out"

# Options that say how to measure, or write a result document, are refused
for o in --once "--samples 5" "--time-cap 1" "--save $tmp/x.json" --json; do
    run "$tpx" bench --replay h200 $o
    [ "$rc" -eq 2 ] || fail "$o with --replay: exit $rc"
    echo "$err" | grep -q "^tpx bench: ${o%% *} does not apply to --replay (" || fail "$o: $err"
done
run "$tpx" bench --replay h200 --no-gpu
[ "$rc" -eq 2 ] || fail "--no-gpu with --replay"
run "$tpx" bench --replay "$tmp/none.json"
[ "$rc" -eq 2 ] && echo "$err" | grep -q 'none.json' || fail "missing file: $rc $err"

# --no-gpu: the prediction is the only figure, in every output
run "$tpx" bench --no-gpu --kernel tile_rows,memcpy --block 32x8 --size 4096 --profile h200
echo "$out" | grep -Eq '^tile_rows  *32x8  *4096x4096 .* [0-9]+\.[0-9]%  *[0-9]+\.[0-9]  +-  +-  +-  ' ||
    fail "no-gpu predicted: $out"
echo "$out" | grep -q '^predicted: the model.s GB/s on H200; meas/pred' || fail "no-gpu legend: $out"
echo "$out" | grep -Eq '^memcpy .* -  +-  +-  +-  ' || fail "memcpy has no prediction: $out"
run "$tpx" bench --no-gpu --kernel tile_rows --block 32x8 --size 4096 --profile h200 --csv
echo "$out" | sed 1d | grep -Eq ',[0-9]+\.[0-9]{2},,"--no-gpu: model only"$' || fail "no-gpu csv: $out"
run "$tpx" bench --no-gpu --kernel tile_rows --block 32x8 --size 4096 --profile h200 --json
echo "$out" | grep -q '"measured_over_predicted": null' || fail "no-gpu json ratio: $out"
echo "$out" | grep -Eq '"predicted_gbs": [0-9]+\.[0-9]' || fail "no-gpu json prediction: $out"
echo "PASS"
