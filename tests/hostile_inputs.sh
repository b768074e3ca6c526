#!/usr/bin/env bash
# Text from outside (argv, paths, files, directory listings, the environment)
# that carries terminal controls, given to every command that can quote it.
# Each case must quote it escaped ("\x1b", "\u202e"): no C0 or C1 control
# (ESC, BEL, CR, CSI U+009B ...), no bidi override (U+202E and friends), no
# byte that is not UTF-8 may reach stdout or stderr.  Only a newline passes.
#   hc NAME RC [env VAR=...] -- ARGS...   tpx ARGS (stdin /dev/null); exit RC,
#                                         the hostile text shown escaped
#   quote=0 hc ...                        the same where the message need not
#                                         quote the text (a JSON error's position)
# usage: hostile_inputs.sh path/to/tpx
set -u
tpx=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d /tmp/tpx_hostile_in.XXXXXX)
trap 'rm -rf "$dir"' EXIT
export LSAN_OPTIONS="suppressions=$here/lsan.supp"
n=0 fails=0

# ESC ] title BEL, ESC [ 2J (clear), CR, U+202E (right-to-left override),
# U+2066 (isolate), CSI as C1 (U+009B), a byte that is not UTF-8.
H=$'\e]0;pwned\a\e[2J\rX\xe2\x80\xae\xe2\x81\xa6\xc2\x9b\xff'
# The same, as a JSON string body (a file may only hold it escaped).
HJ='\u001b]0;pwned\u0007\u001b[2J\rX\u202e\u2066\u009b'

# Bytes that must never reach the terminal from tpx: C0 but newline, DEL, C1,
# bidi controls and line separators, and anything that is not UTF-8.
dirty() { # file
    LC_ALL=C grep -qaP '[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xd8\x9c|\xe2\x80[\x8e\x8f\xa8-\xae]|\xe2\x81[\xa6-\xa9]' "$1" && return 0
    ! iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1
}

hc() { # name rc [env ...] -- args...
    local name=$1 want=$2
    shift 2
    local envs=()
    while [ "$1" != -- ]; do envs+=("$1"); shift; done
    shift
    n=$((n + 1))
    env "${envs[@]}" timeout 20 "$tpx" "$@" </dev/null >"$dir/out" 2>"$dir/err"
    local rc=$? why=""
    cat "$dir/out" "$dir/err" >"$dir/both"
    [ "$rc" -eq "$want" ] || why="rc=$rc, wanted $want"
    dirty "$dir/both" && why="$why; a control character or invalid UTF-8 reached the output"
    [ "${quote:-1}" = 0 ] || LC_ALL=C grep -qaE '\\(x[0-9a-f]{2}|u[0-9a-f]{4})' "$dir/both" ||
        why="$why; the hostile text is not quoted escaped"
    if [ -n "$why" ]; then
        echo "FAIL [$name]: $why"
        LC_ALL=C head -c 400 "$dir/both" | od -c | head -8 | sed 's/^/    /'
        fails=$((fails + 1))
    fi
}

# ---- argv ------------------------------------------------------------------------
hc subcommand 2 -- "$H"
hc unexpected-arg 2 -- report --no-gpu "$H"
hc unknown-option 2 -- report --no-gpu "--$H"
hc option-value-eq 2 -- list "--json=$H"
hc kernel 2 -- report --no-gpu --kernel "$H"
hc block 2 -- report --no-gpu --block "$H"
hc size 2 -- report --no-gpu --size "$H"
hc dtype 2 -- report --no-gpu --dtype "$H"
hc tile-dtype 2 -- report --no-gpu --kernel smem --block 32x32 --tile-dtype "$H"
hc pad 2 -- report --no-gpu --kernel smem --block 32x32 --pad "$H"
hc profile 2 -- report --no-gpu --profile "$H"
hc device 2 -- report --device "$H"
hc given-twice 2 -- report --no-gpu --kernel smem --kernel "$H"
hc bench-kernel 2 -- bench --no-gpu --kernel "smem,$H"
hc bench-block 2 -- bench --no-gpu --block "32x8,$H"
hc bench-size 2 -- bench --no-gpu --size "64,$H"
hc bench-dtype 2 -- bench --no-gpu --dtype "f32,$H"
hc bench-pad 2 -- bench --no-gpu --pad "0..$H"
hc bench-samples 2 -- bench --no-gpu --samples "$H"
hc bench-time-cap 2 -- bench --no-gpu --time-cap "$H"
hc compare-b 2 -- compare --no-gpu --kernel smem --block 32x32 --vs --kernel "$H"
hc compare-vs-arg 2 -- compare --no-gpu --vs "$H"
hc export-view 2 -- export --view "$H" -o "$dir/x.svg"
hc export-format 2 -- export --format "$H" -o "$dir/x.svg"
hc export-cols 2 -- export --cols "$H" -o "$dir/x.svg"
hc explorer-kernel 2 -- --no-gpu --kernel "$H"
hc explorer-size 2 -- --no-gpu --size "$H"
hc tour-option 2 -- tour "$here/fixtures/tour_lesson.txt" --kernel "$H"

# ---- paths -----------------------------------------------------------------------
hc out-no-dir 1 -- bench --no-gpu --kernel naive_row --block 32x8 --size 64 --out "$dir/no/$H"
hc save-no-dir 1 -- bench --no-gpu --kernel naive_row --block 32x8 --size 64 --save "$dir/no/$H"
hc replay-missing 2 -- report --replay "$dir/$H.json" --kernel naive_row
hc replay-name 2 -- report --replay "$H" --kernel naive_row
hc load-missing 2 -- --load "$dir/$H.json"
hc tour-missing 2 -- tour "$dir/$H"
mkdir -p "$dir/d/$H"
hc replay-dir 2 -- report --replay "$dir/d/$H" --kernel naive_row
hc export-wrote 0 -- export -o "$dir/d/$H/view.txt"

