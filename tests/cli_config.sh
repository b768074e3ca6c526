#!/usr/bin/env bash
# The config file ($XDG_CONFIG_HOME/tpx/config, else ~/.config/tpx/config):
# its profile, size and dtype are the defaults of every subcommand that takes
# those options, the command line wins, --no-config ignores it, and it never
# filters a replay or turns a two-file comparison into a one-config one.  A
# hostile or corrupt file (escape sequences, bytes that are not UTF-8, a huge
# line, binary, a huge file, a directory) gets notes naming the file and the
# line, escaped, and tpx goes on with its defaults.
set -eu
tpx=$1
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() { set +e; out=$("$@" 2>"$tmp/err"); rc=$?; set -e; err=$(cat "$tmp/err"); }
export XDG_CONFIG_HOME=$tmp/xdg
mkdir -p "$XDG_CONFIG_HOME/tpx"
cfgf=$XDG_CONFIG_HOME/tpx/config
printf '# my defaults\nsize = 1024\ndtype = f16\nprofile = h200\n' >"$cfgf"
k=(--no-gpu --kernel smem --block 32x32)

run "$tpx" report "${k[@]}"
[ "$rc" -eq 0 ] && [ -z "$err" ] || fail "report: $rc $err"
echo "$out" | head -1 | grep -q '^smem 32x32 1024x1024 f16 pad 0$' || fail "the file's size and dtype: $out"
echo "$out" | grep -q 'predicted .* GB/s on H200' || fail "the file's profile: $out"
run "$tpx" report "${k[@]}" --size 512 --profile a100
echo "$out" | head -1 | grep -q '^smem 32x32 512x512 f16 pad 0$' || fail "the command line wins: $out"
echo "$out" | grep -q 'GB/s on A100' || fail "--profile wins: $out"
for where in after before; do
    if [ $where = after ]; then run "$tpx" report "${k[@]}" --no-config; else run "$tpx" --no-config report "${k[@]}"; fi
    echo "$out" | head -1 | grep -q '^smem 32x32 4096x4096 f32 pad 0$' || fail "--no-config $where: $out"
done
run "$tpx" bench "${k[@]}"
echo "$out" | grep -q '^smem  *32x32  *1024x1024  *f16 ' || fail "bench's default size and dtype: $out"
run "$tpx" bench --replay h200-8192-f32
[ "$(echo "$out" | grep -c 'verified, ')" -eq 50 ] || fail "the config's size filtered a replay: $out"
run "$tpx" compare --replay h200-8192-f32 --vs --replay h200
[ "$rc" -eq 0 ] && echo "$out" | grep -q '^50 configs timed in both' || fail "two-file compare: $rc $out $err"
run "$tpx" compare "${k[@]}" --vs --pad 1 --json
echo "$out" | grep -q '"size": "1024x1024"' || fail "compare: A and B at the file's size: $out"

# ~/.config/tpx/config when XDG_CONFIG_HOME is unset or relative
mkdir -p "$tmp/home/.config/tpx"
printf 'size = 2048\n' >"$tmp/home/.config/tpx/config"
for x in "" relative/dir; do
    run env XDG_CONFIG_HOME="$x" HOME="$tmp/home" "$tpx" report "${k[@]}"
    echo "$out" | head -1 | grep -q '^smem 32x32 2048x2048 f32 pad 0$' || fail "HOME fallback ('$x'): $out"
done

# No raw control character or invalid UTF-8 in what tpx prints
dirty() { LC_ALL=C grep -qaP '[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]|\xe2\x80[\x8e\x8f\xa8-\xae]|\xe2\x81[\xa6-\xa9]' "$1" && return 0
    ! iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1; }
H=$'\e]0;pwned\a\e[2J\rX\xe2\x80\xae\xc2\x9b\xff'
{
    printf 'size = 1024\n'
    printf '%s = 1\n' "$H"
    printf 'dtype = %s\n' "$H"
    head -c 5000 /dev/zero | tr '\0' x; echo
    printf 'profile = h200\n'
} >"$cfgf"
run "$tpx" report "${k[@]}"
[ "$rc" -eq 0 ] || fail "hostile file: exit $rc"
printf '%s\n%s\n' "$out" "$err" >"$tmp/both"
dirty "$tmp/both" && fail "hostile file: raw bytes reached the terminal: $(od -c "$tmp/both" | head -5)"
echo "$err" | grep -q "^tpx: config $cfgf:2: '\\\\x1b\]0;pwned\\\\x07.*' holds control characters or is not UTF-8; ignored$" ||
    fail "line 2: $err"
echo "$err" | grep -q "^tpx: config $cfgf:3: " || fail "line 3: $err"
echo "$err" | grep -q "^tpx: config $cfgf:4: longer than 1024 bytes; ignored$" || fail "line 4: $err"
echo "$out" | head -1 | grep -q '^smem 32x32 1024x1024 f32 pad 0$' || fail "the good lines still apply: $out"
echo "$out" | grep -q 'GB/s on H200' || fail "profile after the bad lines: $out"

# Binary, huge, a directory: one note, the defaults
{ printf 'size = 1024\n'; head -c 3000 /dev/urandom; printf '\0'; } >"$cfgf"
run "$tpx" report "${k[@]}"
[ "$rc" -eq 0 ] && echo "$out" | head -1 | grep -q '4096x4096 f32' || fail "binary: $rc $out"
[ "$err" = "tpx: config $cfgf: holds a NUL byte: not a text file; ignored, tpx uses its defaults" ] ||
    fail "binary note: $err"
yes 'size = 1024' | head -c 200000 >"$cfgf"
run "$tpx" list
[ "$rc" -eq 0 ] && [ "$err" = "tpx: config $cfgf: 200000 bytes, more than a config file's 65536; ignored, tpx uses its defaults" ] ||
    fail "huge: $rc $err"
rm "$cfgf" && mkdir "$cfgf"
run "$tpx" report "${k[@]}"
[ "$rc" -eq 0 ] && echo "$err" | grep -q "$cfgf is a directory" || fail "directory: $rc $err"
rmdir "$cfgf"
run "$tpx" report "${k[@]}"
[ "$rc" -eq 0 ] && [ -z "$err" ] || fail "no file: no note: $err"
echo "PASS"
