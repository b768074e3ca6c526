/* GPU test: kernels written in the kernel language, compiled with NVRTC and
 * run by the CUDA runner.  (1) Every catalog kernel's twin (assets/kernels/
 * <name>.tpxk) at several sizes, blocks, dtypes, pads and the swizzle,
 * launched once on random data with B poisoned and verified by the GPU
 * checker.  (2) Timed: each twin against its built-in kernel at 8192x8192
 * f32 (cold L2), the ratio printed, and a failure where they differ by more
 * than 10 % or three times their noise, whichever is larger (the 16-byte
 * kernels at 8190x8190, where the built-in runs its element fallback, other
 * code than the twin's: there only a slower twin fails).
 * (3) A kernel that would write out of bounds (seed 004's missing guard) is
 * refused by its CPU check before it runs, and the runner goes on: a catalog
 * kernel measures after it.  Plain C.  Exit 77: no GPU. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "assets.h"
#include "catalog.h"
#include "runner.h"
#include "user.h"

static int runs, fails;

static int twin(tpx_kernel_id k)
{
    char path[96], msg[TPX_MSG];
    size_t len;
    snprintf(path, sizeof path, "kernels/%s.tpxk", catalog_name(k));
    const char *text = assets_get(path, &len);
    return text ? user_add(text, len, path, msg, sizeof msg) : -1;
}

/* One config of a twin: it runs and verifies where its built-in kernel runs.
 * Where the built-in refuses the config (a 7x3 block for a square tile: 3
 * does not divide 7) the twin's index arithmetic is usually wrong too: then
 * its CPU check must refuse it before the GPU (verified where it is right). */
static void verify(tpx_runner *r, const tpx_limits *lim, tpx_config c, tpx_kernel_id builtin)
{
    char msg[TPX_MSG], d[160];
    if (config_validate(&c, lim, msg, sizeof msg) != 0)
        return;
    tpx_config b = c;
    b.kernel = builtin;
    int builtin_ok = config_validate(&b, lim, msg, sizeof msg) == 0;
    tpx_measure_opts o = runner_default_opts();
    o.once = 1;
    tpx_measurement m;
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    runs++;
    int ran = m.status == TPX_ST_OK && m.verified;
    int ok = ran || (!builtin_ok && m.status == TPX_ST_INVALID &&
                     strstr(m.message, "not run: wrong") != NULL);
    if (!ok) {
        config_describe(&c, d, sizeof d);
        printf("FAIL %s (%s): %s: %s\n", d,
               builtin_ok ? "the built-in runs it" : "the built-in refuses it: refused or verified expected",
               runner_status_name(m.status), m.message);
        fails++;
    }
}

/* Shard `part` of `parts` (kernels k with k % parts == part): the sweep
 * compiles every config it runs, and several processes on the GPU's CPUs
 * finish it in a fraction of the time (bench/gpu_session.sh). */
static void verify_all(tpx_runner *r, const tpx_limits *lim, int part, int parts)
{
    static const long long sizes[][2] = {{1, 1}, {33, 31}, {1000, 777}, {4097, 3}, {1022, 515}};
    static const int blocks[][2] = {{32, 8}, {32, 32}, {16, 16}, {64, 4}, {7, 3}};
    for (int k = part; k < TPX_K_MEMCPY; k += parts) {
        if (catalog_no_source((tpx_kernel_id)k))
            continue; /* tile_sec, tile_gather: 16-byte stores the language cannot write */
        int id = twin((tpx_kernel_id)k);
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++)
                for (int dt = 0; dt < TPX_DTYPE_COUNT; dt++) {
                    tpx_config c = config_default();
                    c.kernel = (tpx_kernel_id)id;
                    c.w = sizes[s][0];
                    c.h = sizes[s][1];
                    c.bx = blocks[b][0];
                    c.by = blocks[b][1];
                    c.dtype = (tpx_dtype)dt;
                    verify(r, lim, c, (tpx_kernel_id)k);
                    if (config_has_tile(c.kernel)) {
                        c.pad = 1;
                        verify(r, lim, c, (tpx_kernel_id)k);
                        c.pad = 0;
                        c.swz = 1;
                        verify(r, lim, c, (tpx_kernel_id)k);
                    }
                }
    }
}

