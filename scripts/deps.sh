#!/usr/bin/env bash
# Installs, with apt-get, whatever tpx needs to build and test that this
# machine lacks: a C compiler and make, CMake, ncursesw headers, cmocka,
# tmux and python3 (the end-to-end and CLI tests), man and col (the man
# page test), xmllint and rsvg-convert (the SVG export test), zsh (the
# completions test).  Installs nothing when
# everything is there.  The CUDA toolkit is optional and never installed here.
# With --ci, also what .ci/run needs: clang with its sanitizer and libFuzzer
# runtimes (libclang-rt-*-dev is only a recommendation of clang on Debian,
# and apt-get here installs no recommendations) and valgrind.
set -eu
ci=0
[ "${1:-}" = "--ci" ] && ci=1

need=()
command -v cc >/dev/null 2>&1 && command -v make >/dev/null 2>&1 || need+=(build-essential)
command -v cmake >/dev/null 2>&1 || need+=(cmake)
[ -e /usr/include/ncursesw/curses.h ] || [ -e /usr/include/ncursesw/ncurses.h ] || need+=(libncurses-dev)
[ -e /usr/include/cmocka.h ] || need+=(libcmocka-dev)
command -v tmux >/dev/null 2>&1 || need+=(tmux)
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
command -v man >/dev/null 2>&1 || need+=(man-db)        # the man page test renders tpx.1
command -v col >/dev/null 2>&1 || need+=(bsdextrautils)
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)  # the SVG export test
command -v rsvg-convert >/dev/null 2>&1 || need+=(librsvg2-bin)
command -v zsh >/dev/null 2>&1 || need+=(zsh)            # the completions test runs the zsh script
if [ "$ci" -eq 1 ]; then
    command -v clang >/dev/null 2>&1 || need+=(clang)
    command -v valgrind >/dev/null 2>&1 || need+=(valgrind)
    # The fuzzer runtime of the default clang (14 on Debian 12).
    ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
        need+=(libclang-rt-dev)
fi

[ ${#need[@]} -eq 0 ] && exit 0

echo "tpx: installing ${need[*]} with apt-get" >&2
if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
else
    echo "tpx: need root (or sudo) to install: ${need[*]}" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
