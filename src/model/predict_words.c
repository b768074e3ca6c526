/* predict_words: the binding limit in a sentence with the numbers that make
 * it bind, for the strip, the Bandwidth view, tpx report and tpx compare. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "predict.h"

/* 1048576 -> "1,048,576"; a count past 2^53 (a blocks x warps product at the
 * largest matrices the reader takes) in the %.3g form, which stays exact
 * enough for a sentence and never overflows. */
static void thousands(double v, char *buf, size_t n)
{
    if (!(fabs(v) < 9e15)) {
        snprintf(buf, n, "%.3g", v);
        return;
    }
    char digits[32];
    int len = snprintf(digits, sizeof digits, "%.0f", fabs(v)), o = 0;
    char out[48];
    if (v < 0)
        out[o++] = '-';
    for (int i = 0; i < len; i++) {
        if (i && (len - i) % 3 == 0)
            out[o++] = ',';
        out[o++] = digits[i];
    }
    out[o] = '\0';
    snprintf(buf, n, "%s", out);
}

/* 128 -> "128 B", 24576 -> "24 KB" */
static void bytes_words(double b, char *buf, size_t n)
{
    if (b >= 1 << 20)
        snprintf(buf, n, "%.0f MB", b / (1 << 20));
    else if (b >= 1024)
        snprintf(buf, n, "%.0f KB", b / 1024);
    else
        snprintf(buf, n, "%.0f B", b);
}

static void latency_words(const tpx_prediction *p, const tpx_profile *prof, char *buf, size_t n)
{
    char fl[32], what[160];
    bytes_words(p->bytes_in_flight_sm, fl, sizeof fl);
    if (p->rounds_edge) /* compiled_rounds: the edge path's loop */
        snprintf(what, sizeof what,
                 ", %.1f round trips a block: tiles the matrix edge cuts load one rep at a time "
                 "(%d B a load)",
                 p->rounds, p->access_bytes);
    else
        snprintf(what, sizeof what, " x %.0f load%s of %d B per thread", p->loads_in_flight,
                 p->loads_in_flight == 1 ? "" : "s", p->access_bytes);
    snprintf(buf, n,
             "limited by bytes in flight: occupancy %.0f %% (%s)%s = %s per SM against a %.0f ns "
             "round trip%s",
             100 * p->occupancy, profile_occ_limit_words(p->occ_limit), what, fl,
             prof->mem_latency_ns, p->waves < 8 ? " (a part-empty last wave)" : "");
}

static void dram_words(const tpx_prediction *p, const tpx_profile *prof, char *buf, size_t n)
{
    char ra[32], rb[32], again[160] = "";
    bytes_words(p->run_a, ra, sizeof ra);
    bytes_words(p->run_b, rb, sizeof rb);
    /* said where it is a tenth of the bytes, first: a narrow strip cuts the end */
    if (p->dram_again >= 0.1 * p->dram_bytes)
        snprintf(again, sizeof again,
                 ", %.0f MB of it A read again (atoms the L2 lost between two blocks far "
                 "apart in launch order)",
                 p->dram_again / 1e6);
    int k = snprintf(buf, n,
                     "limited by DRAM bandwidth: %.0f MB at %.0f GB/s%s; reads in runs of %s "
                     "(%.0f %% efficient), writes in runs of %s%s (%.0f %%)",
                     p->dram_bytes / 1e6, prof->dram_gbs, again, ra, 100 * p->eta_a, rb,
                     p->run_b_joined ? " as the L2 joins them" : "", 100 * p->eta_b);
    /* a few-row matrix's B: the pieces' runs say little where the L2 lost
     * whole lines of them and wrote them back merged */
    if (p->dram_whole >= 0.1 * p->dram_bytes && k > 0 && (size_t)k < n)
        snprintf(buf + k, n - (size_t)k, ", %.0f MB of them lines the L2 lost part-written, "
                 "written back whole (%.0f %%)", p->dram_whole / 1e6, 100 * p->eta_whole);
}

