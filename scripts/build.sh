#!/usr/bin/env bash
# Configures (once) and builds tpx in build/ (or $TPX_BUILD_DIR).  With nvcc
# on the PATH or in /usr/local/cuda the CUDA kernels are built too; without
# it, the model-only tpx.  Warnings are errors (-DTPX_WERROR=ON).  Extra
# arguments go to the first CMake configure.  TPX_TARGETS (space-separated)
# builds only those targets (CI's ThreadSanitizer step).
# Quiet when all is well; prints the log when a step fails.
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh
if ! command -v nvcc >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
    export PATH="/usr/local/cuda/bin:$PATH"
fi
dir=${TPX_BUILD_DIR:-build}
mkdir -p "$dir"
log="$dir/build.log"
run() {
    if ! "$@" >"$log" 2>&1; then
        cat "$log" >&2
        echo "tpx: '$*' failed (log: $log)" >&2
        exit 1
    fi
}
if [ ! -f "$dir/CMakeCache.txt" ]; then
    echo "tpx: configuring $dir (first build takes a minute or two with CUDA)" >&2
    run cmake -S . -B "$dir" -DTPX_WERROR=ON "$@"
fi
targets=()
for t in ${TPX_TARGETS:-}; do
    targets+=(--target "$t")
done
run cmake --build "$dir" -j "$(nproc 2>/dev/null || echo 2)" "${targets[@]}"
