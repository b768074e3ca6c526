#!/usr/bin/env bash
# The man page: renders without warnings, names every subcommand and every
# option the binary's own --help lists, and installs with the binary.
#   man_page.sh TPX MANPAGE BUILD_DIR
set -u
tpx=$1 page=$2 build=$3
fail=0
bad() { echo "FAIL: $*"; fail=1; }

warn=$(MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l "$page" 2>&1 >/dev/null)
[ -z "$warn" ] || bad "man -l warns: $warn"
text=$(MANWIDTH=200 LC_ALL=C.UTF-8 man -l "$page" 2>/dev/null | col -b)
[ -n "$text" ] || bad "man -l rendered nothing"
for section in NAME SYNOPSIS DESCRIPTION SUBCOMMANDS KEYS FILES "EXIT STATUS" EXAMPLES; do
    grep -q "^$section" <<<"$text" || bad "no $section section"
done

# Every subcommand of `tpx --help`, and every option of every --help.
subs=$("$tpx" --help | awk '/^subcommands:/{on=1; next} on && /^  [a-z]/{print $1} /^$/{on=0}')
[ -n "$subs" ] || bad "tpx --help lists no subcommands"
for s in $subs; do
    grep -q "^ *$s\b" <<<"$text" || bad "subcommand '$s' is not in the man page"
done
for cmd in "" $subs; do
    for opt in $("$tpx" $cmd --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
        grep -q -- "$opt" <<<"$text" || bad "option '$opt' (tpx $cmd --help) is not in the man page"
    done
done
# The KEYS section comes from the key table: a key the help shows is there.
grep -q "start or end the guided tour" <<<"$text" || bad "KEYS section lacks the tour key"

# --version anywhere on the line.
v=$("$tpx" report --kernel nonsense --version) || bad "tpx report ... --version failed"
grep -q '^tpx [0-9]' <<<"$v" || bad "--version printed '$v'"

# cmake --install puts bin/tpx and share/man/man1/tpx.1 under the prefix.
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" >/dev/null || bad "cmake --install failed"
[ -x "$prefix/bin/tpx" ] || bad "no bin/tpx after install"
[ -f "$prefix/share/man/man1/tpx.1" ] || bad "no share/man/man1/tpx.1 after install"
[ "$fail" = 0 ] && echo "man page: ok"
exit $fail