# ---- directory listings and the environment ---------------------------------------
mkdir -p "$dir/shipped"
printf '{}' >"$dir/shipped/$H.json"
hc shipped-names 2 env "TPX_RESULTS_DIR=$dir/shipped" -- report --replay nosuchname
hc results-dir-env 2 env "TPX_RESULTS_DIR=$dir/$H" -- report --replay "nosuch$H"

# ---- files -----------------------------------------------------------------------
lim='"max_threads_per_sm":2048,"max_blocks_per_sm":32,"shared_bytes_per_sm":233472'
dev="{\"name\":\"GPU\",\"compute_capability\":\"9.0\",\"sms\":132,\"l2_bytes\":52428800,\"peak_gbs\":4800.0,$lim}"
cfg='{"kernel":"tile_rows","block":"32x8","width":1024,"height":1024,"dtype":"f32","pad":1}'
doc() { printf '{"format":"tpx-results","format_version":2,"tpx_version":"0.1.0","device":%s,"results":[%s]}' "$1" "$2"; }
f() { printf '%s' "$2" >"$dir/$1"; echo "$dir/$1"; }
rargs=(--kernel tile_rows --block 32x8 --size 1024 --pad 1)
hc duplicate-key 2 -- report --replay "$(f dupkey "{\"format\":\"tpx-results\",\"$HJ\":1,\"$HJ\":2}")" "${rargs[@]}"
hc config-block 2 -- report --replay "$(f blk "$(doc "$dev" "{\"config\":{\"kernel\":\"tile_rows\",\"block\":\"$HJ\",\"width\":8,\"height\":8,\"dtype\":\"f32\"},\"measured\":null,\"measured_status\":\"not_measured\"}")")" "${rargs[@]}"
hc config-kernel 2 -- report --replay "$(f kern "$(doc "$dev" "{\"config\":{\"kernel\":\"$HJ\",\"block\":\"32x8\",\"width\":8,\"height\":8,\"dtype\":\"f32\"},\"measured\":null,\"measured_status\":\"not_measured\"}")")" "${rargs[@]}"
quote=0 hc raw-bytes 2 -- report --replay "$(f raw "{\"format\":\"tpx-$H\"}")" "${rargs[@]}"
evil_dev="{\"name\":\"$HJ GPU\",\"compute_capability\":\"9.0\",\"sms\":132,\"l2_bytes\":52428800,\"peak_gbs\":4800.0,$lim}"
meas='{"mode":"cold","samples":10,"min_ms":0.0087,"median_ms":0.0087,"mean_ms":0.0087,"noise":0.001,"gbs":964.2,"verified":true}'
evil=$(f evil.json "$(doc "$evil_dev" "{\"config\":$cfg,\"measured\":$meas}")")
hc device-name 0 -- report --replay "$evil" "${rargs[@]}"
hc device-name-json 0 -- report --replay "$evil" "${rargs[@]}" --json
quote=0 hc device-name-compare 0 -- compare --replay "$evil" "${rargs[@]}" --vs --pad 0
hc device-name-export 0 -- export --replay "$evil" "${rargs[@]}" --view bandwidth -o "$dir/$H.txt"
hc device-name-bench 0 -- bench --replay "$evil"
hc bench-replay-miss 2 -- bench --replay "$dir/$H.json" --kernel smem
hc bench-replay-miss-name 2 -- bench --replay "$(f "m$H.json" "$(doc "$dev" "{\"config\":$cfg,\"measured\":$meas}")")" --size 64
hc tour-kernel 2 -- tour "$(f tk "@ view=1 kernel=$H")"
hc tour-key 2 -- tour "$(f tkey "@ view=1 $H=1")"
# a tour's kernel-file=PATH: a missing hostile path, a hostile kernel text
hc tour-kernel-file 2 -- tour "$(f tkf "@ view=1 kernel-file=$H.tpxk")" --check
f "tk$H.tpxk" "B[tx] = A[$H]" >/dev/null
hc tour-kernel-file-text 2 -- tour "$(f tkft "@ view=1 kernel-file=tk$H.tpxk")" --check
# a kernel file (docs/language.md): its path and its text
hc kernel-file-path 2 -- check --kernel-file "$dir/$H.tpxk"
hc kernel-file-text 2 -- check --kernel-file "$(f ktext "B[tx] = A[$H]")"
hc kernel-file-name 2 -- check --kernel-file "$(f kname "kernel $H")"
quote=0 hc kernel-file-ok 0 -- report --no-gpu --json --kernel-file "$(f "k$H.tpxk" 'B[tx] = A[tx]')"

# the config file (~/.config/tpx/config): its directory's name and its lines
mkdir -p "$dir/xdg$H/tpx"
printf '%s = 1\nsize = %s\ndtype = f32%s\n' "$H" "$H" "$H" >"$dir/xdg$H/tpx/config"
hc config-file 0 XDG_CONFIG_HOME="$dir/xdg$H" -- list
hc config-file-report 0 XDG_CONFIG_HOME="$dir/xdg$H" -- report --no-gpu --json

# the colour scheme's name, from the environment and from the command line
hc theme-env 2 env "TPX_THEME=$H" -- export --view banks -o "$dir/t.svg"
hc theme-option 2 -- export --view banks --theme "$H" -o "$dir/t.svg"
# a tour file's name, and its text on a slide (written to a file: escaped there as XML)
hc tour-file-name 2 -- export --view tour --tour "$dir/$H.txt" --step 1 -o "$dir/t.svg"

echo "$n hostile inputs, $fails failed"
[ "$fails" -eq 0 ]
