#!/usr/bin/env bash
# Files tpx writes (--out, --save, export -o) appear whole or not at all: a
# reader beside a writer, two writers, a file size limit never see or leave
# half a file; an output that is an input or another output is refused.
# usage: cli_atomic.sh path/to/tpx
set -u
tpx=$1
dir=$(mktemp -d /tmp/tpx_atomic.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$dir"' EXIT
fails=0
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
# A sweep of some thousand rows: a file of 3 MB, long enough to be caught
# half-written.  The kernels whose model is cheap: the file is as large, the
# run a third as long (the sanitizer build runs this a dozen times).
cheap=copy_row,copy_col,copy_vec,naive_row,naive_col,unroll4_row,unroll4_col
cheap+=,diagonal_row,diagonal_col,smem,smem_rect,smem_staged,tile_rows
sweep=(bench --no-gpu --kernel "$cheap" --block all --size 32 --pad 0..3)
small=(bench --no-gpu --kernel "$cheap" --block all --size 16)
valid() { python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$1" 2>/dev/null; }
leftovers() { find "$dir" -name '.tpx-*' | grep -q .; }

# ---- a reader beside a saver ----------------------------------------------------
"$tpx" "${sweep[@]}" --save "$dir/r.json" >/dev/null || bad "the first save failed"
(for i in 1 2 3; do "$tpx" "${sweep[@]}" --save "$dir/r.json" >/dev/null; done) &
saver=$!
reads=0 torn=0
while kill -0 "$saver" 2>/dev/null; do
    cp "$dir/r.json" "$dir/copy.json" 2>/dev/null || continue
    reads=$((reads + 1))
    valid "$dir/copy.json" || torn=$((torn + 1))
done
wait "$saver"
[ "$torn" -eq 0 ] || bad "a reader beside --save saw a half-written file in $torn of $reads reads"
echo "reader beside a saver: $reads reads, $torn half-written"

# ---- two writers at once ---------------------------------------------------------
for i in 1 2 3; do
    "$tpx" "${small[@]}" --json --out "$dir/two.json" &
    "$tpx" bench --no-gpu --kernel naive_row --block 32x8 --size 64 --json --out "$dir/two.json" &
    wait
    valid "$dir/two.json" || bad "two --out writers left a corrupt file (round $i)"
done
leftovers && bad "temporary files left behind: $(find "$dir" -name '.tpx-*')"

# ---- an output that is an input or the other output -------------------------------
rm -f "$dir/same.json"
"$tpx" bench --no-gpu --kernel naive_row --size 64 --out "$dir/same.json" --save "$dir/same.json" \
    >/dev/null 2>"$dir/err"
rc=$?
{ [ "$rc" -eq 2 ] && grep -q "the same file" "$dir/err" && [ ! -e "$dir/same.json" ]; } ||
    bad "--out F --save F: rc=$rc, $(cat "$dir/err"), file $(ls "$dir/same.json" 2>&1)"
"$tpx" bench --no-gpu --kernel naive_row --size 64 --out "$dir/./same.json" \
    --save "$dir/../$(basename "$dir")/same.json" >/dev/null 2>"$dir/err"
rc=$?
[ "$rc" -eq 2 ] || bad "--out and --save naming one file two ways: rc=$rc"
"$tpx" bench --no-gpu --kernel tile_rows --block 32x8 --size 256 --save "$dir/in.json" >/dev/null
sum=$(md5sum <"$dir/in.json")
"$tpx" export --replay "$dir/in.json" --view bandwidth --format txt -o "$dir/in.json" >/dev/null 2>"$dir/err"
rc=$?
{ [ "$rc" -eq 2 ] && grep -q "replay" "$dir/err" && [ "$(md5sum <"$dir/in.json")" = "$sum" ]; } ||
    bad "export -o onto its own --replay file: rc=$rc, $(cat "$dir/err")"
ln -s in.json "$dir/link.json"
"$tpx" export --replay "$dir/link.json" --format txt -o "$dir/in.json" >/dev/null 2>"$dir/err"
rc=$?
[ "$rc" -eq 2 ] && [ "$(md5sum <"$dir/in.json")" = "$sum" ] ||
    bad "export -o onto its --replay file through a symlink: rc=$rc"

# ---- a file size limit (SIGXFSZ, EFBIG) ------------------------------------------
echo keep >"$dir/limit.json"
(ulimit -f 16; exec "$tpx" "${small[@]}" --save "$dir/limit.json") >/dev/null 2>"$dir/err"
rc=$?
{ [ "$rc" -eq 1 ] && grep -q "cannot write .*limit.json: File too large" "$dir/err" &&
    [ "$(cat "$dir/limit.json")" = keep ]; } ||
    bad "--save past ulimit -f: rc=$rc, $(cat "$dir/err"), file now $(head -c 20 "$dir/limit.json")"
(ulimit -f 16; exec "$tpx" "${small[@]}" --out "$dir/new.txt") >/dev/null 2>"$dir/err"
rc=$?
{ [ "$rc" -eq 1 ] && [ ! -e "$dir/new.txt" ]; } || bad "--out past ulimit -f: rc=$rc, left $(ls "$dir")"
leftovers && bad "temporary files left behind after a failed write"

# ---- modes, links and devices ----------------------------------------------------
rm -f "$dir/m.json"
(umask 027; "$tpx" bench --no-gpu --kernel naive_row --size 64 --save "$dir/m.json" >/dev/null)
[ "$(stat -c %a "$dir/m.json")" = 640 ] || bad "a new file's mode is $(stat -c %a "$dir/m.json"), umask 027 wants 640"
chmod 600 "$dir/m.json"
"$tpx" bench --no-gpu --kernel naive_row --size 64 --save "$dir/m.json" >/dev/null
[ "$(stat -c %a "$dir/m.json")" = 600 ] || bad "a replaced file's mode became $(stat -c %a "$dir/m.json")"
ln -s m.json "$dir/via.json"
"$tpx" bench --no-gpu --kernel naive_row --size 128 --save "$dir/via.json" >/dev/null
{ [ -L "$dir/via.json" ] && grep -q '"width": 128' "$dir/m.json"; } ||
    bad "--save through a symlink: the link was replaced or its file not written"
"$tpx" bench --no-gpu --kernel naive_row --size 64 --out /dev/null --save /dev/null ||
    bad "--out /dev/null --save /dev/null refused"

echo "atomic writes: $fails failure(s)"
[ "$fails" -eq 0 ]
