#!/usr/bin/env bash
# tpx export: every view as SVG is valid XML (xmllint) and renders to PNG
# (rsvg-convert); text is the plain screen; bad options exit 2.
set -eu
tpx=$1
fail() { echo "FAIL: $*"; exit 1; }
command -v xmllint >/dev/null || fail "xmllint missing: run scripts/deps.sh"
command -v rsvg-convert >/dev/null || fail "rsvg-convert missing: run scripts/deps.sh"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

for v in map banks coalescing order bandwidth; do
    "$tpx" export --view $v --kernel smem --block 32x32 --size 1024 -o "$dir/$v.svg" >/dev/null ||
        fail "export $v"
    xmllint --noout "$dir/$v.svg" || fail "$v.svg is not valid XML"
    rsvg-convert "$dir/$v.svg" -o "$dir/$v.png" || fail "$v.svg does not render"
    [ "$(head -c 8 "$dir/$v.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] ||
        fail "$v.png is not a PNG"
    grep -q "legend:" "$dir/$v.svg" || fail "$v.svg has no legend"
done
grep -q "bank" "$dir/banks.svg" || fail "banks.svg lacks the bank grid"
# the compare view: A before --vs, B after it
"$tpx" export --view compare --kernel smem --block 32x32 --size 1024 -o "$dir/ab.svg" --vs --pad 1 \
    >/dev/null || fail "export compare"
xmllint --noout "$dir/ab.svg" && rsvg-convert "$dir/ab.svg" -o "$dir/ab.png" || fail "ab.svg"
"$tpx" export --view compare --kernel smem --block 32x32 --size 1024 -o "$dir/ab.txt" --vs --pad 1 \
    >/dev/null
grep -Eq '^ \* shared load conflict +32.00-way +1.00-way +0.03$' "$dir/ab.txt" ||
    fail "ab.txt: $(cat "$dir/ab.txt")"

"$tpx" export --view banks --kernel smem --block 32x32 -o "$dir/banks.txt" >/dev/null
grep -q "32 wavefronts where 1 would do" "$dir/banks.txt" || fail "banks.txt: $(cat "$dir/banks.txt")"
[ "$(wc -l <"$dir/banks.txt")" -le 40 ] || fail "banks.txt taller than the screen"
"$tpx" export --view map --format txt --cols 80 --rows 24 --ascii -o "$dir/map.out" >/dev/null
[ "$(wc -l <"$dir/map.out")" -le 24 ] || fail "map.out rows"
! grep -qP '[^\x00-\x7f]' "$dir/map.out" || fail "--ascii wrote non-ASCII"
"$tpx" export --view order --format svg -o "$dir/order.out" >/dev/null
xmllint --noout "$dir/order.out" || fail "--format svg"

# slides: every view and tour steps well-formed, rendered, light, titled, no key hints
slide_ok() { # file
    xmllint --noout "$1" || fail "$1 is not valid XML"
    rsvg-convert "$1" -o "$1.png" || fail "$1 does not render"
    grep -q 'fill="#ffffff"/>' "$1" || fail "$1: not a light page"
    grep -q 'class="heading"' "$1" || fail "$1: no title"
    ! grep -q '>? help' "$1" || fail "$1: key hints on a slide"
    ! grep -q 'no GPU: model only' "$1" || fail "$1: the device line unasked"
}
for v in map banks coalescing order bandwidth; do
    "$tpx" export --view $v --kernel smem --block 32x32 --slide -o "$dir/s-$v.svg" >/dev/null ||
        fail "slide $v"
    slide_ok "$dir/s-$v.svg"
done
"$tpx" export --view compare --kernel smem --block 32x32 --slide -o "$dir/s-ab.svg" --vs --pad 1 \
    >/dev/null && slide_ok "$dir/s-ab.svg"
grep -q '>Compare: A smem 32x32 4096x4096 f32 pad 0 against B smem 32x32 4096x4096 f32 pad 1<' \
    "$dir/s-ab.svg" || fail "the compare slide's title"
nsteps=$("$tpx" tour --check --no-gpu | sed -n 's/.*: \([0-9]*\) steps,.*/\1/p')
for step in 1 8 "$nsteps"; do
    "$tpx" export --view tour --step "$step" --slide --replay h200 -o "$dir/t$step.svg" >/dev/null ||
        fail "tour step $step"
    slide_ok "$dir/t$step.svg"
    grep -q ">Tour step $step of $nsteps, " "$dir/t$step.svg" || fail "step $step's title"
done
"$tpx" export --view tour --step 3 --slide --title 'Warps & rows' -o "$dir/t3.txt" >/dev/null
head -1 "$dir/t3.txt" | grep -qx 'Warps & rows' || fail "--title: $(head -1 "$dir/t3.txt")"
grep -q "The naive transpose." "$dir/t3.txt" || fail "step 3's text: $(cat "$dir/t3.txt")"
# a tour file of your own
printf '@ view=1 kernel=naive_row block=32x8 size=1024\nMy first step.\n\n@ view=2 kernel=smem block=32x32 size=1024 pad=0\nMy lesson on banks & conflicts.\n' \
    >"$dir/lesson.txt"
"$tpx" export --view tour --tour "$dir/lesson.txt" --step 2 --slide -o "$dir/l2.svg" >/dev/null ||
    fail "--tour FILE --step 2"
slide_ok "$dir/l2.svg"
grep -q ">Tour step 2 of 2, Banks: smem 32x32 1024x1024 f32 pad 0<" "$dir/l2.svg" ||
    fail "--tour's step 2: $(grep -o 'heading[^<]*' "$dir/l2.svg")"
