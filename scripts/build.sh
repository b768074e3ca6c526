#!/usr/bin/env bash
# Configures (when needed) and builds tpx in build/ (or $TPX_BUILD_DIR), with
# a progress line.  CUDA (cmake/cuda.cmake): built when nvcc is found and
# this machine has a GPU to run it, for that GPU's architecture only; with no
# driver, the model-only tpx, even where nvcc is installed.  For more:
#   TPX_CUDA_ARCHS=all      every shipped architecture (CI builds these)
#   TPX_CUDA_ARCHS=90,120   those
#   TPX_CUDA_ARCHS=auto     back to the default
# The value is kept in the build folder until another is given.  Warnings
# are errors (-DTPX_WERROR=ON).  Extra arguments go to the first CMake
# configure.  TPX_TARGETS (space-separated) builds only those targets
# (./tpx builds tpx alone; CI's ThreadSanitizer step its four).  The whole
# log is in DIR/build.log, printed when a step fails.
set -eu
cd "$(dirname "$0")/.."
scripts/deps.sh
if ! command -v nvcc >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
    export PATH="/usr/local/cuda/bin:$PATH"
fi
dir=${TPX_BUILD_DIR:-build}
mkdir -p "$dir"
log="$dir/build.log"
jobs=$(nproc 2>/dev/null || echo 2)
fail() {
    cat "$log" >&2
    echo "tpx: '$*' failed (log: $log)" >&2
    exit 1
}

conf=()
if [ ! -f "$dir/CMakeCache.txt" ]; then
    conf=(-DTPX_WERROR=ON "$@")
fi
if [ -n "${TPX_CUDA_ARCHS+set}" ]; then
    cached=$(sed -n 's/^TPX_CUDA_ARCHS:[A-Z]*=//p' "$dir/CMakeCache.txt" 2>/dev/null || true)
    [ "$cached" = "$TPX_CUDA_ARCHS" ] || conf+=("-DTPX_CUDA_ARCHS=$TPX_CUDA_ARCHS")
fi
: >"$log"
if [ ${#conf[@]} -gt 0 ]; then
    echo "tpx: configuring $dir" >&2
    cmake -S . -B "$dir" "${conf[@]}" >"$log" 2>&1 || fail cmake -S . -B "$dir" "${conf[@]}"
    # what was decided about CUDA, and why (cmake/cuda.cmake)
    sed -n 's/^-- \(tpx: .*\)/\1/p' "$log" >&2
fi

targets=()
for t in ${TPX_TARGETS:-}; do
    targets+=(--target "$t")
done

# The build's "[ 42%] Building CUDA object kernels/.../tile_vec.cu.o" lines as
# one line redrawn in place on a terminal; elsewhere (CI logs) a line at each
# tenth and one for each CUDA file, the slow ones.  Every line goes to the log.
progress() {
    local tty=0 shown=-10 said=0 line pct rest what cuda
    [ -t 2 ] && tty=1
    while IFS= read -r line; do
        printf '%s\n' "$line" >>"$log"
        [[ $line =~ ^\[\ *([0-9]+)%\]\ (.*)$ ]] || continue
        pct=${BASH_REMATCH[1]}
        rest=${BASH_REMATCH[2]}
        cuda=0
        case $rest in
        "Building CUDA object "*) cuda=1 ;&
        "Building "*" object "*)
            what=${rest##* object }
            what=${what%.o}
            what=${what/CMakeFiles\/*.dir\//} ;;
        "Linking "*) what="linking ${rest##* }" ;;
        *) continue ;;
        esac
        if [ $tty -eq 1 ]; then
            printf '\r\033[Ktpx: building [%3d%%] %s' "$pct" "${what:0:60}" >&2
            said=1
        elif [ $((pct / 10)) -gt $((shown / 10)) ] || [ $cuda -eq 1 ]; then
            printf 'tpx: building [%3d%%] %s\n' "$pct" "$what" >&2
            shown=$pct
        fi
    done
    [ $said -eq 0 ] || printf '\r\033[K' >&2
}

start=$SECONDS
set +e
cmake --build "$dir" -j "$jobs" "${targets[@]}" 2>&1 | progress
rc=${PIPESTATUS[0]}
set -e
[ "$rc" -eq 0 ] || fail cmake --build "$dir" -j "$jobs" "${targets[@]}"
if [ $((SECONDS - start)) -ge 5 ]; then
    echo "tpx: built $dir in $((SECONDS - start)) s" >&2
fi
