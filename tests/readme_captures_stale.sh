#!/usr/bin/env bash
# scripts/readme-captures.sh --check fails, naming the capture, when a README
# screen block is too stale to match any capture (its config line changed):
# before, such a block was skipped in silence and stayed stale.
# usage: readme_captures_stale.sh  (TPX_RENDER: the tpx_render binary)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d /tmp/tpx_readme.XXXXXX)
trap 'rm -rf "$dir"' EXIT
check() { TPX_NO_BUILD=1 TPX_README=$1 "$root/scripts/readme-captures.sh" --check 2>"$dir/err"; }
cp "$root/README.md" "$dir/ok.md"
check "$dir/ok.md" || { echo "FAIL: the README as it is does not pass"; cat "$dir/err"; exit 1; }
# the banks view's capture: smem 32x32 at 1024^2; its block now claims 32x16
sed 's/ K smem   b 32x32 (1024 thr)   s 1024x1024 / K smem   b 32x16 (512 thr)   s 1024x1024 /' \
    "$root/README.md" >"$dir/stale.md"
cmp -s "$root/README.md" "$dir/stale.md" && { echo "FAIL: the banks block was not found to alter"; exit 1; }
check "$dir/stale.md" && { echo "FAIL: a stale block passed the check"; exit 1; }
grep -q "stale.md: no screen block matches the capture of" "$dir/err" || { echo "FAIL: message"; cat "$dir/err"; exit 1; }
grep -q "K smem   b 32x32 (1024 thr)   s 1024x1024" "$dir/err" || { echo "FAIL: capture not named"; cat "$dir/err"; exit 1; }
echo "readme captures: a stale block fails the check"
