#!/usr/bin/env bash
# Hostile and corrupt result files given to `tpx report --replay`: each one's
# exit code and message.  Nothing may crash or hang, no file may show a number
# it does not hold measured and verified, and no control character from a
# file may reach the terminal.
set -u
tpx=$1
dir=$(mktemp -d /tmp/tpx_hostile.XXXXXX)
trap 'rm -rf "$dir"' EXIT
fails=0
n=0
args=(--kernel tile_rows --block 32x8 --size 1024 --pad 1)

lim='"max_threads_per_sm":2048,"max_blocks_per_sm":32,"shared_bytes_per_sm":233472'
dev="{\"name\":\"GPU\",\"compute_capability\":\"9.0\",\"sms\":132,\"l2_bytes\":52428800,\"peak_gbs\":4800.0,$lim}"
cfg='{"kernel":"tile_rows","block":"32x8","width":1024,"height":1024,"dtype":"f32","pad":1,"swizzle":false}'
# 2 x 1024 x 1024 x 4 bytes in 0.00932 ms: 900 GB/s
meas='"mode":"cold","samples":10,"min_ms":0.0093,"median_ms":0.00932,"mean_ms":0.00935,"noise":0.001'
doc() { # device row
    printf '{"format":"tpx-results","format_version":2,"tpx_version":"0.1.0","device":%s,"results":[%s]}' "$1" "$2"
}
row() { # measured-object-body [extra-row-keys]
    printf '{"config":%s,"measured":%s%s}' "$cfg" "$1" "${2:-}"
}

# check NAME EXPECTED-RC SUBSTRING FILE [--no-number]
check() {
    local name=$1 want_rc=$2 want=$3 file=$4 flag=${5:-}
    n=$((n + 1))
    local out rc
    out=$(timeout 10 "$tpx" report --replay "$file" "${args[@]}" 2>&1)
    rc=$?
    local why=""
    [ "$rc" -eq "$want_rc" ] || why="rc=$rc, wanted $want_rc"
    [[ "$out" == *"$want"* ]] || why="$why; no '$want'"
    # a measured figure, that is: the model's prediction is labelled as one
    local measured_lines
    measured_lines=$(echo "$out" | grep -v -e "predicted" -e "limited by")
    if [ "$flag" = --no-number ] &&
        [[ "$measured_lines" == *"GB/s"*[0-9]* || "$measured_lines" == *[0-9]" GB/s"* ]]; then
        why="$why; shows a GB/s figure"
    fi
    if [[ "$out" == *$'\e'* || "$out" == *$'\a'* ]]; then
        why="$why; a control character reached the output"
    fi
    if [ -n "$why" ]; then
        echo "FAIL [$name]: $why"
        echo "$out" | head -5 | sed 's/^/    /'
        fails=$((fails + 1))
    fi
}

f() { printf '%s' "$2" >"$dir/$1"; echo "$dir/$1"; }

