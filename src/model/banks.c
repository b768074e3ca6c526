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

/* Whether the two phases of a load share one wavefront: each needs one, and
 * no bank is asked by both (not even for the same word), unless every active
 * lane of both asks for one and the same element. */
static int phases_share(const bank_set *p0, const bank_set *p1, int one_address)
{
    if (p0->busiest != 1 || p1->busiest != 1)
        return 0;
    if (one_address)
        return 1;
    for (int b = 0; b < 32; b++)
        if (p0->n[b] && p1->n[b])
            return 0;
    return 1;
}

/* Lanes [from, to) of `in`: their banks, and each lane's pass in its phase. */
static void add_phase(const tpx_inst *in, int from, int to, int words, size_t esize,
                      bank_set *ph, bank_set *all, tpx_bank_detail *d, int *pass)
{
    bank_set_clear(ph);
    for (int lane = from; lane < to && lane < in->lanes; lane++) {
        if (!(in->active & (1u << lane)))
            continue;
        long long w0 = in->idx[lane] * (long long)esize / 4;
        d->bank[lane] = (int)(w0 % 32);
        pass[lane] = bank_set_add(ph, w0, words);
        bank_set_add(all, w0, words);
    }
}

/* Whether every active lane of [from, to) asks for one element. */
static int one_address(const tpx_inst *in, int from, int to)
{
    long long first = -1;
    for (int lane = from; lane < to && lane < in->lanes; lane++) {
        if (!(in->active & (1u << lane)))
            continue;
        if (first >= 0 && in->idx[lane] != first)
            return 0;
        first = in->idx[lane];
    }
    return 1;
}

/* Wavefronts of one shared instruction, the rule measured on an H200 with
 * bench/smem_probe.py (1342 patterns, every one matched; docs/kernels.md).
 * A wavefront serves each of the 32 four-byte banks once.  Accesses of up to
 * 4 bytes are served for the whole warp at once: as many wavefronts as the
 * busiest bank has distinct words (lanes asking for the same word share it).
 * Wider accesses go in phases of 128 bytes' worth of lanes, half-warps for 8
 * bytes and quarter-warps for 16, each costing its busiest bank's distinct
 * words, and a phase with no active lane costs nothing.  Stores stop there.
 * Loads pair their phases (the two halves of the warp for 8 bytes, the two
 * quarters of each half-warp for 16): a pair shares one wavefront when each
 * phase needs one and no bank is asked by both, or when all its active lanes
 * read one element; the two half-warps of a 16-byte load never share. */
void model_bank_detail(const tpx_inst *in, size_t esize, tpx_bank_detail *d)
{
    int words = (int)((esize + 3) / 4), plane = model_phase_lanes(esize);
    int pair = plane < 32 ? 2 : 1, load = in->op == TPX_OP_SLD;
    int base = 0, distinct = 0, pass[32] = {0};
    bank_set ph[2], all;
    memset(d, 0, sizeof *d);
    bank_set_clear(&all);
    for (int i = 0; i < 32; i++)
        d->bank[i] = d->pass[i] = -1;
    for (int u0 = 0; u0 < in->lanes; u0 += plane * pair) {
        for (int k = 0; k < pair; k++)
            add_phase(in, u0 + k * plane, u0 + (k + 1) * plane, words, esize, &ph[k], &all, d,
                      pass);
        int shared = pair == 2 && load &&
                     phases_share(&ph[0], &ph[1], one_address(in, u0, u0 + 2 * plane));
        for (int k = 0; k < pair; k++) {
            if (ph[k].busiest == 0)
                continue; /* no active lane: no wavefront */
            for (int lane = u0 + k * plane; lane < u0 + (k + 1) * plane && lane < in->lanes;
                 lane++)
                if (in->active & (1u << lane))
                    d->pass[lane] = base + pass[lane];
            if (shared && k == 0) { /* the second phase rides in the same pass */
                for (int b = 0; b < 32; b++)
                    d->load[b] += ph[0].n[b];
                continue;
            }
            close_group(&ph[k], d, &base);
        }
    }
    d->wavefronts = base;
    for (int b = 0; b < 32; b++)
        distinct += all.n[b];
    /* the fewest passes the warp's distinct words could take: 32 banks a pass */
    d->ideal = distinct ? (distinct + 31) / 32 : 0;
}
