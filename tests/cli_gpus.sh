#!/usr/bin/env bash
# Several GPUs' result files: tpx report --replay h200,h100 reports each (in
# the order named, JSON as an array), tpx compare --replay h100,h200 and
# --replay h100 --vs --replay h200 compare one config on two GPUs, and the
# explorer takes --load h200,h100.  Bad lists exit 2 with the reason.
set -eu
tpx=$1
root=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "FAIL: $*"; exit 1; }
[ -f "$root/bench/results/h200.json" ] && [ -f "$root/bench/results/h100.json" ] ||
    { echo "no shipped h200/h100 results"; exit 77; }
cfg=(--kernel smem_rect --block 32x8 --size 8192)

json=$("$tpx" report --replay h200,h100 "${cfg[@]}" --json)
one=$("$tpx" report --replay h200 "${cfg[@]}" --json)
two=$("$tpx" report --replay h100 "${cfg[@]}" --json)
python3 - "$json" "$one" "$two" <<'PY' || fail "report --replay h200,h100 --json"
import json, sys
both, a, b = (json.loads(x) for x in sys.argv[1:4])
assert isinstance(both, list) and both == [a, b], "not [report h200, report h100]"
assert a["device"]["name"] != b["device"]["name"]
assert a["measured"]["gbs"] > 0 and b["measured"]["gbs"] > 0
PY
text=$("$tpx" report --replay h200,h100 "${cfg[@]}")
[ "$(echo "$text" | grep -c '^== NVIDIA ')" = 2 ] || fail "one heading per GPU: $text"

check_gpus() { # the JSON of tpx compare: A on the H100, B the same config on the H200
    python3 - "$1" "$two" "$one" <<'PY' || fail "compare on two GPUs ($2)"
import json, sys
c, a, b = (json.loads(x) for x in sys.argv[1:4])
assert c["a"] == a and c["b"] == b, "sides are not the two GPUs' reports"
assert c["delta"]["config_changed"] == ["device"], c["delta"]["config_changed"]
g = c["delta"]["figures"]["measured.gbs"]
assert abs(g["ratio"] - b["measured"]["gbs"] / a["measured"]["gbs"]) < 1e-3, g
PY
}
check_gpus "$("$tpx" compare --replay h100,h200 "${cfg[@]}" --json)" "--replay h100,h200"
check_gpus "$("$tpx" compare --replay h100 "${cfg[@]}" --json --vs --replay h200)" "--vs --replay"
"$tpx" compare --replay h100,h200 "${cfg[@]}" | grep -q "^A: smem_rect .* on NVIDIA H100" ||
    fail "the table names each side's GPU"

expect2() { # message, command...
    local want=$1 err rc
    shift
    set +e
    err=$("$@" </dev/null 2>&1 >/dev/null); rc=$?
    set -e
    [ $rc -eq 2 ] && echo "$err" | grep -q "$want" || fail "$* -> $rc: $err"
}
expect2 "named twice" "$tpx" report --replay h200,h200 "${cfg[@]}"
expect2 "an empty name" "$tpx" report --replay h200, "${cfg[@]}"
expect2 "no shipped results named 'nope'" "$tpx" report --replay h200,nope "${cfg[@]}"
expect2 "at most 2" "$tpx" compare --replay h200,h100,h200-8192-f32 --vs --pad 1
expect2 "named twice" "$tpx" compare --replay h200,h100 --vs --replay h100
expect2 "needs A's results" "$tpx" compare --vs --replay h100
expect2 "given twice" "$tpx" --load h200 --load h100
expect2 "no shipped results named" "$tpx" --load h200,nope
expect2 "needs a terminal" "$tpx" --load h200,h100
echo ok
