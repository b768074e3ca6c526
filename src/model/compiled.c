#include "compiled.h"

#include "profile.h"

/* The rep count a kernel body is compiled for (the launch picks that
 * instance): a row's fixed reps; for the tile walks, tile height / BY when it
 * is one of the compiled counts, else 0 (a run-time loop). */
static int unrolled_reps(const tpx_config *c, const tpx_geom *g)
{
    int reps = tpx_reps(c->kernel, g);
    tpx_traits t = tpx_traits_of(c->kernel);
    if (t.flags & TPX_KF_REGT) { /* tile_vec: NSB sub-blocks of N vectors, NSB = BX / BY */
        int n = tpx_vec(g) > 1 ? tpx_vec(g) : 1, nsb = c->by > 0 ? c->bx / c->by : 0;
        return n * (nsb == 1 || nsb == 2 || nsb == 4 ? nsb : 1);
    }
    if (t.reps != TPX_REPS_WALK)
        return reps;
    return reps == 1 || reps == 2 || reps == 4 || reps == 8 || reps == 16 || reps == 32 ? reps : 0;
}

int compiled_regs(const tpx_config *c, double cc, int *known)
{
    (void)c, (void)cc;
    *known = 0;
    return TPX_ASSUMED_REGS;
}

double compiled_loads_per_thread(const tpx_config *c)
{
    tpx_geom g = config_geom(c);
    int reps = tpx_reps(c->kernel, &g);
    return reps > 0 ? reps : 1;
}

/* The bodies (kernels/tpx_kernel_body.cuh, tile_vec.cu): a rep count known
 * at compile time unrolls, so the loads of a phase issue before the first
 * store (ptxas keeps about 20 of 32 ahead: the SASS of tile_rows<32>); a
 * run-time count runs a loop unrolled 4 times. */
double compiled_loads_in_flight(const tpx_config *c)
{
    tpx_geom g = config_geom(c);
    int reps = tpx_reps(c->kernel, &g), ct = unrolled_reps(c, &g);
    if (ct > 0)
        return ct > 20 ? 20 : ct;
    return reps < 4 ? reps : 4;
}
