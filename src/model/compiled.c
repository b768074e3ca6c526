#include "compiled.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assets.h"
#include "profile.h"
#include "sorting.h"
#include "tpx_instance.h"

/* The rep count a kernel body is compiled for (the launch picks that
 * instance): a row's fixed reps; for the tile walks, tile height / BY when it
 * is one of the compiled counts, else 0 (a run-time loop); tile_vec's
 * 16-byte path its sub-blocks' vectors, its element path (tpxk_tile_vec1,
 * rows not on 16 bytes) as a walk's. */
static int unrolled_reps(const tpx_config *c, const tpx_geom *g)
{
    tpx_traits t = tpx_traits_of(c->kernel);
    int n = tpx_vec(g);
    if ((t.flags & TPX_KF_REGT) && n > 1) { /* tile_vec: NSB sub-blocks of N vectors, NSB = BX / BY */
        int nsb = c->by > 0 ? c->bx / c->by : 0;
        return n * (nsb == 1 || nsb == 2 || nsb == 4 ? nsb : 1);
    }
    /* the REPS the launch compiles; tile_vec's element path is a walk (tile_vec.cu) */
    return tpx_instance_reps(c->kernel, g);
}

/* The build's record (assets/kernel_regs.txt), parsed once: "sm_90 42 name". */
typedef struct regs_row {
    int arch, regs;
    char name[96];
} regs_row;

enum { REGS_MAX = 2048 };
static regs_row regs_rows[REGS_MAX];
static int regs_n;
static pthread_once_t regs_once = PTHREAD_ONCE_INIT;

static void regs_line(const char *line, void *ctx)
{
    (void)ctx;
    if (regs_n == REGS_MAX)
        return;
    regs_row *r = &regs_rows[regs_n];
    int used = 0;
    if (sscanf(line, "sm_%d %d %n", &r->arch, &r->regs, &used) == 2 && used > 0 &&
        strlen(line + used) < sizeof r->name) {
        strcpy(r->name, line + used);
        regs_n++;
    }
}

static void regs_load(void) { assets_each_line("kernel_regs.txt", regs_line, NULL); }

int compiled_regs(const tpx_config *c, double cc, int *known)
{
    char name[96];
    tpx_geom g = config_geom(c);
    int arch = (int)lround(cc * 10);
    *known = 0;
    pthread_once(&regs_once, regs_load);
    if (tpx_instance_name(c->kernel, &g, (int)config_esize(c->dtype), name, sizeof name) != 0)
        return TPX_ASSUMED_REGS;
    for (int i = 0; i < regs_n; i++)
        if (regs_rows[i].arch == arch && strcmp(regs_rows[i].name, name) == 0) {
            *known = 1;
            return regs_rows[i].regs;
        }
    return TPX_ASSUMED_REGS;
}

int compiled_unrolled_reps(const tpx_config *c)
{
    tpx_geom g = config_geom(c);
    return unrolled_reps(c, &g);
}

int compiled_insts_lean(const tpx_config *c)
{
    if (c->kernel == TPX_K_TILE_STRIP) /* tpx_fn_tile_strip's choice of kernel */
        return tpx_sp_lean(c->w, c->h, c->bx, c->by);
    return compiled_unrolled_reps(c) > 0;
}

/* A thread's global loads: a rep each, but a gather kernel's, whose reps
 * are its gather's: phase 0's vectors (tpx_tg_move0's slots, head rows too;
 * strip_vec's 16 elements a thread, tpx_sv_move0). */
static int global_loads(const tpx_config *c, const tpx_geom *g)
{
    if (!(tpx_traits_of(c->kernel).flags & TPX_KF_GATHER))
        return tpx_reps(c->kernel, g);
    int n = tpx_vec(g);
    if (tpx_traits_of(c->kernel).tile == TPX_TILE_STRIP)
        return TPX_SV_EPT / n;
    return (int)tpx_cdiv((long long)tpx_tg_rows(c->by, n) * tpx_tg_v(c->bx, n), (long long)c->bx * c->by);
}

double compiled_loads_per_thread(const tpx_config *c)
{
    tpx_geom g = config_geom(c);
    int reps = global_loads(c, &g);
    return reps > 0 ? reps : 1;
}

