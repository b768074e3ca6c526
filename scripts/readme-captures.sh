#!/usr/bin/env bash
# Prints the screen captures the README shows, drawn by the explorer's own
# renderer (tests/tpx_render, headless, without a GPU), so that the README
# can be refreshed after a change to a view.  --write puts them in place:
# each replaces the README block whose config line (the capture's second
# line) it shares; review with git diff README.md.  --check writes nothing
# and fails when a block differs from its capture (the test readme_captures:
# a change to the model or a view that leaves the README's screens stale);
# both fail when a capture finds no block (a block too stale to match, or
# one the README dropped: the capture goes too).  TPX_README: the file to
# check or write (default README.md; the test readme_captures_stale).
set -eu
cd "$(dirname "$0")/.."
dir=${TPX_BUILD_DIR:-build}
[ -n "${TPX_NO_BUILD:-}" ] || scripts/build.sh
render_bin=${TPX_RENDER:-$dir/tests/tpx_render}
render() { echo "\$ tpx_render $*"; "$render_bin" "$@"; echo; }
captures() {
    render --view 1 --kernel smem_rect --block 32x8 --size 256 --cols 136 --rows 24
    render --view 2 --kernel smem --block 32x32 --size 1024 --cols 80 --rows 53
    render --view 3 --kernel naive_row --block 32x8 --size 4096 --cols 136 --rows 34
    render --view 4 --kernel diagonal_row --block 32x8 --size 2048x512 --cols 140 --rows 30 --keys n
    render --view 5 --kernel naive_row --block 32x8 --size 4096 --cols 120 --rows 40
    render --view 6 --kernel smem --block 32x32 --size 4096 --keys Ap --cols 110 --rows 30
}
mode=${1:-}
if [ "$mode" != --write ] && [ "$mode" != --check ]; then
    captures
    exit 0
fi
captures >"${TMPDIR:-/tmp}/tpx-captures.$$"
rc=0
readme=${TPX_README:-README.md}
[ -f "$readme" ] || { echo "readme-captures: no file $readme (TPX_README)" >&2; exit 2; }
python3 - "$readme" "${TMPDIR:-/tmp}/tpx-captures.$$" "$mode" <<'PY' || rc=$?
import os, re, sys
readme, caps = sys.argv[1], open(sys.argv[2], encoding="utf-8").read()
text = open(readme, encoding="utf-8").read()
shots = [s.split("\n", 1)[1].rstrip("\n") for s in caps.split("$ tpx_render ")[1:]]
def same(a, b):
    # one line drawn twice: equal, or one cut shorter than the other (a cut
    # line ends in "…" since the renderer marks it; older captures did not)
    a, b = a.rstrip("…").rstrip(), b.rstrip("…").rstrip()
    return a == b or (min(len(a), len(b)) >= 20 and (a.startswith(b) or b.startswith(a)))
def score(lines, sl):
    # the same view of the same config: device, config and tab lines agree,
    # and the one sharing most lines with the block wins (rows may shift,
    # figures change: the tab line says which view it is)
    if len(lines) < 4 or len(sl) < 4 or not all(same(a, b) for a, b in zip(lines[:3], sl[:3])):
        return 0
    return 3 + len(set(lines) & set(sl))
used = set()
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
            used.add(best)
        out += [fence] + block + ["```"]
        continue
    (block if inside else out).append(line)
new = "\n".join(out)
lost = [shot.split("\n", 2)[1] for shot in shots if shot not in used]
if lost:  # a capture no README block took: its block is stale or gone
    print(readme + ": no screen block matches the capture of\n  " + lost[0], file=sys.stderr)
    sys.exit(1)
if sys.argv[3] == "--check":
    if new != text:
        stale = [a for a, b in zip(text.split("\n"), new.split("\n")) if a != b]
        print(readme + ": screen captures differ from what the explorer draws now, e.g.\n  "
              + (stale[0] if stale else "(lines added or removed)")
              + "\nrun scripts/readme-captures.sh --write and review git diff README.md",
              file=sys.stderr)
        sys.exit(1)
    sys.exit(0)
tmp = readme + ".tmp"
open(tmp, "w", encoding="utf-8").write(new)
os.replace(tmp, readme)
PY
rm -f "${TMPDIR:-/tmp}/tpx-captures.$$"
if [ "$mode" = --check ] || [ "$rc" -ne 0 ]; then exit "$rc"; fi
git --no-pager diff --stat -- "$readme"
