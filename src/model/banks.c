/* banks: what one shared-memory instruction costs in wavefronts, lane by
 * lane (the rule: docs/model.md; checked by bench/smem_probe.py). */
#include <string.h>

#include "model.h"

/* Distinct words per bank asked by one group of lanes, in order of first use
 * (a lane's words lie in distinct banks, so a bank holds 32 at most). */
typedef struct bank_set {
    long long word[32][32];
    int n[32];
    int busiest; /* most distinct words any bank holds: the group's passes */
} bank_set;

static void bank_set_clear(bank_set *s)
{
    memset(s->n, 0, sizeof s->n);
    s->busiest = 0;
}

/* Add the `words` words from w0 on; returns the highest slot (pass) used. */
static int bank_set_add(bank_set *s, long long w0, int words)
{
    int pass = 0;
    for (long long w = w0; w < w0 + words; w++) {
        int b = (int)(w % 32), k = 0;
        while (k < s->n[b] && s->word[b][k] != w)
            k++;
        if (k == s->n[b])
            s->word[b][s->n[b]++] = w;
        if (k > pass)
            pass = k;
        if (s->n[b] > s->busiest)
            s->busiest = s->n[b];
    }
    return pass;
}

/* Merge conflict-free `ph` into conflict-free `grp` if the union still asks
 * each bank for one word at most; returns whether it did. */
static int bank_set_merge(bank_set *grp, const bank_set *ph)
{
    if (grp->busiest > 1 || ph->busiest > 1)
        return 0;
    for (int b = 0; b < 32; b++)
        if (ph->n[b] && grp->n[b] && ph->word[b][0] != grp->word[b][0])
            return 0;
    for (int b = 0; b < 32; b++)
        if (ph->n[b] && !grp->n[b]) {
            grp->word[b][0] = ph->word[b][0];
            grp->n[b] = grp->busiest = 1;
        }
    return 1;
}

int model_phase_lanes(size_t esize)
{
    return esize <= 4 ? 32 : (int)(128 / esize);
}

/* Close a group of wavefronts: its banks' loads count, its passes follow. */
static void close_group(const bank_set *grp, tpx_bank_detail *d, int *base)
{
    for (int b = 0; b < 32; b++)
        d->load[b] += grp->n[b];
    *base += grp->busiest;
}

/* Wavefronts of one shared instruction.  A wavefront serves each of the 32
 * four-byte banks once (lanes asking for the same word share it).  Accesses of
 * up to 4 bytes are served as one group, the whole warp; wider ones in phases
 * of 128 bytes' worth of lanes: half-warps for 8 bytes, quarter-warps for 16.
 * A phase needs as many wavefronts as its busiest bank has distinct words,
 * and a phase with no active lane costs nothing.  Consecutive phases that are
 * each conflict-free share one wavefront while together they still ask each
 * bank for one word at most.
 * Why phases: on an H200 a 16-wide unpadded f64 tile reads twice what the
 * whole-warp rule gives (each half-warp pays its 16-way conflict in turn);
 * why the merge: lanes 0, 8, 16 and 24 reading 8 bytes from 8 distinct banks
 * take one wavefront, not one per half (docs/model.md).  bench/smem_probe.py
 * checks this rule and its alternatives against the hardware. */
void model_bank_detail(const tpx_inst *in, size_t esize, tpx_bank_detail *d)
{
    int words = (int)((esize + 3) / 4), plane = model_phase_lanes(esize);
    int base = 0, open = 0, distinct = 0;
    bank_set ph, grp, all; /* the phase, the open group of merged phases, the warp */
    memset(d, 0, sizeof *d);
    bank_set_clear(&all);
    for (int i = 0; i < 32; i++)
        d->bank[i] = d->pass[i] = -1;
    for (int p0 = 0; p0 < in->lanes; p0 += plane) {
        int any = 0, pass[32];
        bank_set_clear(&ph);
        for (int lane = p0; lane < p0 + plane && lane < in->lanes; lane++) {
            if (!(in->active & (1u << lane)))
                continue;
            long long w0 = in->idx[lane] * (long long)esize / 4;
            d->bank[lane] = (int)(w0 % 32);
            pass[lane - p0] = bank_set_add(&ph, w0, words);
            bank_set_add(&all, w0, words);
            any = 1;
        }
        if (!any)
            continue; /* no active lane: no wavefront */
        if (!open || !bank_set_merge(&grp, &ph)) {
            if (open)
                close_group(&grp, d, &base);
            grp = ph;
            open = 1;
        }
        for (int lane = p0; lane < p0 + plane && lane < in->lanes; lane++)
            if (in->active & (1u << lane))
                d->pass[lane] = base + pass[lane - p0];
    }
    if (open)
        close_group(&grp, d, &base);
    d->wavefronts = base;
    for (int b = 0; b < 32; b++)
        distinct += all.n[b];
    /* the fewest passes the warp's distinct words could take: 32 banks a pass */
    d->ideal = distinct ? (distinct + 31) / 32 : 0;
}
