#!/usr/bin/env bash
# The words that describe the explorer match what it draws: the views the
# man page lists (DESCRIPTION), the explorer's --help and the README count
# are the tabs the explorer draws, in order; the KEYS section's groups are
# the key groups the explorer's --help names (both from keys.h's table).
#   help_tables.sh TPX MANPAGE README
set -u
tpx=$1 page=$2 readme=$3
fail=0
bad() { echo "FAIL: $*"; fail=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The tabs as drawn: "1 Map  2 Banks ..." on the third row of the screen.
"$tpx" export --view map --no-gpu --cols 200 --format txt -o "$tmp/screen.txt" >/dev/null ||
    bad "export failed"
tabs=$(sed -n 3p "$tmp/screen.txt" | sed 's/ *(.*//; s/^ *//; s/   */\n/g' | sed 's/^ *//; s/ *$//')
n=$(grep -c . <<<"$tabs")
[ "$n" -ge 5 ] || bad "read $n tabs from '$(sed -n 3p "$tmp/screen.txt")'"

text=$(MANWIDTH=200 LC_ALL=C.UTF-8 man -l "$page" 2>/dev/null | col -b)
man_views=$(sed -n '/^DESCRIPTION/,/^SUBCOMMANDS/p' <<<"$text" |
    sed -n 's/^ *\([0-9]\) \([A-Z][A-Za-z]*\)[[:space:]].*/\1 \2/p')
[ "$man_views" = "$tabs" ] || bad "the man page's views ($(echo $man_views)) are not the tabs ($(echo $tabs))"

help=$("$tpx" --no-gpu --help)
help_views=$(sed -n 's/^views (the key before each opens it): //p' <<<"$help" | sed 's/, /\n/g')
[ "$help_views" = "$tabs" ] || bad "tpx --help's views ($(echo $help_views)) are not the tabs"

# The README says how many tabs there are, in words.
words=(zero one two three four five six seven eight nine ten eleven twelve)
grep -q "the ${words[$n]} tabs" "$readme" || bad "README does not say 'the ${words[$n]} tabs'"
for w in "${words[@]}"; do
    [ "$w" = "${words[$n]}" ] && continue
    ! grep -qi "the $w tabs\|the $w views\|$w views" "$readme" "$page" ||
        bad "'$w views' or tabs in README or the man page: there are ${words[$n]}"
done

# Key groups: the explorer's --help against the man page's KEYS subsections.
groups=$(sed -n 's/^keys (? lists them) in groups: //p' <<<"$help" | sed 's/, /\n/g')
man_groups=$(sed -n '/^KEYS/,/^FILES/p' <<<"$text" | sed -n 's/^   \([A-Z][^ ].*\)$/\1/p')
[ -n "$groups" ] || bad "tpx --help names no key groups"
[ "$man_groups" = "$groups" ] ||
    bad "the man page's key groups ($(echo $man_groups)) are not the explorer's ($(echo $groups))"

[ "$fail" = 0 ] && echo "help tables: $n views, $(grep -c . <<<"$groups") key groups: ok"
exit $fail