static void sm_words(const tpx_prediction *p, char *buf, size_t n)
{
    char why[96];
    if (p->smem_ways >= 1.5)
        snprintf(why, sizeof why, "%.0f-way shared-memory bank conflicts", p->smem_ways);
    else if (p->st_lines_per_req >= p->ld_lines_per_req && p->st_lines_per_req > 1)
        snprintf(why, sizeof why, "%.0f lines per store instruction", p->st_lines_per_req);
    else if (p->ld_lines_per_req > 1 && p->ld_passes_per_req < p->ld_lines_per_req - 0.5)
        snprintf(why, sizeof why, "%.0f lines per load instruction in %.1f L1 passes",
                 p->ld_lines_per_req, p->ld_passes_per_req);
    else if (p->ld_lines_per_req > 1)
        snprintf(why, sizeof why, "%.0f lines per load instruction", p->ld_lines_per_req);
    else
        snprintf(why, sizeof why, "its accesses");
    snprintf(buf, n, "limited by the SMs' load/store pipe: %.0f cycles per block, %s",
             p->sm_cycles_block, why);
}

/* The L2's rate, and where most of the stores reach it in part, what each
 * costs and how much of its line the block writes (the fill probe's share). */
static void l2_words(const tpx_prediction *p, const tpx_profile *prof, char *buf, size_t n)
{
    int k = snprintf(buf, n, "limited by L2 bandwidth: %.0f GB/s of sector traffic",
                     32.0 * (prof->l2_read_sectors_ns + prof->l2_write_sectors_ns) / 2);
    if (p->l2_partial >= 0.5 && k > 0 && (size_t)k < n)
        k += snprintf(buf + k, n - (size_t)k,
                      "; stores in part: %.1f accesses each, a block writing %.0f %% of each line",
                      p->l2_partial_cost, 100 * p->l2_partial_share);
    if (p->l2_merged_share >= 0.05 && k > 0 && (size_t)k < n) /* traffic_lrc.h */
        snprintf(buf + k, n - (size_t)k, "; %.0f %% of the reads merged on the way (blocks side by "
                 "side in launch order asking for the same lines)", 100 * p->l2_merged_share);
}

/* The warps, what each issues and why: at a matrix's edge a warp runs its
 * moves' guards for an element or two. */
static void issue_words(const tpx_prediction *p, char *buf, size_t n)
{
    char warps[32];
    thousands((double)p->blocks * p->warps_per_block, warps, sizeof warps);
    int k = snprintf(buf, n, "limited by instruction issue: %s warps x %.0f instructions, %.1f an SM a cycle",
                     warps, p->insts_per_warp, p->issue_rate);
    char rows[32];
    thousands((double)TPX_GRID_Y_MAX, rows, sizeof rows);
    if (p->fold_insts > 0 && k > 0 && (size_t)k < n) /* config_grid_folded */
        k += snprintf(buf + k, n - (size_t)k, " (%.0f of them unfold the grid: over %s block rows, "
                      "launched in one)", p->fold_insts, rows);
    if (p->edge_share >= 0.5 && k > 0 && (size_t)k < n)
        snprintf(buf + k, n - (size_t)k, "; %.0f %% of the blocks' tiles pass the matrix's edge, "
                 "their warps running the guards for a few elements", 100 * p->edge_share);
}

