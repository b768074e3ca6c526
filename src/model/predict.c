#include "predict.h"

#include <math.h>
#include <string.h>

static const char *const lim_names[TPX_LIM_COUNT] = {"dram", "l2", "l1", "latency"};

const char *predict_limiter_name(tpx_limiter l) { return l < TPX_LIM_COUNT ? lim_names[l] : "?"; }

static const char *const lim_words[TPX_LIM_COUNT] = {
    "DRAM bandwidth", "L2 bandwidth", "the SMs' load/store pipe",
    "memory latency (too few loads in flight)"};

const char *predict_limiter_words(tpx_limiter l) { return l < TPX_LIM_COUNT ? lim_words[l] : "?"; }

/* Expected maximum of n delays that each exceed the base latency by an
 * exponential amount with mean 1: the harmonic number H(n).  A block keeps
 * its slot on the SM until its slowest load is back. */
static double harmonic(double n)
{
    if (n < 1)
        return 1;
    return log(n) + 0.5772156649 + 1.0 / (2 * n);
}

static int profile_complete(const tpx_profile *p)
{
    return p->sms > 0 && p->clock_mhz > 0 && p->dram_gbs > 0 && p->l2_gbs > 0 &&
           p->mem_latency_ns > 0 && p->partial_write_cost >= 1;
}

/* The SM pipe, in cycles per SM: each 128-byte line a global access touches
 * takes a pass (a tag lookup), each shared wavefront a pass.  Blocks are
 * dealt evenly to the SMs. */
static double l1_ms(const tpx_totals *t, const tpx_profile *prof)
{
    double per_block = (double)t->op[TPX_OP_GLD].lines +
                       (double)t->op[TPX_OP_GST].lines +
                       (double)t->op[TPX_OP_SLD].wavefronts + (double)t->op[TPX_OP_SST].wavefronts;
    per_block /= (double)t->blocks;
    double blocks_per_sm = ceil((double)t->blocks / prof->sms);
    return blocks_per_sm * per_block / (prof->clock_mhz * 1e3);
}

/* A part-written sector that left the L2 (traffic_split.h) comes back
 * through a DRAM read-modify-write of 64 bytes while the L2 waits: that
 * traffic moves far slower than a stream (rmw_gbs, fitted on the H200 to
 * the times of bench/results/l2_partial_h200.csv; a profile without it
 * takes the H200's share of its DRAM bandwidth). */
static double rmw_ms(const tpx_traffic *tr, const tpx_profile *prof)
{
    double gbs = prof->rmw_gbs;
    if (gbs <= 0) { /* the share read from the H200's profile, not a copy of it */
        char msg[TPX_MSG];
        const tpx_profile *h200 = profile_find("h200", msg, sizeof msg);
        if (h200 && h200->rmw_gbs > 0 && h200->dram_gbs > 0)
            gbs = h200->rmw_gbs / h200->dram_gbs * prof->dram_gbs;
    }
    return gbs > 0 ? 128.0 * tr->split_evicted / (gbs * 1e6) : 0;
}

int predict_config(const tpx_config *c, const tpx_totals *t, const tpx_traffic *tr,
                   const tpx_profile *prof, tpx_prediction *p)
{
    memset(p, 0, sizeof *p);
    if (config_is_reference(c->kernel) || !profile_complete(prof) || t->blocks < 1)
        return -1;
    p->blocks_per_sm = profile_blocks_per_sm(prof, c, TPX_ASSUMED_REGS);
    if (p->blocks_per_sm < 1)
        return -1;
    double resident = (double)prof->sms * p->blocks_per_sm;
    p->waves = ceil((double)t->blocks / resident);

    p->t_ms[TPX_LIM_DRAM] = (tr->dram_rd_bytes + tr->dram_wr_bytes) / (prof->dram_gbs * 1e6);
    /* A sector written in part costs the L2 a read and a write (it merges
     * the bytes into the sector and recomputes the sector's ECC). */
    double l2_sectors = (double)tr->l2_ld_sectors + (double)tr->l2_st_sectors +
                        (prof->partial_write_cost - 1) * (double)tr->l2_st_partial;
    p->t_ms[TPX_LIM_L2] = 32.0 * l2_sectors / (prof->l2_gbs * 1e6) + rmw_ms(tr, prof);
    p->t_ms[TPX_LIM_L1] = l1_ms(t, prof);
    /* Little's law: a wave of resident blocks issues all its loads (the kernels'
     * loads of a phase are independent) and waits for the slowest. */
    double lines = (double)tr->l2_ld_lines / (double)t->blocks;
    double round_ns = prof->mem_latency_ns + prof->latency_spread_ns * harmonic(lines);
    p->t_ms[TPX_LIM_LATENCY] = p->waves * round_ns * 1e-6;
    p->loads_in_flight = (double)tr->l2_ld_sectors / (double)t->blocks * p->blocks_per_sm;

    p->limiter = TPX_LIM_DRAM;
    for (int i = 1; i < TPX_LIM_COUNT; i++)
        if (p->t_ms[i] > p->t_ms[p->limiter])
            p->limiter = (tpx_limiter)i;
    /* The resources overlap but not perfectly: the time is the 2-norm
     * of the two longest, nearer the max than the sum. */
    double second = 0;
    for (int i = 0; i < TPX_LIM_COUNT; i++)
        if (i != (int)p->limiter && p->t_ms[i] > second)
            second = p->t_ms[i];
    double top = p->t_ms[p->limiter];
    p->ms = sqrt(top * top + second * second);
    double bytes = 2.0 * (double)c->w * (double)c->h * (double)config_esize(c->dtype);
    p->gbs = bytes / (p->ms * 1e6);
    p->valid = isfinite(p->gbs) && p->gbs > 0;
    return p->valid ? 0 : -1;
}
