#!/usr/bin/env bash
# Every file tpx writes, tpx reads: random sweeps saved by `tpx bench
# --no-gpu` (every kernel, --block all, random sizes, dtypes and pads) and
# GPU-shaped ones written by bench's own writer (roundtrip_gen), read back by
# each reader: report --replay, the explorer's --load, compare and export.
# With them the files the issue found refused: a tile over 48 KB saved
# without a GPU, a path that is not UTF-8, a long command line, a long path.
# usage: cli_roundtrip.sh path/to/tpx path/to/roundtrip_gen
set -u
tpx=$1
gen=$2
dir=$(mktemp -d /tmp/tpx_roundtrip.XXXXXX)
trap 'rm -rf "$dir"' EXIT
export LSAN_OPTIONS="suppressions=$(cd "$(dirname "$0")" && pwd)/lsan.supp"
fails=0 reads=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

# The options that name one row: "KERNEL BXxBY WxH DTYPE PAD SWZ TILE MODE GBS".
row_args() {
    local k=$1 b=$2 s=$3 dt=$4 pad=$5 swz=$6 tile=$7 mode=$8
    args=(--kernel "$k" --block "$b" --size "$s" --dtype "$dt")
    case $k in memcpy | cublas) return ;; esac
    [ "$pad" != 0 ] && args+=(--pad "$pad")
    [ "$swz" = 1 ] && args+=(--swizzle)
    [ "$tile" != "$dt" ] && args+=(--tile-dtype "$tile")
    [ "$mode" = hot ] && args+=(--hot)
}

# Every reader on file F for the rows listed in ROWS (a sample of them).
read_back() { # file rows-file
    local f=$1 rows=$2 line
    [ -s "$rows" ] || { bad "$f: no rows to read back"; return; }
    while read -r line; do
        set -- $line
        local gbs=$9 mode=$8
        row_args "$@"
        reads=$((reads + 1))
        out=$("$tpx" report --replay "$f" "${args[@]}" 2>&1)
        rc=$?
        { [ "$rc" -le 1 ] && { [ "$gbs" = - ] || [[ "$out" == *"$gbs GB/s"* ]]; }; } ||
            bad "report --replay $f ${args[*]}: rc=$rc, want ${gbs} GB/s: $(echo "$out" | head -3)"
        [ "${args[${#args[@]}-1]}" = --hot ] && unset 'args[${#args[@]}-1]' # report's alone
        out=$("$tpx" compare --replay "$f" "${args[@]}" --vs --size "$3" 2>&1)
        rc=$?
        [ "$rc" -le 1 ] || bad "compare --replay $f ${args[*]}: rc=$rc: $(echo "$out" | head -3)"
        out=$("$tpx" export --replay "$f" "${args[@]}" --view bandwidth -o "$dir/view.txt" 2>&1)
        [ $? -eq 0 ] || bad "export --replay $f ${args[*]}: $(echo "$out" | head -3)"
        out=$("$tpx" --load "$f" "${args[@]}" </dev/null 2>&1)
        [[ "$out" == *"the explorer needs a terminal"* ]] ||
            bad "--load $f ${args[*]}: $(echo "$out" | head -3)"
    done < <(shuf -n "${3:-4}" --random-source=<(yes) "$rows")
}

# ---- GPU-shaped and no-GPU sweeps by the writer ----------------------------------
for seed in 1 2; do
    for kind in gpu no-gpu; do
        "$gen" "$seed" "$kind" 60 "$dir/gen.json" >"$dir/gen.rows" || bad "roundtrip_gen $seed $kind"
        read_back "$dir/gen.json" "$dir/gen.rows"
    done
done

