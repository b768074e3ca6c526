#include "insts.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "assets.h"
#include "catalog.h"
#include "compiled.h"
#include "tpx_strip_sizes.h"
#include "tpx_traits.h"

/* assets/kernel_insts.txt, parsed once: "kernel esize compiled a b c d", a
 * warp's instructions a + b L in a whole tile and c + d L in an edge tile, L
 * the thread's loads, for the kernel compiled for its rep count (1) or
 * running its loops at run time (0: about twice the instructions; for
 * tile_strip, its kernel whose walks exit: compiled_insts_lean). */
typedef struct insts_row {
    char kernel[32];
    int esize, compiled;
    double a, b, c, d;
} insts_row;

enum { INSTS_MAX = 128 };
static insts_row insts_rows[INSTS_MAX];
static int insts_n;
/* A warp's instructions more where the grid launches folded ("fold z"). */
static double insts_fold;
static pthread_once_t insts_once = PTHREAD_ONCE_INIT;

static void insts_line(const char *line, void *ctx)
{
    (void)ctx;
    double z;
    if (sscanf(line, "fold %lf", &z) == 1 && z >= 0 && z < 1e4) {
        insts_fold = z;
        return;
    }
    if (insts_n == INSTS_MAX)
        return;
    insts_row *r = &insts_rows[insts_n];
    if (sscanf(line, "%31s %d %d %lf %lf %lf %lf", r->kernel, &r->esize, &r->compiled, &r->a, &r->b,
               &r->c, &r->d) == 7)
        insts_n++;
}

static void insts_load(void) { assets_each_line("kernel_insts.txt", insts_line, NULL); }

/* The row of c's kernel, element size and compilation; the other
 * compilation's where the probe met only that one.  A user kernel (no probe
 * ran it) is counted as the catalog's plain kernel of its kind: naive_row
 * for one phase, smem for two (the same index arithmetic written in the
 * kernel language predicts the same). */
static const insts_row *insts_find(const tpx_config *c)
{
    pthread_once(&insts_once, insts_load);
    const char *name = tpx_is_user(c->kernel) ? (tpx_phases(c->kernel) == 2 ? "smem" : "naive_row")
                                              : catalog_name(c->kernel);
    int e = (int)config_esize(c->dtype), want = compiled_insts_lean(c);
    const insts_row *other = NULL;
    for (int i = 0; name && i < insts_n; i++)
        if (insts_rows[i].esize == e && strcmp(insts_rows[i].kernel, name) == 0) {
            if (insts_rows[i].compiled == want)
                return &insts_rows[i];
            other = &insts_rows[i];
        }
    return other;
}

/* Blocks whose tile lies wholly inside the matrix, with tpx_grid_dims'
 * tiles (a strip: K columns of the long side, all of the short one). */
static double whole_blocks(const tpx_config *c, const tpx_geom *g)
{
    tpx_kernel_id k = c->kernel;
    tpx_traits t = tpx_traits_of(k);
    int vec = tpx_vec(g);
    if (t.tile == TPX_TILE_STRIP) {
        long long kk = (t.flags & TPX_KF_GATHER) ? tpx_sv_k(c->w, c->h, c->bx, c->by, vec)
                                                 : tpx_sp_k(c->w, c->h, c->bx, c->by);
        return kk > 0 ? (double)(tpx_sp_long(c->w, c->h) / kk) : 0;
    }
    long long xs = tpx_grid_covers_b(k) ? c->h : c->w, ys = tpx_grid_covers_b(k) ? c->w : c->h;
    int v = vec > 1 && t.tile != TPX_TILE_SEC ? vec : 1;
    long long tw = (long long)t.xper * v * c->bx, th = tpx_tile_rows(k, c->bx, c->by, vec);
    /* in double: at the largest matrices the reader takes the product of
     * the two counts passes a long long */
    return (double)(tw > 0 ? xs / tw : 0) * (double)(th > 0 ? ys / th : 0);
}

double insts_edge_share(const tpx_config *c)
{
    tpx_geom g = config_geom(c);
    long long gx, gy;
    tpx_grid_dims(c->kernel, c->w, c->h, c->bx, c->by, tpx_vec(&g), &gx, &gy);
    double all = (double)gx * (double)gy;
    if (all < 1)
        return 0;
    double edge = 1 - whole_blocks(c, &g) / all;
    return edge < 0 ? 0 : edge > 1 ? 1 : edge;
}

double insts_fold_cost(void)
{
    pthread_once(&insts_once, insts_load);
    return insts_fold;
}

/* A grid taller than CUDA's y limit launches folded into one row, and every
 * thread unfolds its block's (bx, by) from blockIdx.x with a 32-bit division
 * by a run-time GX (config_grid_folded): Nsight Compute counts 146
 * instructions a warp for smem_rect 1x256 at 6x20000000 f32, 125 for 1x512
 * (not folded), and the time follows them (0.70 against 0.60 ms on an H200). */
double insts_per_warp(const tpx_config *c, double *edge_share, double *fold)
{
    double f = insts_edge_share(c), z = config_grid_folded(c) ? insts_fold_cost() : 0;
    if (edge_share)
        *edge_share = f;
    if (fold)
        *fold = z;
    const insts_row *r = insts_find(c);
    if (!r)
        return 0;
    double l = compiled_loads_per_thread(c);
    double whole = r->a + r->b * l, edge = r->c + r->d * l;
    double n = (1 - f) * whole + f * edge + z;
    return n > 1 ? n : 1;
}
