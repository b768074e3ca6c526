#include "insts.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "assets.h"
#include "catalog.h"
#include "compiled.h"
#include "tpx_strip_sizes.h"
#include "tpx_traits.h"
#include "tpx_tgat.h"

/* assets/kernel_insts.txt, parsed once: "kernel esize compiled a b c d
 * form", a warp's instructions a + b L in a whole tile and c + d L (form 0)
 * or c + d L s (form 1) in an edge tile, L the thread's loads and s how full
 * the edge tiles are (insts_edge_active), for the kernel compiled for its
 * rep count (1) or running its loops at run time (0: about twice the
 * instructions; for tile_strip, its kernel whose walks exit:
 * compiled_insts_lean). */
typedef struct insts_row {
    char kernel[32];
    int esize, compiled, form;
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
    r->form = 0;
    int got = sscanf(line, "%31s %d %d %lf %lf %lf %lf %d", r->kernel, &r->esize, &r->compiled, &r->a,
                     &r->b, &r->c, &r->d, &r->form);
    if (got == 7 || (got == 8 && (r->form == 0 || r->form == 1)))
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
 * tiles (a strip: K columns of the long side, all of the short one); *te:
 * the elements of one tile (0 where not known). */
static double whole_blocks(const tpx_config *c, const tpx_geom *g, double *te)
{
    tpx_kernel_id k = c->kernel;
    tpx_traits t = tpx_traits_of(k);
    int vec = tpx_vec(g);
    if (t.tile == TPX_TILE_STRIP) {
        long long kk = (t.flags & TPX_KF_GATHER) ? tpx_sv_k(c->w, c->h, c->bx, c->by, vec)
                                                 : tpx_sp_k(c->w, c->h, c->bx, c->by);
        *te = (double)kk * (double)tpx_sp_short(c->w, c->h);
        return kk > 0 ? (double)(tpx_sp_long(c->w, c->h) / kk) : 0;
    }
    long long xs = tpx_grid_covers_b(k) ? c->h : c->w, ys = tpx_grid_covers_b(k) ? c->w : c->h;
    int v = vec > 1 && t.tile != TPX_TILE_SEC ? vec : 1;
    long long tw = (long long)t.xper * v * c->bx, th = tpx_tile_rows(k, c->bx, c->by, vec);
    *te = (double)tw * (double)th;
    /* in double: at the largest matrices the reader takes the product of
     * the two counts passes a long long */
    return (double)(tw > 0 ? xs / tw : 0) * (double)(th > 0 ? ys / th : 0);
}

/* tile_gather compiled for its block shape: the blocks that take its lean
 * code (kernels/tile_gather.cu: tpx_ts_interior, else tpx_tg_lean), whose
 * count is a whole tile's wherever the tile ends (200001x16 f16, every tile
 * cut by H: 331-346 instructions a warp, 333 inside 2048x2048).  Whole
 * columns only; down a column the tile rows that fail tpx_tg_lean are the
 * last ones (those whose rows wrap past H, and the last), so they are
 * counted from the bottom.  *held: the elements those blocks hold. */
static double gather_lean_blocks(const tpx_geom *g, double *te, double *held)
{
    long long ty = tpx_ts_ty(g->by, tpx_vec(g)), cols = g->w / g->bx, rows = g->gy;
    *te = (double)g->bx * (double)ty;
    while (cols > 0 && rows > 0 && !tpx_tg_lean(g, 0, (int)rows - 1))
        rows--;
    if (cols == 0)
        rows = 0;
    *held = (double)cols * (double)g->bx * (double)(rows * ty < g->h ? rows * ty : g->h);
    return (double)cols * (double)rows;
}

/* The share of edge blocks (*share) and how full their tiles are on
 * average (*active: the matrix's elements outside the whole tiles over the
 * edge tiles' room; 1 where there are none). */
static void insts_edges(const tpx_config *c, double *share, double *active)
{
    tpx_geom g = config_geom(c);
    long long gx, gy;
    tpx_grid_dims(c->kernel, c->w, c->h, c->bx, c->by, tpx_vec(&g), &gx, &gy);
    double all = (double)gx * (double)gy, te = 0;
    *share = 0;
    *active = 1;
    if (all < 1)
        return;
    double held, whole;
    if (c->kernel == TPX_K_TILE_GATHER && compiled_insts_lean(c)) {
        whole = gather_lean_blocks(&g, &te, &held);
    } else {
        whole = whole_blocks(c, &g, &te);
        held = whole * te;
    }
    double edge = all - whole;
    *share = edge <= 0 ? 0 : edge >= all ? 1 : edge / all;
    if (edge >= 0.5 && te > 0) {
        double a = ((double)c->w * (double)c->h - held) / (edge * te);
        *active = a < 0 ? 0 : a > 1 ? 1 : a;
    }
}

double insts_edge_share(const tpx_config *c)
{
    double f, a;
    insts_edges(c, &f, &a);
    return f;
}

double insts_edge_active(const tpx_config *c)
{
    double f, a;
    insts_edges(c, &f, &a);
    return a;
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
    double f, s;
    insts_edges(c, &f, &s);
    double z = config_grid_folded(c) ? insts_fold_cost() : 0;
    if (edge_share)
        *edge_share = f;
    if (fold)
        *fold = z;
    const insts_row *r = insts_find(c);
    if (!r)
        return 0;
    double l = compiled_loads_per_thread(c);
    double whole = r->a + r->b * l, edge = r->c + r->d * l * (r->form ? s : 1);
    double n = (1 - f) * whole + f * edge + z;
    return n > 1 ? n : 1;
}
