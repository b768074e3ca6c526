#!/usr/bin/env bash
# The shell completions (tpx completions bash|zsh), generated from the option
# tables: run in bash (and in zsh, with compadd and _files stubbed to print
# what they are given), the words offered after --kernel are the catalog's
# (tpx list --json), after `tpx report --` every option tpx report --help
# lists, and so on for dtypes, profiles, subcommands, B's options after --vs
# and file names.
set -eu
tpx=$1
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$tpx" completions bash >"$tmp/tpx.bash"
"$tpx" completions zsh >"$tmp/_tpx"
bash -n "$tmp/tpx.bash" || fail "bash: syntax"
# what cmake --install installs is what the binary prints
built=$(dirname "$tpx")/completions
cmp -s "$built/tpx" "$tmp/tpx.bash" && cmp -s "$built/_tpx" "$tmp/_tpx" ||
    fail "$built/tpx and _tpx (built for cmake --install) differ from tpx completions"

# the words bash offers for a line whose last word is being typed
offer() {
    bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _tpx
             printf "%s\n" "${COMPREPLY[@]}" | sort' _ "$tmp/tpx.bash" "$@"
}
sorted() { tr ' ' '\n' | sed '/^$/d' | sort; }
kernels=$("$tpx" list --json | python3 -c 'import json,sys; print(" ".join(k["id"] for k in json.load(sys.stdin)["kernels"]))')
[ "$(offer tpx report --kernel '')" = "$(echo "$kernels" | sorted)" ] || fail "report --kernel: $(offer tpx report --kernel '')"
[ "$(offer tpx --kernel '')" = "$(echo "$kernels" | sorted)" ] || fail "explorer --kernel"
[ "$(offer tpx bench --kernel '')" = "$(echo "$kernels all" | sorted)" ] || fail "bench --kernel"
[ "$(offer tpx compare --kernel smem --vs --kernel ti)" = "$(echo "$kernels" | sorted | grep '^ti')" ] || fail "B's --kernel"
[ "$(offer tpx report --dtype '')" = "$(echo f16 f32 f64 | sorted)" ] || fail "--dtype"
profiles=$("$tpx" report --profile nosuch 2>&1 | grep -o 'a100.*' | tr -d ',)' | sed 's/ or / /')
[ "$(offer tpx report --profile '')" = "$(echo "$profiles" | sorted)" ] || fail "--profile: $profiles / $(offer tpx report --profile '')"
# the colour schemes after --theme: the names its refusal lists
themes=$("$tpx" export --theme nosuch -o x.svg 2>&1 | grep -o 'use .*' | sed 's/^use //; s/,//g; s/ or / /')
[ "$(offer tpx export --theme '')" = "$(echo "$themes" | sorted)" ] || fail "--theme: $themes / $(offer tpx export --theme '')"
[ -z "$(offer tpx report --block '')" ] || fail "--block offers words"
[ "$(offer tpx re)" = "report" ] || fail "subcommand: $(offer tpx re)"
# every option a subcommand's --help lists, and nothing else
for sub in list report bench compare export; do
    want=$( ("$tpx" "$sub" --help | grep -o '^ *--[a-z-]*' | tr -d ' '; echo --help) | sort -u)
    [ "$sub" = compare ] && want=$("$tpx" compare --help | sed -n '/^options of A:/,/^options after --vs/p' |
        grep -o '^ *--[a-z-]*' | tr -d ' ' | (cat; echo --help; echo --vs) | sort -u)
    got=$(offer tpx "$sub" -- | sort -u)
    [ "$got" = "$want" ] || fail "tpx $sub --: $(diff <(echo "$want") <(echo "$got") | tr '\n' ' ')"
done
# tour: the explorer's options, --check's, and files
got=$(offer tpx tour --)
echo "$got" | grep -qx -- --check && echo "$got" | grep -qx -- --kernel || fail "tour: $got"
got=$(offer tpx compare --kernel smem --vs --)
echo "$got" | grep -qx -- --no-swizzle && echo "$got" | grep -qx -- --pad || fail "after --vs: $got"
# file names where a file is expected
mkdir "$tmp/d" && touch "$tmp/d/run1.json"
[ "$(cd "$tmp/d" && offer tpx report --replay r)" = "run1.json" ] || fail "--replay: files"
[ "$(cd "$tmp/d" && offer tpx tour r)" = "run1.json" ] || fail "tour: files"

if command -v zsh >/dev/null 2>&1; then
    zsh -n "$tmp/_tpx" || fail "zsh: syntax"
    zoffer() {
        zsh -fc 'compadd() { [[ $1 == -- ]] && shift; print -l -- "$@"; }
                 _files() { print FILES; }
                 f=$1; shift; words=("$@"); CURRENT=$#; source "$f"' _ "$tmp/_tpx" "$@" | sort
    }
    [ "$(zoffer tpx report --kernel '')" = "$(echo "$kernels" | sorted)" ] || fail "zsh: --kernel: $(zoffer tpx report --kernel '')"
    [ "$(zoffer tpx bench --kernel '')" = "$(echo "$kernels all" | sorted)" ] || fail "zsh: bench --kernel"
    [ "$(zoffer tpx report --replay '')" = "FILES" ] || fail "zsh: --replay"
    zoffer tpx '' | grep -qx compare || fail "zsh: subcommands"
    [ "$(zoffer tpx list '')" = "$(offer tpx list '')" ] || fail "zsh: list: $(zoffer tpx list '')"
else
    echo "cli_completions: no zsh here: the zsh script is not run"
fi
"$tpx" completions fish 2>"$tmp/err" && fail "fish accepted"
grep -q "bash or zsh" "$tmp/err" || fail "fish: $(cat "$tmp/err")"
echo "cli_completions: ok"
