/* A user kernel on the GPU: checked on the CPU first (a kernel whose check
 * finds anything, or that the check cannot walk, is not run: the check is
 * what keeps a student's out-of-bounds write from poisoning the context),
 * compiled with NVRTC for the device's own architecture (runner_cuda_nvrtc),
 * loaded through the driver API (its entry points from the runtime, so tpx
 * links no libcuda), and launched with the grid its expressions give. */
#include <cuda.h>
#include <stdio.h>
#include <string.h>

#include "runner_cuda.h"
#include "runner_cuda_nvrtc.h"
#include "ucheck.h"
#include "ukernel_cuda.h"
#include "user.h"

typedef struct drv_fns {
    int ready;
    CUresult (*load)(CUmodule *, const void *);
    CUresult (*unload)(CUmodule);
    CUresult (*get)(CUfunction *, CUmodule, const char *);
    CUresult (*attr)(int *, CUfunction_attribute, CUfunction);
    CUresult (*set_attr)(CUfunction, CUfunction_attribute, int);
    CUresult (*occupancy)(int *, CUfunction, int, size_t);
    CUresult (*launch)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                       unsigned, CUstream, void **, void **);
} drv_fns;

static drv_fns drv;

static int entry(const char *sym, void **fp)
{
    enum cudaDriverEntryPointQueryResult q;
    return cudaGetDriverEntryPointByVersion(sym, fp, 12000, cudaEnableDefault, &q) ==
                   cudaSuccess && q == cudaDriverEntryPointSuccess && *fp
               ? 0
               : -1;
}

static int drv_open(tpx_measurement *out)
{
    if (drv.ready)
        return 0;
    if (entry("cuModuleLoadData", (void **)&drv.load) || entry("cuModuleUnload", (void **)&drv.unload) ||
        entry("cuModuleGetFunction", (void **)&drv.get) ||
        entry("cuFuncGetAttribute", (void **)&drv.attr) ||
        entry("cuFuncSetAttribute", (void **)&drv.set_attr) ||
        entry("cuOccupancyMaxActiveBlocksPerMultiprocessor", (void **)&drv.occupancy) ||
        entry("cuLaunchKernel", (void **)&drv.launch)) {
        runner_not_measured(out, TPX_ST_UNAVAILABLE, "the driver lacks the module entry points "
                            "a user kernel needs");
        return -1;
    }
    drv.ready = 1;
    return 0;
}

static int drv_fail(CUresult r, const char *what, tpx_measurement *out)
{
    if (r == CUDA_SUCCESS)
        return 0;
    char m[TPX_MSG];
    snprintf(m, sizeof m, "%s failed (CUDA driver error %d)", what, (int)r);
    runner_not_measured(out, TPX_ST_LAUNCH_ERROR, m);
    return -1;
}

/* The CPU check of c, remembered per config (the live view measures one
 * config again and again).  0 when it passed, else out says why not run. */
static int checked(cuda_state *st, const tpx_config *c, tpx_measurement *out)
{
    for (int i = 0; i < st->nuser_checked; i++)
        if (memcmp(&st->user_checked[i], c, sizeof *c) == 0)
            return 0;
    ucheck_report r;
    char v[TPX_MSG], m[TPX_MSG + 64];
    int rc = ucheck_run(c, &r, NULL);
    if (rc != 0 || !ucheck_ok(&r)) {
        ucheck_verdict(c, &r, v, sizeof v);
        snprintf(m, sizeof m, "not run: %s", rc != 0 ? r.msg : v);
        runner_not_measured(out, TPX_ST_INVALID, m);
        return -1;
    }
    int slot = st->nuser_checked < CUDA_USER_CACHE ? st->nuser_checked++ : CUDA_USER_CACHE - 1;
    st->user_checked[slot] = *c;
    return 0;
}

