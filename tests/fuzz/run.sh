#!/usr/bin/env bash
# Runs every libFuzzer target of a TPX_FUZZ build for SECONDS each (default
# 60), from its seed corpus (tests/fuzz/corpus/NAME, copied: the corpus in
# git only grows by hand) with its dictionary, and prints each one's
# executions.  Fails on the first crash, leak or timeout; the input that
# caused it is left in $TPX_FUZZ_ARTIFACTS (default ./fuzz-artifacts): add it
# to corpus/NAME/ once fixed, and the NAME_corpus test replays it forever.
# usage: tests/fuzz/run.sh BUILD_DIR [SECONDS]
set -u
build=$1
secs=${2:-60}
here=$(cd "$(dirname "$0")" && pwd)
art=${TPX_FUZZ_ARTIFACTS:-$PWD/fuzz-artifacts}
mkdir -p "$art"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
found=0
for bin in "$build"/tests/fuzz/fuzz_*; do
    [ -x "$bin" ] && [ -f "$bin" ] || continue
    name=$(basename "$bin")
    found=$((found + 1))
    mkdir -p "$work/$name"
    [ -d "$here/corpus/$name" ] && cp "$here/corpus/$name"/* "$work/$name/" 2>/dev/null
    dict=()
    [ -f "$here/$name.dict" ] && dict=(-dict="$here/$name.dict")
    log=$work/$name.log
    "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        "${dict[@]}" -artifact_prefix="$art/$name-" "$work/$name" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    if [ "$rc" -ne 0 ]; then
        echo "FAIL: $name (exit $rc) after ${runs:-?} executions:"
        grep -E "ERROR|SUMMARY|runtime error|Test unit written" "$log" | head -20
        exit 1
    fi
    echo "$name: ${runs:-?} executions in ${secs}s, 0 crashes, corpus $(ls "$work/$name" | wc -l) inputs"
done
[ "$found" -gt 0 ] || { echo "FAIL: no fuzz targets in $build/tests/fuzz (configure with -DTPX_FUZZ=ON)"; exit 1; }
echo "$found fuzz targets, no crash"
