#!/usr/bin/env bash
# Prints the screen captures the README shows, drawn by the explorer's own
# renderer (tests/tpx_render, headless, without a GPU), so that the README
# can be refreshed after a change to a view.  --write puts them in place:
# each replaces the README block whose config line (the capture's second
# line) it shares; review with git diff README.md.
set -eu
cd "$(dirname "$0")/.."
dir=${TPX_BUILD_DIR:-build}
[ -n "${TPX_NO_BUILD:-}" ] || scripts/build.sh
render() { echo "\$ tpx_render $*"; "$dir/tests/tpx_render" "$@"; echo; }
captures() {
    render --view 1 --kernel smem_rect --block 32x8 --size 256 --cols 136 --rows 24
    render --view 2 --kernel smem --block 32x32 --size 1024 --cols 80 --rows 53
    render --view 3 --kernel naive_row --block 32x8 --size 4096 --cols 136 --rows 34
    render --view 4 --kernel diagonal_row --block 32x8 --size 2048x512 --cols 140 --rows 30 --keys n
    render --view 5 --kernel naive_row --block 32x8 --size 4096 --cols 120 --rows 40
    render --view 6 --kernel smem --block 32x32 --size 4096 --keys Ap --cols 110 --rows 30
    render --view 5 --kernel tile_rows --block 32x8 --pad 1 --size 8192 --cols 120 --rows 44 \
        --load bench/results/h200-8192-f32.json
}
if [ "${1:-}" != --write ]; then
    captures
    exit 0
fi
captures >"${TMPDIR:-/tmp}/tpx-captures.$$"
python3 - README.md "${TMPDIR:-/tmp}/tpx-captures.$$" <<'PY'
import os, re, sys
readme, caps = sys.argv[1], open(sys.argv[2], encoding="utf-8").read()
text = open(readme, encoding="utf-8").read()
shots = [s.split("\n", 1)[1].rstrip("\n") for s in caps.split("$ tpx_render ")[1:]]
def score(lines, sl):
    # the same view of the same config: device, config and tab lines agree,
    # and the one sharing most lines with the block wins (rows may shift,
    # figures change: the tab line says which view it is)
    if len(lines) < 4 or len(sl) < 4 or lines[:3] != sl[:3]:
        return 0
    n = len(set(lines) & set(sl))
    return n if lines[2] == sl[2] and n > 3 else 0
out, block, inside = [], [], False
for line in text.split("\n"):
    if line.startswith("```") and not inside:  # a fence may name a language
        inside, block, fence = True, [], line
        continue
    if line == "```" and inside:
        inside = False
        best = max(shots, key=lambda shot: score(block, shot.split("\n")))
        if score(block, best.split("\n")):
            block = best.split("\n")
        out += [fence] + block + ["```"]
        continue
    (block if inside else out).append(line)
new = "\n".join(out)
tmp = readme + ".tmp"
open(tmp, "w", encoding="utf-8").write(new)
os.replace(tmp, readme)
PY
rm -f "${TMPDIR:-/tmp}/tpx-captures.$$"
git --no-pager diff --stat -- README.md