/* The loaded function of a CUBIN, loading it on first sight. */
static int function_of(cuda_state *st, const void *cubin, unsigned long long key, CUfunction *fn,
                       tpx_measurement *out)
{
    for (int i = 0; i < st->nuser_mod; i++)
        if (st->user_mod[i].key == key) {
            *fn = (CUfunction)st->user_mod[i].fn;
            return 0;
        }
    CUmodule mod;
    if (drv_fail(drv.load(&mod, cubin), "loading the compiled kernel", out) ||
        drv_fail(drv.get(fn, mod, UKERNEL_CUDA_ENTRY), "finding the compiled kernel", out))
        return -1;
    if (st->nuser_mod == CUDA_USER_CACHE) { /* the oldest goes */
        drv.unload((CUmodule)st->user_mod[0].mod);
        memmove(st->user_mod, st->user_mod + 1, sizeof st->user_mod[0] * (CUDA_USER_CACHE - 1));
        st->nuser_mod--;
    }
    st->user_mod[st->nuser_mod++] = (cuda_user_module){key, mod, *fn};
    return 0;
}

int cuda_user_prepare(cuda_state *st, const tpx_config *c, cuda_user_launch *l,
                      tpx_measurement *out)
{
    char m[TPX_MSG];
    const ukernel *k = user_kernel(c->kernel);
    if (!k || checked(st, c, out) || drv_open(out))
        return -1;
    const void *cubin;
    size_t size;
    unsigned long long key;
    /* compiled for this config's rep counts, as the catalog's REPS template */
    nvrtc_target t = {(int)config_esize(c->dtype), (int)config_tile_esize(c), {0, 0},
                      st->facts.cc_major, st->facts.cc_minor};
    tpx_geom g = config_geom(c);
    for (int p = 0; p < k->phases; p++) {
        int err = 0, at = 0, n = ukernel_reps(k, &g, p, &err, &at);
        t.reps[p] = err ? 0 : n;
    }
    if (nvrtc_user_cubin(k, &t, &cubin, &size, &key, m, sizeof m) != 0) {
        runner_not_measured(out, TPX_ST_UNAVAILABLE, m);
        return -1;
    }
    CUfunction fn;
    if (function_of(st, cubin, key, &fn, out))
        return -1;
    l->fn = fn;
    l->gx = (unsigned)g.gx;
    l->gy = (unsigned)g.gy;
    l->smem = (size_t)config_smem_bytes(c);
    int threads = c->bx * c->by, max_threads = 0, regs = 0, blocks = 0;
    if (drv_fail(drv.attr(&max_threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn),
                 "cuFuncGetAttribute", out) ||
        drv_fail(drv.attr(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, fn), "cuFuncGetAttribute", out))
        return -1;
    if (threads > max_threads) {
        snprintf(m, sizeof m, "your kernel uses %d registers per thread, so a block may have at "
                 "most %d threads on this GPU; use a smaller block", regs, max_threads);
        runner_not_measured(out, TPX_ST_INVALID, m);
        return -1;
    }
    if (l->smem > 48 * 1024 &&
        drv_fail(drv.set_attr(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)l->smem),
                 "cuFuncSetAttribute (shared memory above 48 KB)", out))
        return -1;
    if (drv_fail(drv.occupancy(&blocks, fn, threads, l->smem), "the occupancy query", out))
        return -1;
    int warps = (threads + 31) / 32, max_warps = st->facts.max_threads_per_sm / 32;
    out->occ.valid = blocks > 0;
    out->occ.blocks_per_sm = blocks;
    out->occ.regs_per_thread = regs;
    out->occ.smem_per_block = (long long)l->smem;
    out->occ.occupancy = max_warps > 0 ? (double)(blocks * warps) / max_warps : 0.0;
    return 0;
}

cudaError_t cuda_user_run(cuda_state *st, const cuda_user_launch *l, const tpx_config *c)
{
    long long w = c->w, h = c->h, p = c->pad, swz = c->swz;
    void *a = st->a, *b = st->b;
    void *args[] = {&a, &b, &w, &h, &p, &swz};
    CUresult r = drv.launch((CUfunction)l->fn, l->gx, l->gy, 1, (unsigned)c->bx, (unsigned)c->by,
                            1, (unsigned)l->smem, (CUstream)st->stream, args, NULL);
    cudaError_t e = cudaGetLastError();
    return r != CUDA_SUCCESS && e == cudaSuccess ? cudaErrorLaunchFailure : e;
}