# ---- sweeps saved by tpx bench --no-gpu ------------------------------------------
# The rows of a saved file, as row_args takes them (the file says them all).
rows_of() {
    python3 - "$1" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    c = r["config"]
    print(c["kernel"], c["block"], c["size"], c["dtype"], c["pad"], int(c["swizzle"]),
          c.get("tile_dtype", c["dtype"]), "cold", "-")
PY
}
RANDOM=17
kernels=(naive_row naive_col smem smem_rect tile_rows tile_vec diagonal_row copy_vec unroll4_row)
for i in 1 2; do
    k=${kernels[RANDOM % ${#kernels[@]}]},${kernels[RANDOM % ${#kernels[@]}]}
    size=$((1 + RANDOM % 300))x$((1 + RANDOM % 300)),$((1 + RANDOM % 64))
    "$tpx" bench --no-gpu --kernel "$k" --block all --size "$size" --dtype f32,f16 --pad 0..1 \
        --swizzle --save "$dir/bench$i.json" >/dev/null || bad "bench --no-gpu --kernel $k --size $size"
    rows_of "$dir/bench$i.json" >"$dir/bench.rows"
    read_back "$dir/bench$i.json" "$dir/bench.rows" 4
done

# ---- the files the issue found refused -------------------------------------------
# A 64 KiB tile saved without a GPU (its profile lets a block opt in to 227 KB).
"$tpx" bench --no-gpu --kernel tile_rows --block 128x1 --size 64 --save "$dir/tile.json" >/dev/null
"$tpx" report --replay "$dir/tile.json" --kernel tile_rows --block 128x1 --size 64 >/dev/null 2>"$dir/err" ||
    bad "a 64 KiB tile saved with --no-gpu is refused: $(cat "$dir/err")"
# The sweep `tpx bench --help` shows, saved, in the explorer.
"$tpx" bench --no-gpu --kernel tile_rows --block all --size 1024 --pad 0..1 --save "$dir/help.json" >/dev/null
out=$("$tpx" --load "$dir/help.json" --kernel tile_rows --block 128x8 --size 1024 </dev/null 2>&1)
[[ "$out" == *"needs a terminal"* ]] || bad "--load of the help's sweep: $out"
# A --save path that is not UTF-8 and 1100 bytes long (ten directories of
# two-byte characters), and a command line longer than the file keeps: it is
# cut at a whole argument, never inside a character.
deep="$dir/$(printf '\xff\xfe')"
for i in 1 2 3 4 5 6 7 8 9 10; do deep="$deep/$(printf 'é%.0s' $(seq 50))"; done
mkdir -p "$deep"
"$tpx" bench --no-gpu --kernel naive_row --size 64 --save "$deep/r.json" >/dev/null 2>"$dir/err"
[ -s "$deep/r.json" ] || bad "--save to a ${#deep}-byte path: $(cat "$dir/err")"
"$tpx" report --replay "$deep/r.json" --kernel naive_row --size 64 >/dev/null 2>"$dir/err" ||
    bad "a ${#deep}-byte path that is not UTF-8 is refused: $(cat "$dir/err")"
python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["command"]; assert c.endswith(" ..."), c' \
    "$deep/r.json" || bad "the long command line is not cut at an argument"
"$tpx" bench --no-gpu --kernel naive_row --size 64 --save "$dir/$(printf '\xff').json" >/dev/null
"$tpx" report --replay "$dir/$(printf '\xff').json" --kernel naive_row --size 64 >/dev/null ||
    bad "a file saved to a path that is not UTF-8 is refused"
python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["command"]; assert "\\xff.json" in c, c' \
    "$dir/$(printf '\xff').json" || bad "the command line does not keep the path escaped"

# ---- a sweep larger than a file holds is refused before it runs -------------------
sizes=$(seq -s, 1 40)
out=$("$tpx" bench --no-gpu --kernel all --block all --size "$sizes" --save "$dir/big.json" 2>&1)
rc=$?
{ [ "$rc" -eq 2 ] && [[ "$out" == *"holds at most 20000"* ]] && [ ! -e "$dir/big.json" ]; } ||
    bad "an oversized sweep with --save: rc=$rc, $(echo "$out" | head -2)"

echo "round trips: $reads rows read back by every reader, $fails failure(s)"
[ "$fails" -eq 0 ]