void predict_explain(const tpx_prediction *p, const tpx_profile *prof, char *buf, size_t n)
{
    char blocks[32];
    if (!p->valid) {
        snprintf(buf, n, "no prediction");
        return;
    }
    switch (p->limiter) {
    case TPX_LIM_LAUNCH:
        thousands((double)p->blocks, blocks, sizeof blocks);
        snprintf(buf, n, "limited by block launches: %s blocks of %d threads, one per %.2f ns",
                 blocks, p->threads, p->t_ms[TPX_LIM_LAUNCH] * 1e6 / (double)p->blocks);
        break;
    case TPX_LIM_LATENCY:
        latency_words(p, prof, buf, n);
        break;
    case TPX_LIM_DRAM:
        dram_words(p, prof, buf, n);
        break;
    case TPX_LIM_L2:
        l2_words(p, prof, buf, n);
        break;
    case TPX_LIM_SPLIT:
        snprintf(buf, n,
                 "limited by split-row stores: rows of B are a multiple of %d bytes, not of 32, "
                 "so each %d-byte tile row writes one more sector than it fills%s (%.0f GB/s)",
                 p->split_bytes, p->split_tile,
                 p->split_next ? ", the rest written by the next block" : "", p->split_gbs);
        break;
    case TPX_LIM_ISSUE:
        issue_words(p, buf, n);
        break;
    default:
        sm_words(p, buf, n);
    }
    size_t len = strlen(buf);
    if (p->walk_eff < 0.995 && len < n) /* the walk's pace (predict.c, walk_pace) */
        snprintf(buf + len, n - len,
                 "; x%.2f: a thread's rows hold %d registers and its shared stores queue%s",
                 p->walk_eff, p->walk_regs, p->walk_aligned ? "" : " (rows not 128-byte aligned)");
    len = strlen(buf);
    if (p->limiter != TPX_LIM_SPLIT && p->ms > 1.005 * p->ms_unsplit && len < n)
        snprintf(buf + len, n - len, "; +%.0f %% time from rows of B split across 32-byte sectors",
                 100 * (p->ms / p->ms_unsplit - 1));
}

/* The walk pace is no limit, so a change of it alone would leave the
 * limits' words unmoved: said after them. */
static void walk_note(const tpx_prediction *a, const tpx_prediction *b, char *buf, size_t n)
{
    double wa = a->walk_eff > 0 ? a->walk_eff : 1, wb = b->walk_eff > 0 ? b->walk_eff : 1;
    size_t len = strlen(buf);
    if (fabs(wb / wa - 1) > 0.005 && len < n)
        snprintf(buf + len, n - len, "; the walk pace x%.2f -> x%.2f (rows a thread)", wa, wb);
}

/* Where the L2 binds both, the price of their part-written sectors (the
 * block's share of the line) may be what moved: said after the limits. */
static void partial_note(const tpx_prediction *a, const tpx_prediction *b, char *buf, size_t n)
{
    size_t len = strlen(buf);
    if (a->limiter == TPX_LIM_L2 && b->limiter == TPX_LIM_L2 && a->l2_partial >= 0.5 &&
        b->l2_partial >= 0.5 && fabs(b->l2_partial_cost / a->l2_partial_cost - 1) > 0.05 && len < n)
        snprintf(buf + len, n - len, "; stores in part: %.1f -> %.1f accesses each (a block writes %.0f %% "
                 "-> %.0f %% of each line)", a->l2_partial_cost, b->l2_partial_cost,
                 100 * a->l2_partial_share, 100 * b->l2_partial_share);
}

void predict_compare(const tpx_prediction *a, const tpx_prediction *b, char *buf, size_t n)
{
    if (!a->valid || !b->valid) {
        snprintf(buf, n, "no prediction to compare");
        return;
    }
    if (a->limiter != b->limiter) {
        snprintf(buf, n, "the binding limit moved from %s to %s",
                 predict_limiter_words(a->limiter), predict_limiter_words(b->limiter));
        walk_note(a, b, buf, n);
        return;
    }
    /* the same limit: its own time's ratio, and the limit whose time moved most */
    int most = a->limiter;
    double best = 0;
    for (int i = 0; i < TPX_LIM_COUNT; i++) {
        double r = a->t_ms[i] > 0 && b->t_ms[i] > 0 ? b->t_ms[i] / a->t_ms[i] : 1;
        double d = r > 1 ? r : 1 / r;
        if (d > best)
            best = d, most = i;
    }
    double own = a->t_ms[a->limiter] > 0 ? b->t_ms[a->limiter] / a->t_ms[a->limiter] : 1;
    int len = snprintf(buf, n, "both bound by %s, whose time is x%.2f", predict_limiter_words(a->limiter), own);
    if (most != (int)a->limiter && len >= 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, "; %s moved most (x%.2f)",
                 predict_limiter_words((tpx_limiter)most), b->t_ms[most] / a->t_ms[most]);
    partial_note(a, b, buf, n);
    walk_note(a, b, buf, n);
}