# The file itself
mkdir "$dir/adir"
check directory 2 "is a directory" "$dir/adir"
check dev-zero 2 "not a regular file" /dev/zero
mkfifo "$dir/fifo"
check fifo 2 "not a regular file" "$dir/fifo"
truncate -s 200M "$dir/huge" # sparse: over the largest file the writer makes
check too-large 2 "too large" "$dir/huge"
check missing 2 "cannot open" "$dir/nonexistent"
check empty 2 "unexpected end" "$(f empty '')"
check binary 2 "JSON error" "$(f binary $'\x01\x02\xff\xfe')"
check bom 2 "JSON error" "$(f bom $'\xef\xbb\xbf{}')"
# The JSON
check backslash-end 2 "ends in a backslash" "$(f bs '{"\')"
check nan 2 "not a JSON value" "$(f nan "$(doc "$dev" "$(row "{$meas,\"verified\":true,\"gbs\":NaN}")")")"
check infinity 2 "not a JSON value" "$(f inf "$(doc "$dev" "$(row "{$meas,\"verified\":true,\"gbs\":Infinity}")")")"
check huge-number 2 "out of range" "$(f e400 "$(doc "$dev" "$(row "{$meas,\"verified\":true,\"gbs\":1e400}")")")"
check leading-zero 2 "leading zero" "$(f lz "$(doc "$dev" "$(row "{$meas,\"verified\":true,\"gbs\":0900}")")")"
check hex 2 "JSON error" "$(f hex "$(doc "$dev" "$(row "{$meas,\"verified\":true,\"gbs\":0x10}")")")"
check plus 2 "not a JSON value" "$(f plus "$(doc "$dev" "$(row "{$meas,\"verified\":true,\"gbs\":+5}")")")"
check duplicate-key 2 'duplicate key "gbs"' "$(f dup "$(doc "$dev" "$(row "{$meas,\"verified\":true,\"gbs\":1,\"gbs\":2}")")")"
check trailing 2 "trailing characters" "$(f trail "$(doc "$dev" "")garbage")"
check deep 2 "nested too deeply" "$(f deep "$(printf '[%.0s' $(seq 100))")"
check control-char 2 "control character" "$(f ctl $'{"format":"tpx\x1b-results"}')"
check nul-escape 2 "NUL" "$(f nul '{"format":"tpx-results\u0000x"}')"
check lone-surrogate 2 "low half" "$(f sur '{"format":"\ud800"}')"
check bad-utf8 2 "invalid UTF-8" "$(f utf8 $'{"format":"\xc0\xaf"}')"
# The schema
check not-results 2 "not a tpx result file" "$(f other '{"name":"x"}')"
check newer 2 "format_version: newer" "$(f v4 '{"format":"tpx-results","format_version":4}')"
check negative-gbs 2 "results[0].measured.gbs: negative" "$(f neg "$(doc "$dev" "$(row "{$meas,\"verified\":true,\"gbs\":-5}")")")"
check samples-1e300 2 "results[0].measured.samples: 1e+300 is out of range" "$(f s300 "$(doc "$dev" "$(row '{"mode":"cold","samples":1e300,"verified":true}')")")"
check unknown-kernel 2 "results[0].config.kernel: unknown kernel" "$(f kern "$(doc "$dev" '{"config":{"kernel":"rm -rf","block":"32x8","width":8,"height":8,"dtype":"f32"},"measured":null,"measured_status":"not_measured"}')")"
check bad-block 2 "results[0].config.block" "$(f blk "$(doc "$dev" '{"config":{"kernel":"tile_rows","block":"0x8","width":8,"height":8,"dtype":"f32"},"measured":null,"measured_status":"not_measured"}')")"
check bad-dtype 2 "results[0].config.dtype" "$(f dt "$(doc "$dev" '{"config":{"kernel":"tile_rows","block":"32x8","width":8,"height":8,"dtype":"int"},"measured":null,"measured_status":"not_measured"}')")"
check zero-width 2 "results[0].config.width" "$(f w0 "$(doc "$dev" '{"config":{"kernel":"tile_rows","block":"32x8","width":0,"height":8,"dtype":"f32"},"measured":null,"measured_status":"not_measured"}')")"
check bad-status 2 "results[0].measured_status: unknown value" "$(f st "$(doc "$dev" "$(row null ',"measured_status":"fine"')")")"
check name-number 2 "device.name: expected a string" "$(f dn "$(doc '{"name":1,"compute_capability":"9.0","sms":1,"l2_bytes":1,"peak_gbs":1}' "")")"
check device-no-limits 2 "device.max_threads_per_sm: missing" "$(f dnl "$(doc '{"name":"G","compute_capability":"9.0","sms":1,"l2_bytes":1,"peak_gbs":1}' "")")"
check results-object 2 "results: expected an array" "$(f ro '{"format":"tpx-results","format_version":1,"tpx_version":"x","device":null,"results":{}}')"
check device-sms-negative 2 "device.sms" "$(f sms "$(doc "{\"name\":\"G\",\"compute_capability\":\"9.0\",\"sms\":-4,\"l2_bytes\":1,\"peak_gbs\":1,$lim}" "")")"
# Numbers that disagree with what they derive from, or are not figures at all
check pct-peak-million 2 "measured.pct_peak: 1000000 does not follow" "$(f pp "$(doc "$dev" "$(row "{$meas,\"verified\":true,\"gbs\":900,\"pct_peak\":1000000}")")")"
check hours-median 2 "measured.gbs: 999999 does not follow from median_ms 10000000" "$(f hm "$(doc "$dev" "$(row '{"mode":"cold","samples":10,"min_ms":10000000,"median_ms":10000000,"mean_ms":10000000,"noise":0,"verified":true,"gbs":999999}')")")"
check subnormal 2 "measured.gbs: 5e-324 is subnormal" "$(f sub "$(doc "$dev" "$(row "{$meas,\"verified\":true,\"gbs\":4.9e-324}")")")"
check exact-number 2 "samples: 1000000001 is out of range (0 to 1000000000)" "$(f ex "$(doc "$dev" "$(row '{"mode":"cold","samples":1000000001,"verified":true}')")")"
check duplicate-rows 2 "results[1]: the same config and mode as results[0]" "$(f dupr "$(doc "$dev" "$(row "{$meas,\"verified\":true,\"gbs\":900}"),$(row '{"mode":"cold","samples":10,"min_ms":8,"median_ms":8.38861,"mean_ms":8.4,"noise":0,"verified":true,"gbs":1}')")")"
# Files that load but hold no number to show
check unverified 1 "verify_failed" "$(f unv "$(doc "$dev" "$(row "{$meas,\"verified\":false,\"gbs\":900}")")")" --no-number
check null-but-ok 0 "not_measured" "$(f nok "$(doc "$dev" "$(row null ',"measured_status":"ok"')")")" --no-number
check status-not-ok 1 "launch_error" "$(f snok "$(doc "$dev" "$(row "{$meas,\"verified\":true,\"gbs\":900}" ',"measured_status":"launch_error"')")")" --no-number
check once-only 0 "not timed" "$(f once "$(doc "$dev" "$(row '{"mode":"cold","samples":0,"verified":true}')")")" --no-number
check escape-name 0 '\x1b]0;owned\x07' "$(f esc "$(doc "{\"name\":\"\\u001b]0;owned\\u0007GPU\\u001b[2J\",\"compute_capability\":\"9.0\",\"sms\":1,\"l2_bytes\":1,\"peak_gbs\":1,$lim}" "$(row "{$meas,\"verified\":true,\"gbs\":900}")")")"
check escape-note 1 '\x1b[31m' "$(f escn "$(doc "$dev" "$(row null ',"measured_status":"launch_error","measured_note":"\u001b[31mred\u009b"')")")" --no-number
# A good file still shows its number
check valid 0 "900.0 GB/s" "$(f ok "$(doc "$dev" "$(row "{$meas,\"verified\":true,\"gbs\":900}")")")"

echo "$n hostile result files, $fails failed"
[ "$fails" -eq 0 ]
