/* NVRTC compiles the CUDA tpx generates for every catalog kernel written in
 * the kernel language (assets/kernels/<name>.tpxk), for sm_90 and sm_80, with
 * 4-, 8- and 2-byte elements and a wider tile: what a GPU would run, compiled
 * where there is none (CI).  A CUBIN with the entry point, or the test fails.
 * The hash cache answers a second request without compiling.  Plain C: built
 * with CUDA only (NVRTC's header); exit 77 where libnvrtc cannot be opened. */
#include <stdio.h>
#include <string.h>

#include "assets.h"
#include "catalog.h"
#include "runner_cuda_nvrtc.h"
#include "ukernel_cuda.h"
#include "user.h"

static int fails;

static void bad(const char *what, const char *msg)
{
    printf("FAIL %s: %s\n", what, msg);
    fails++;
}

/* Whether the CUBIN holds the entry point's name (its symbol table does). */
static int has_entry(const void *cubin, size_t size)
{
    const char *want = UKERNEL_CUDA_ENTRY;
    size_t n = strlen(want);
    for (size_t i = 0; i + n <= size; i++)
        if (memcmp((const char *)cubin + i, want, n) == 0)
            return 1;
    return 0;
}

int main(void)
{
    char msg[512], version[256];
    if (nvrtc_user_version(version, sizeof version) != 0) {
        printf("skipped: %s\n", version);
        return 77;
    }
    static const int widths[][2] = {{4, 0}, {8, 0}, {2, 0}, {4, 8}};
    static const int ccs[][2] = {{9, 0}, {8, 0}};
    int built = 0;
    for (int k = 0; k < TPX_K_MEMCPY; k++) {
        if (catalog_no_source((tpx_kernel_id)k))
            continue; /* tile_sec, tile_gather: 16-byte stores the language cannot write */
        char path[96];
        size_t len;
        snprintf(path, sizeof path, "kernels/%s.tpxk", catalog_name((tpx_kernel_id)k));
        const char *text = assets_get(path, &len);
        int id = text ? user_add(text, len, path, msg, sizeof msg) : -1;
        if (id < 0) {
            bad(path, text ? msg : "no source");
            continue;
        }
        for (int c = 0; c < 2; c++)
            for (int w = 0; w < 4; w++) {
                const void *cubin;
                size_t size;
                unsigned long long key;
                char what[160];
                /* rep counts as a launch compiles them (constants) and counted at run time */
                int reps = w % 2 ? 0 : 4;
                snprintf(what, sizeof what, "%s sm_%d%d %d-byte elements, tile %d, reps %d", path,
                         ccs[c][0], ccs[c][1], widths[w][0], widths[w][1], reps);
                nvrtc_target t = {widths[w][0], widths[w][1], {reps, reps}, ccs[c][0], ccs[c][1]};
                if (nvrtc_user_cubin(user_kernel(id), &t, &cubin, &size, &key, msg, sizeof msg) != 0)
                    bad(what, msg);
                else if (!has_entry(cubin, size))
                    bad(what, "the CUBIN lacks the entry point");
                else
                    built++;
            }
    }
    /* the cache: the same request again hands back the same CUBIN and key;
     * other rep counts are another compile, under another key */
    const void *c1, *c2, *c3;
    size_t s1, s2, s3;
    unsigned long long k1, k2, k3;
    nvrtc_target t = {4, 0, {1, 1}, 9, 0}, t3 = {4, 0, {1, 4}, 9, 0};
    int id = user_find("my_smem");
    if (id < 0 || nvrtc_user_cubin(user_kernel(id), &t, &c1, &s1, &k1, msg, sizeof msg) ||
        nvrtc_user_cubin(user_kernel(id), &t, &c2, &s2, &k2, msg, sizeof msg) || c1 != c2 ||
        k1 != k2)
        bad("cache", "a second request compiled again");
    else if (nvrtc_user_cubin(user_kernel(id), &t3, &c3, &s3, &k3, msg, sizeof msg) || k3 == k1)
        bad("cache", "other rep counts did not compile again");
    printf("NVRTC %s: %d CUBINs built, %d failures\n", version, built, fails);
    return fails ? 1 : 0;
}