static double timed(tpx_runner *r, tpx_config c, double *noise)
{
    tpx_measure_opts o = runner_default_opts();
    tpx_measurement m;
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    *noise = m.noise;
    return m.status == TPX_ST_OK ? m.gbs : -1.0;
}

static void time_twins(tpx_runner *r)
{
    printf("%-14s %-6s %10s %10s %8s\n", "kernel", "block", "built-in", "language", "ratio");
    for (int k = 0; k < TPX_K_MEMCPY; k++) {
        if (catalog_no_source((tpx_kernel_id)k))
            continue;
        tpx_config c = config_default();
        c.kernel = (tpx_kernel_id)k;
        c.w = c.h = tpx_traits_of(c.kernel).flags & TPX_KF_VEC16 ? 8190 : 8192;
        c.bx = 32;
        c.by = tpx_is_square_only(c.kernel) ? 32 : 8;
        c.pad = config_has_tile(c.kernel);
        tpx_config u = c;
        u.kernel = (tpx_kernel_id)twin(c.kernel);
        double na, nb, a = timed(r, c, &na), b = timed(r, u, &nb);
        double tol = fmax(0.10, 3.0 * fmax(na, nb));
        /* At 8190 a 16-byte kernel's built-in runs its element fallback, other
         * code than the twin's: there the twin must only not be slower. */
        int vec = (tpx_traits_of(c.kernel).flags & TPX_KF_VEC16) != 0;
        int bad = a <= 0 || b <= 0 || b / a - 1.0 < -tol || (!vec && b / a - 1.0 > tol);
        printf("%-14s %dx%-4d %10.1f %10.1f %8.3f%s\n", catalog_name(c.kernel), c.bx, c.by, a, b,
               a > 0 ? b / a : 0.0, bad ? "  FAIL" : "");
        fails += bad;
    }
}

static void refused_then_fine(tpx_runner *r)
{
    const char *text = "kernel no_guard\ngrid W / BX + 1, H / BY + 1\nlet x = bx * BX + tx\n"
                       "let y = by * BY + ty\nB[x * H + y] = A[y * W + x]\n";
    char msg[TPX_MSG];
    tpx_config c = config_default();
    c.kernel = (tpx_kernel_id)user_add(text, strlen(text), "no_guard", msg, sizeof msg);
    c.w = 1000;
    c.h = 777;
    tpx_measurement m;
    tpx_measure_opts o = runner_default_opts();
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    if (m.status != TPX_ST_INVALID || !strstr(m.message, "not run: wrong: write out of bounds")) {
        printf("FAIL no_guard: %s: %s\n", runner_status_name(m.status), m.message);
        fails++;
    }
    c.kernel = TPX_K_NAIVE_ROW;
    o.once = 1;
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    if (m.status != TPX_ST_OK || !m.verified) {
        printf("FAIL naive_row after the refused kernel: %s\n", m.message);
        fails++;
    }
}

/* usage: gpu_user              the timing, the sweep and the refusal (ctest)
 *        gpu_user --verify I/N  shard I of N of the sweep only */
int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IOLBF, 0); /* a log cut by a timeout keeps its lines */
    int part = 0, parts = 1;
    if (argc != 1 && (argc != 3 || strcmp(argv[1], "--verify") != 0 ||
                      sscanf(argv[2], "%d/%d", &part, &parts) != 2 || parts < 1 || part < 0 ||
                      part >= parts)) {
        fprintf(stderr, "gpu_user: --verify wants I/N, 0 <= I < N\n");
        return 2;
    }
    if (runner_device_count() == 0) {
        printf("no CUDA device: skipped\n");
        return 77;
    }
    char msg[TPX_MSG];
    tpx_runner *r = runner_open(0, msg, sizeof msg);
    tpx_limits lim;
    runner_limits(r, &lim);
    printf("%s\n", msg);
    if (argc == 3) {
        verify_all(r, &lim, part, parts);
    } else {
        time_twins(r); /* first: a minute, where the sweep below takes several */
        verify_all(r, &lim, 0, 1);
        refused_then_fine(r);
    }
    runner_close(r);
    fflush(stdout);
    printf("%d user-kernel configs launched and verified, %d failures\n", runs, fails);
    return fails ? 1 : 0;
}