/* The bodies (kernels/tpx_kernel_body.cuh, tile_vec.cu, tile_strip.cu): a rep count known
 * at compile time unrolls, so the loads of a phase issue before the first
 * store (ptxas keeps about 20 of 32 ahead: the SASS of tile_rows<32>); a
 * run-time count runs a loop unrolled 4 times.  tile_gather's lean path
 * (its compiled block shapes) and strip_vec issue all of a thread's vectors
 * first. */
double compiled_loads_in_flight(const tpx_config *c)
{
    tpx_geom g = config_geom(c);
    int reps = global_loads(c, &g), ct = unrolled_reps(c, &g);
    if (tpx_traits_of(c->kernel).flags & TPX_KF_GATHER)
        ct = ct ? reps : 0;
    if (ct > 0)
        return ct > 20 ? 20 : ct;
    return reps < 4 ? reps : 4;
}

/* A tiled body's edge tile (tpx_edge_tile, kernels/tpx_kernel_body.cuh) runs
 * its moves in a loop of exactly the reps a warp issues, unrolled once: each
 * load waits for the one before, and the barrier for the block's slowest
 * warp.  A load whose sectors the block's earlier reps loaded is an L1 hit;
 * one that asks a sector first is a round trip.  The round trips of the
 * block's slowest warp (at least 1); 0 where the tile is full (or out of
 * memory: then it is priced as one). */
static int edge_rounds(const tpx_config *c, const tpx_geom *g, long long tbx, long long tby)
{
    tpx_kernel_id k = c->kernel;
    int reps = tpx_reps(k, g), last = reps - 1, threads = c->bx * c->by, warps = (threads + 31) / 32;
    if (reps < 1 || (tpx_tile_move(k, g, 0, last, (int)tbx, (int)tby, g->bx - 1, g->by - 1).ok &&
                     tpx_tile_move(k, g, 1, last, (int)tbx, (int)tby, g->bx - 1, g->by - 1).ok))
        return 0;
    long long esize = (long long)config_esize(c->dtype) * tpx_phase_vec(k, g, 0), n = 0;
    long long *seen = malloc(sizeof *seen * (size_t)threads * (size_t)reps);
    int *trips = calloc((size_t)warps, sizeof *trips), *asks = calloc((size_t)warps, sizeof *asks);
    int most = 0;
    for (int r = 0; seen && trips && asks && r < reps; r++) {
        long long m = n; /* rep r's new sectors go after the sorted ones */
        memset(asks, 0, sizeof *asks * (size_t)warps);
        for (int t = 0; t < threads; t++) {
            tpx_move mv = tpx_tile_move(k, g, 0, r, (int)tbx, (int)tby, t % c->bx, t / c->bx);
            long long s = mv.src * esize / 32;
            if (!mv.ok || (n > 0 && bsearch(&s, seen, (size_t)n, sizeof s, sort_cmp_ll)))
                continue;
            asks[t / 32] = 1;
            seen[m++] = s;
        }
        for (int w = 0; w < warps; w++)
            trips[w] += asks[w];
        n = sort_distinct_ll(seen, (size_t)m);
    }
    for (int w = 0; trips && w < warps; w++)
        most = trips[w] > most ? trips[w] : most;
    free(seen);
    free(trips);
    free(asks);
    return most > 0 ? most : (seen && trips && asks ? 1 : 0);
}

double compiled_rounds(const tpx_config *c, double full)
{
    tpx_geom g = config_geom(c);
    tpx_traits t = tpx_traits_of(c->kernel);
    /* tile_vec's element path (rows not on 16 bytes) is a tiled body too */
    if (t.body != TPX_BODY_TILED && !((t.flags & TPX_KF_REGT) && tpx_vec(&g) == 1))
        return full;
    long long gx, gy;
    tpx_grid_dims(c->kernel, c->w, c->h, c->bx, c->by, tpx_vec(&g), &gx, &gy);
    if (gx < 1 || gy < 1)
        return full;
    /* the tiles of the last column and row, and the corner, each family by
     * one of its tiles; the others are whole */
    const long long fx[3] = {gx - 1, gx / 2, gx - 1}, fy[3] = {gy / 2, gy - 1, gy - 1};
    const double fn[3] = {(double)(gy - 1), (double)(gx - 1), 1};
    double sum = 0, all = (double)gx * (double)gy, rest = all;
    for (int i = 0; i < 3; i++) {
        if (fn[i] <= 0)
            continue;
        int e = edge_rounds(c, &g, fx[i], fy[i]);
        sum += fn[i] * (e > 0 ? e : full);
        rest -= fn[i];
    }
    return (sum + rest * full) / all;
}
