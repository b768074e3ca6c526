#!/usr/bin/env bash
# Adding a kernel is its move function and one table row: this builds tpx
# with tests/dummy_kernel.def (two kernels the catalog does not have, a
# direct one and a tiled one) through -DTPX_EXTRA_KERNELS, touching nothing
# else, and checks that they reach everything the table reaches: the catalog
# (tpx list, text and JSON), validation, the model (tpx report: the same
# counts as the kernel each one varies), tpx bench --kernel all, the CPU run
# and the table checks of test_kernels, the fast totals of
# test_model_totals, and with nvcc the generated kernels (kernels/direct.cu,
# kernels/tiled.cu) and the launch switch (kernels/launch.cu), compiled with
# the same rows for one architecture.
# usage: tests/dummy_kernel.sh SOURCE_DIR BUILD_DIR [C compiler] [nvcc]
set -eu
src=$1 sub=$2 cc=${3:-cc} nvcc=${4:-}
log=$sub.log
extra=$src/tests/dummy_kernel.def
fail() { echo "dummy_kernel: $*" >&2; exit 1; }
if ! cmake -S "$src" -B "$sub" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=Release \
    -DTPX_TUI=OFF -DTPX_WERROR=ON -DTPX_EXTRA_KERNELS="$extra" -DTPX_CUDA=OFF >"$log" 2>&1 ||
    ! cmake --build "$sub" -j 2 --target tpx test_kernels test_model_totals >>"$log" 2>&1; then
    cat "$log" >&2
    fail "the build with tests/dummy_kernel.def failed"
fi
tpx=$sub/tpx
"$sub/tests/test_kernels" >>"$log" 2>&1 || { cat "$log" >&2; fail "test_kernels failed"; }
"$sub/tests/test_model_totals" >>"$log" 2>&1 || { cat "$log" >&2; fail "test_model_totals failed"; }

# The catalog: tpx list, text and JSON, one more row each than the table has.
for k in unroll2_row smem_rect_diag; do
    "$tpx" list | grep -q "^$k " || fail "tpx list lacks $k"
done
n=$("$tpx" list --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["kernels"]))')
n0=$(grep -c '^TPX_KERNEL(\|^TPX_REFERENCE(' "$src/kernels/tpx_kernels.def")
[ "$n" -eq $((n0 + 2)) ] || fail "tpx list --json has $n kernels, the table $n0 + 2"
"$tpx" list --json | python3 -c '
import json, sys
k = {x["id"]: x for x in json.load(sys.stdin)["kernels"]}
assert k["unroll2_row"]["title"] == "Unrolled x2: read rows, write columns", k["unroll2_row"]
' || fail "tpx list --json: unroll2_row's title"

# Validation from the row: no shared tile, so no padding; a tiled kernel takes one.
set +e
msg=$("$tpx" report --kernel unroll2_row --pad 1 --no-gpu 2>&1)
rc=$?
set -e
[ $rc -eq 2 ] && grep -q "no shared tile" <<<"$msg" || fail "unroll2_row --pad 1: rc $rc, '$msg'"
"$tpx" report --kernel smem_rect_diag --block 32x8 --pad 1 --no-gpu >/dev/null ||
    fail "smem_rect_diag --pad 1 refused"

# The model: each instruction of unroll2_row is naive_row's, two per thread on
# half the blocks; smem_rect_diag's are smem_rect's in another block order.
same() { # kernel-a kernel-b options...
    local a=$1 b=$2
    shift 2
    python3 - "$tpx" "$a" "$b" "$@" <<'PY' || fail "$a and $b: the model's counts differ"
import json, subprocess, sys
tpx, a, b, opts = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
def model(k):
    out = subprocess.run([tpx, "report", "--kernel", k, "--no-gpu", "--json"] + opts,
                         check=True, capture_output=True, text=True).stdout
    m = json.loads(out)["model"]
    return {op: (m[op]["requests"], m[op]["bytes"], m[op].get("sectors"), m[op].get("wavefronts"))
            for op in ("global_load", "global_store", "shared_load", "shared_store")}
ma, mb = model(a), model(b)
print(a, ma, b, mb)
sys.exit(0 if ma == mb and ma["global_load"][0] > 0 else 1)
PY
}
for size in 1024 1000x777 33x31; do
    same unroll2_row naive_row --block 32x8 --size $size
    same smem_rect_diag smem_rect --block 32x8 --pad 1 --size $size
done >>"$log"

# tpx bench --kernel all lists them beside the catalog.
out=$("$tpx" bench --no-gpu --kernel all --block 32x8 --size 256 --pad 1)
for k in unroll2_row smem_rect_diag; do
    grep -q "^$k " <<<"$out" || fail "tpx bench --kernel all lacks $k"
done

# The generated CUDA kernels: each body file defines the kernel and its lookup
# from the row, and the launch switch calls the lookup.
if [ -n "$nvcc" ]; then
    for f in direct tiled launch; do
        if [ -f "$sub/$f.o" ] && [ -z "$(find "$src/kernels" "$extra" -newer "$sub/$f.o" -print -quit)" ]; then
            continue # compiled from these sources already
        fi
        "$nvcc" -std=c++17 -arch=sm_90 -O1 -I"$src/kernels" -DTPX_EXTRA_KERNELS="\"$extra\"" \
            -c "$src/kernels/$f.cu" -o "$sub/$f.o" >>"$log" 2>&1 || { cat "$log" >&2; fail "nvcc $f.cu"; }
    done
    want() { # object symbol-type name
        nm -C "$sub/$1.o" | grep -qE "^[0-9a-f ]+ $2 $3" || fail "kernels/$1.cu: no '$2 $3'"
    }
    want direct T 'tpx_fn_unroll2_row\('
    want direct '[tT]' 'void tpxk_unroll2_row<unsigned int>\('
    want tiled T 'tpx_fn_smem_rect_diag\('
    want tiled '[tT]' 'void tpxk_smem_rect_diag<1, unsigned short, float>\('
    want launch U 'tpx_fn_unroll2_row\('
    want launch U 'tpx_fn_smem_rect_diag\('
fi
echo "dummy_kernel: unroll2_row and smem_rect_diag reach the catalog, validation, the model," \
    "bench, the CPU run and the fast totals$([ -n "$nvcc" ] && echo ", and the CUDA kernels")"
