#!/usr/bin/env bash
# Runs every libFuzzer target of a TPX_FUZZ build for SECONDS each (default
# 60), from its seed corpus (tests/fuzz/corpus/NAME, copied: the corpus in
# git only grows by hand) with its dictionary, and prints each one's
# executions.  TPX_FUZZ_JOBS targets run at a time (default: the cores; a
# target uses one), each still for its whole SECONDS.  Fails on any crash,
# leak or timeout; the input that caused it is left in $TPX_FUZZ_ARTIFACTS
# (default ./fuzz-artifacts): add it to corpus/NAME/ once fixed, and the
# NAME_corpus test replays it forever.
# usage: tests/fuzz/run.sh BUILD_DIR [SECONDS]
set -u
build=$1
secs=${2:-60}
jobs=${TPX_FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
here=$(cd "$(dirname "$0")" && pwd)
art=${TPX_FUZZ_ARTIFACTS:-$PWD/fuzz-artifacts}
mkdir -p "$art"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One target: its log and its exit status in $work.
fuzz_one() {
    local bin=$1 name
    name=$(basename "$bin")
    mkdir -p "$work/$name"
    [ -d "$here/corpus/$name" ] && cp "$here/corpus/$name"/* "$work/$name/" 2>/dev/null
    local dict=()
    [ -f "$here/$name.dict" ] && dict=(-dict="$here/$name.dict")
    "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        "${dict[@]}" -artifact_prefix="$art/$name-" "$work/$name" >"$work/$name.log" 2>&1
    echo $? >"$work/$name.rc"
}

names=()
for bin in "$build"/tests/fuzz/fuzz_*; do
    [ -x "$bin" ] && [ -f "$bin" ] || continue
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
        wait -n
    done
    names+=("$(basename "$bin")")
    fuzz_one "$bin" &
done
wait
[ ${#names[@]} -gt 0 ] || { echo "FAIL: no fuzz targets in $build/tests/fuzz (configure with -DTPX_FUZZ=ON)"; exit 1; }

fails=0
for name in "${names[@]}"; do
    log=$work/$name.log
    rc=$(cat "$work/$name.rc" 2>/dev/null || echo "none")
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    if [ "$rc" != 0 ]; then
        echo "FAIL: $name (exit $rc) after ${runs:-?} executions:"
        grep -E "ERROR|SUMMARY|runtime error|Test unit written" "$log" | head -20
        fails=$((fails + 1))
        continue
    fi
    echo "$name: ${runs:-?} executions in ${secs}s, 0 crashes, corpus $(ls "$work/$name" | wc -l) inputs"
done
[ "$fails" -eq 0 ] || exit 1
echo "${#names[@]} fuzz targets, $jobs at a time, no crash"