grep -q "My lesson on banks &amp; conflicts." "$dir/l2.svg" || fail "--tour's step 2 text"
"$tpx" export --view banks --slide --device-line -o "$dir/dev.txt" >/dev/null
grep -q "no GPU: model only" "$dir/dev.txt" || fail "--device-line"
# the colour schemes: --theme, else TPX_THEME; Okabe and Ito's blue for loads
"$tpx" export --view banks --kernel smem --block 32x32 --slide --theme okabe-ito -o "$dir/oi.svg" >/dev/null
grep -q 'fill="#0072b2"' "$dir/oi.svg" || fail "--theme okabe-ito: no Okabe-Ito blue"
TPX_THEME=okabe-ito "$tpx" export --view banks --kernel smem --block 32x32 --slide -o "$dir/oi2.svg" >/dev/null
cmp -s "$dir/oi.svg" "$dir/oi2.svg" || fail "TPX_THEME=okabe-ito differs from --theme okabe-ito"
TPX_THEME=okabe-ito "$tpx" export --view banks --kernel smem --block 32x32 --slide --theme default \
    -o "$dir/d.svg" >/dev/null
! grep -q 'fill="#0072b2"' "$dir/d.svg" || fail "--theme default did not win over TPX_THEME"
"$tpx" --theme mono export --view banks --kernel smem --block 32x32 --slide -o "$dir/m.svg" >/dev/null
slide_ok "$dir/m.svg"
[ "$(grep -o 'fill="#[0-9a-f]*"' "$dir/m.svg" | sort -u | wc -l)" -le 2 ] ||
    fail "--theme mono drew colours: $(grep -o 'fill="#[0-9a-f]*"' "$dir/m.svg" | sort -u)"
# the config file's theme line: after --theme and TPX_THEME; a bad one is a note, not an exit
mkdir -p "$dir/xdg/tpx"
echo "theme = okabe-ito" >"$dir/xdg/tpx/config"
XDG_CONFIG_HOME="$dir/xdg" "$tpx" export --view banks --kernel smem --block 32x32 --slide \
    -o "$dir/c1.svg" >/dev/null
cmp -s "$dir/oi.svg" "$dir/c1.svg" || fail "the config file's theme = okabe-ito"
XDG_CONFIG_HOME="$dir/xdg" TPX_THEME=default "$tpx" export --view banks --kernel smem \
    --block 32x32 --slide -o "$dir/c2.svg" >/dev/null
cmp -s "$dir/d.svg" "$dir/c2.svg" || fail "TPX_THEME did not beat the config file"
echo "theme = sepia" >"$dir/xdg/tpx/config"
err=$(XDG_CONFIG_HOME="$dir/xdg" "$tpx" export --view banks -o "$dir/c3.svg" 2>&1 >/dev/null) ||
    fail "a bad theme line stopped tpx export"
echo "$err" | grep -q "unknown theme 'sepia'" || fail "a bad theme line: '$err'"

refuse() { # expected-message-part, args...
    local want=$1
    shift
    set +e
    err=$("$tpx" export "$@" 2>&1 >/dev/null)
    rc=$?
    set -e
    [ $rc -eq 2 ] || fail "export $* exited $rc, want 2"
    echo "$err" | grep -q -- "$want" || fail "export $*: '$err' lacks '$want'"
}
refuse "say where to write" --view map
refuse "needs --vs" --view compare -o "$dir/x.svg"
refuse "--vs belongs to --view compare" --view map -o "$dir/x.svg" --vs --pad 1
refuse "B is invalid" --view compare --kernel smem --block 32x32 -o "$dir/x.svg" --vs --block 32x8
refuse "cannot tell the format" --view map -o "$dir/x.png"
refuse "unknown format" --view map --format pdf -o "$dir/x.svg"
refuse "unknown view" --view heat -o "$dir/x.svg"
refuse "needs --step N" --view tour -o "$dir/x.svg"
refuse "the tour has steps 1 to" --view tour --step 99 -o "$dir/x.svg"
refuse "--step belongs to --view tour" --view map --step 2 -o "$dir/x.svg"
refuse "--tour belongs to --view tour" --view map --tour "$dir/lesson.txt" -o "$dir/x.svg"
refuse "the tour has steps 1 to 2" --view tour --tour "$dir/lesson.txt" --step 3 -o "$dir/x.svg"
refuse "nowhere.txt" --view tour --tour "$dir/nowhere.txt" --step 1 -o "$dir/x.svg"
refuse "--title belongs to --slide" --view map --title T -o "$dir/x.svg"
refuse "--device-line belongs to --slide" --view map --device-line -o "$dir/x.svg"
refuse "out of range" --view map --cols 5 -o "$dir/x.svg"
refuse "smem needs a square block" --view map --kernel smem --block 32x8 -o "$dir/x.svg"
[ ! -e "$dir/x.svg" ] || fail "a refused export wrote a file"
set +e
"$tpx" export --view map -o /nonexistent/dir/x.svg 2>/dev/null
[ $? -eq 1 ] || fail "unwritable path"
set -e
# --no-gpu (what export shows anyway) and --profile, as the other commands take them
"$tpx" export --view banks --kernel smem --block 32x32 --no-gpu --profile h200 -o "$dir/p.txt" >/dev/null
head -1 "$dir/p.txt" | grep -q "predictions for the H200 profile" || fail "--profile: $(head -1 "$dir/p.txt")"
set +e
"$tpx" export --view banks --profile nope -o "$dir/q.txt" 2>/dev/null
[ $? -eq 2 ] || fail "unknown profile"
"$tpx" export --view banks --no-gpu --replay h200 -o "$dir/q.txt" 2>/dev/null
[ $? -eq 2 ] || fail "--no-gpu with --replay"
set -e
echo ok
