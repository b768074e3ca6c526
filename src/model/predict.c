#include "predict.h"

#include <math.h>
#include <string.h>

#include "compiled.h"
#include "insts.h"
#include "locality.h"

static const char *const lim_names[TPX_LIM_COUNT] = {"launch", "latency", "dram", "l2", "sm",
                                                      "split",  "issue"};

const char *predict_limiter_name(tpx_limiter l) { return l < TPX_LIM_COUNT ? lim_names[l] : "?"; }

static const char *const lim_words[TPX_LIM_COUNT] = {
    "block launches", "bytes in flight (memory latency)", "DRAM bandwidth", "L2 bandwidth",
    "the SMs' load/store pipe", "split-row stores", "instruction issue"};

const char *predict_limiter_words(tpx_limiter l) { return l < TPX_LIM_COUNT ? lim_words[l] : "?"; }

static const char *const lim_short[TPX_LIM_COUNT] = {"block launches", "bytes in flight", "DRAM",
                                                     "L2", "SM ld/st pipe", "split rows",
                                                     "instr. issue"};

const char *predict_limiter_short(tpx_limiter l) { return l < TPX_LIM_COUNT ? lim_short[l] : "?"; }

/* Waves under this many are counted whole: the last one runs part-empty. */
#define PREDICT_WHOLE_WAVES 8

static int profile_complete(const tpx_profile *p)
{
    return p->sms > 0 && p->clock_mhz > 0 && p->dram_gbs > 0 && p->mem_latency_ns > 0 &&
           p->launch_ns_per_block > 0 && p->overlap_p >= 1 && p->l2_read_sectors_ns > 0 &&
           p->l2_write_sectors_ns > 0 && p->partial_write_cost >= 1;
}

/* The L1 passes of a launch's loads.  The L1 serves one sector of each of a
 * line's four positions a pass (probe l1p), so an instruction takes as many
 * passes as the most of its sectors at one position; where they spread over
 * three or four positions, at most l1_lines_per_cycle lines a pass (probe
 * l1r: 2.77 on the H200 at real row pitches, where 4 were possible if the
 * positions were all the L1 minded).  A profile without it: a pass a line. */
static double l1_passes(const tpx_cost *ld, const tpx_profile *prof)
{
    if (prof->l1_lines_per_cycle <= 0)
        return (double)ld->lines;
    double wide = (double)ld->wide_peak;
    double lpc = (double)ld->wide_lines / prof->l1_lines_per_cycle;
    return (double)ld->peak - wide + (lpc > wide ? lpc : wide);
}

/* The load/store pipe cycles of one block: a pass per 128-byte line a
 * global load misses in L1, the hits' share of the loads' L1 passes (above;
 * a miss costs ld_line_cycles whatever its position), a pass per line a
 * store writes, per shared wavefront and shared instruction (bench/probes:
 * the pipe probe). */
static double sm_cycles_per_block(const tpx_totals *t, const tpx_traffic *tr,
                                  const tpx_profile *prof, double passes)
{
    double miss = (double)tr->l2_ld_lines, lines = (double)t->op[TPX_OP_GLD].lines;
    double hit = lines - miss;
    double hit_passes = hit > 0 && lines > 0 ? passes * hit / lines : 0;
    double shw = (double)(t->op[TPX_OP_SLD].wavefronts + t->op[TPX_OP_SST].wavefronts);
    double shi = (double)(t->op[TPX_OP_SLD].insts + t->op[TPX_OP_SST].insts);
    double cyc = miss * prof->ld_line_cycles + hit_passes * prof->ld_hit_line_cycles +
                 (double)t->op[TPX_OP_GST].lines * prof->st_line_cycles +
                 shw * prof->smem_wavefront_cycles + shi * prof->smem_instr_cycles;
    return cyc / (double)t->blocks;
}

/* Occupancy, loads in flight and a block's hold on its slot (Little's law:
 * a slot moves one block's bytes per block_ns). */
static int slots(const tpx_config *c, const tpx_totals *t, const tpx_traffic *tr,
                 const tpx_profile *prof, tpx_prediction *p)
{
    p->blocks = t->blocks;
    p->threads = c->bx * c->by;
    p->warps_per_block = (int)t->warps_per_block;
    p->regs = compiled_regs(c, prof->cc, &p->regs_known);
    p->blocks_per_sm = profile_occupancy(prof, c, p->regs, &p->occ_limit);
    if (p->blocks_per_sm < 1)
        return -1;
    p->occupancy = (double)p->blocks_per_sm * p->warps_per_block * 32 / prof->max_threads_per_sm;
    double resident = (double)prof->sms * p->blocks_per_sm;
    p->waves = (double)t->blocks / resident;
    if (p->waves < PREDICT_WHOLE_WAVES)
        p->waves = ceil(p->waves);
    p->loads_per_thread = compiled_loads_per_thread(c);
    p->loads_in_flight = compiled_loads_in_flight(c);
    double full = fmax(p->loads_per_thread / p->loads_in_flight, 1);
    p->rounds = compiled_rounds(c, full); /* at least 1, as full is */
    p->rounds_edge = p->rounds > 1.05 * full;
    double ld_bytes = (double)tr->l2_ld_sectors * 32 / (double)t->blocks;
    p->bytes_in_flight_sm = ld_bytes / p->rounds * p->blocks_per_sm;
    double passes = l1_passes(&t->op[TPX_OP_GLD], prof);
    p->sm_cycles_block = sm_cycles_per_block(t, tr, prof, passes);
    const tpx_cost *ld = &t->op[TPX_OP_GLD], *st = &t->op[TPX_OP_GST];
    const tpx_cost *sl = &t->op[TPX_OP_SLD], *ss = &t->op[TPX_OP_SST];
    p->ld_lines_per_req = ld->insts ? (double)ld->lines / (double)ld->insts : 0;
    p->ld_passes_per_req = ld->insts ? passes / (double)ld->insts : 0;
    p->st_lines_per_req = st->insts ? (double)st->lines / (double)st->insts : 0;
    unsigned long long ideal = sl->ideal + ss->ideal;
    p->smem_ways = ideal ? (double)(sl->wavefronts + ss->wavefronts) / (double)ideal : 0;
    tpx_geom g = config_geom(c); /* a load's width: phase 0's (tile_sec loads elements) */
    p->access_bytes = (int)(config_esize(c->dtype) * (size_t)tpx_phase_vec(c->kernel, &g, 0));
    p->block_ns = p->rounds * prof->mem_latency_ns *
                      (1 + prof->latency_per_warp * p->warps_per_block) +
                  p->sm_cycles_block / (prof->clock_mhz * 1e-3);
    /* Two phases meet at a barrier: every warp of the block waits for its
     * slowest load before any stores (the barrier probe, by block size). */
    if (tpx_traits_of(c->kernel).phases == 2)
        p->block_ns /= profile_curve_at(&prof->barrier_eff, p->threads);
    /* A block whose rows are short waits on more DRAM pages for its slowest
     * access: its own runs (a window of one block), each side. */
    tpx_runs own;
    if (prof->block_run_eff.n && locality_runs(c, 1, &own) == 0) {
        p->block_run_a = own.a_bytes, p->block_run_b = own.b_bytes;
        p->block_ns /= profile_curve_at(&prof->block_run_eff, own.a_bytes) *
                       profile_curve_at(&prof->block_run_eff, own.b_bytes);
    }
    return 0;
}

/* The L2's lines: it keeps and evicts 128 bytes at a time. */
#define PREDICT_LINE 128.0

/* The runs of B the L2 joins: it holds a dirty line until it evicts it, so
 * the pieces of a line that blocks write within dram_join_write bytes of
 * DRAM traffic of each other reach DRAM together, a run of up to the line.
 * The join probe: 32-byte runs whose neighbour comes D launches later run
 * at the long runs' rate while D blocks' traffic is well under that
 * distance, at the short runs' well beyond it
 * (bench/results/issue18/h200_join.csv); the runs are those of a window of
 * that many blocks, cut at a line, where they are longer than DRAM's own
 * window's.  Not joined: runs past a line (the probe joins some; tile_rows
 * 32x8 at 8192^2 f32 measures at its 128-byte runs' pace, 3536 GB/s on an
 * H200, against 3626 predicted unjoined, 3831 joined), and reads (the
 * probe joins fewer): docs/prediction.md, "Runs the L2 joins". */
static double joined_run_b(const tpx_config *c, const tpx_traffic *tr, const tpx_profile *prof,
                           long long blocks, long long window, double run_b)
{
    double per_block = (tr->dram_rd_bytes + tr->dram_wr_bytes) / (double)(blocks > 0 ? blocks : 1);
    if (prof->dram_join_write <= 0 || per_block <= 0 || run_b >= PREDICT_LINE)
        return run_b;
    double n = prof->dram_join_write / per_block;
    tpx_runs j;
    if (n <= (double)window || locality_runs(c, n < 1e9 ? (long long)n : 1000000000LL, &j) != 0)
        return run_b;
    double line = j.b_bytes < PREDICT_LINE ? j.b_bytes : PREDICT_LINE;
    return line > run_b ? line : run_b;
}

/* DRAM: the traffic at the efficiency of its runs of contiguous bytes. */
static double dram_ms(const tpx_config *c, const tpx_traffic *tr, const tpx_profile *prof,
                      tpx_prediction *p)
{
    tpx_runs runs;
    long long window = prof->dram_run_window >= 1 ? (long long)prof->dram_run_window : 1;
    if (locality_runs(c, window, &runs) != 0)
        runs.a_bytes = runs.b_bytes = 1e12;
    p->run_a = runs.a_bytes;
    p->run_b = joined_run_b(c, tr, prof, p->blocks, window, runs.b_bytes);
    p->run_b_joined = p->run_b > runs.b_bytes;
    p->eta_a = profile_curve_at(&prof->dram_run_read, runs.a_bytes);
    p->eta_b = profile_curve_at(&prof->dram_run_write, p->run_b);
    double lost = TRAFFIC_RMW_BYTES * p->shared_lost; /* each way (shared_lost) */
    p->dram_bytes = tr->dram_rd_bytes + tr->dram_wr_bytes + 2 * lost;
    p->dram_again = tr->reread_bytes;
    /* An atom read again goes at a lone atom's pace where A's runs are
     * shorter (an H200's Nsight Compute time for diagonal_col 64x2 and 128x1
     * at 11500x5900 f32: within 5 % of their DRAM bytes at the 64-byte run's
     * efficiency), and at the runs' where they are longer: a column of a
     * narrow A read again streams as the first read did (naive_col 32x4 at
     * 11x5000000 f64: 1280 MB read and 440 written in 389 us, 4.4 TB/s). */
    double eta64 = profile_curve_at(&prof->dram_run_read, 64);
    double again = tr->reread_bytes / (p->eta_a > eta64 ? p->eta_a : eta64);
    /* Lines the L2 lost whole go back merged, a line at a time, whatever the
     * pieces their blocks wrote (traffic.c). */
    double eta_line = profile_curve_at(&prof->dram_run_write, PREDICT_LINE);
    p->dram_whole = tr->whole_wr_bytes;
    p->eta_whole = eta_line > p->eta_b ? eta_line : p->eta_b;
    double whole = tr->whole_wr_bytes / p->eta_whole;
    return ((tr->dram_rd_bytes - tr->reread_bytes + lost) / p->eta_a + again +
            (tr->dram_wr_bytes - tr->whole_wr_bytes + lost) / p->eta_b + whole) /
           (prof->dram_gbs * 1e6);
}

/* What the L2's part-written sectors cost all together: partial_write_cost
 * each where its block writes half of the line, scaled by the fill probe's
 * pace at the block's share against the pace at half, and by what the pipe
 * probe's stores cost at the sectors of the line their request carries
 * against one alone (partial_req; docs/prediction.md); *share: the mean
 * share. */
static double partial_cost(const tpx_traffic *tr, const tpx_profile *prof, double *share)
{
    double cost = 0, counted = 0, shares = 0;
    for (int c = 0; c < TPX_FILL_CLASSES; c++) {
        const tpx_curve *k = c ? &prof->partial_fill_8 : &prof->partial_fill_4;
        double half = profile_curve_at(k, 0.5);
        for (int i = 0; i < TPX_FILL_BINS; i++)
            for (int r = 0; r < TPX_FILL_REQS; r++) {
                double n = tr->l2_st_fill[c][i][r];
                double req = prof->partial_req.n ? profile_curve_at(&prof->partial_req, r + 1) : 1;
                cost += n * req * half / profile_curve_at(k, traffic_fill_share(i));
                counted += n;
                shares += n * traffic_fill_share(i);
            }
    }
    *share = counted > 0 ? shares / counted : 0;
    return prof->partial_write_cost * cost;
}

/* L2: sectors at its read and write rates, a part-written sector about twice
 * (a merge; partial_cost, whose figures go into p for the words), plus the
 * read-modify-writes of part-written sectors it lost alone (a line it lost
 * whole is a stream DRAM's limit prices: dram_ms). */
static double l2_ms(const tpx_traffic *tr, const tpx_profile *prof, tpx_prediction *p)
{
    double part = partial_cost(tr, prof, &p->l2_partial_share);
    if (tr->l2_st_partial > 0 && tr->l2_st_sectors > 0) {
        p->l2_partial = (double)tr->l2_st_partial / (double)tr->l2_st_sectors;
        p->l2_partial_cost = part / (double)tr->l2_st_partial;
    }
    double st = (double)tr->l2_st_sectors - (double)tr->l2_st_partial + part;
    p->l2_merged = traffic_lrc_merged(tr->lrc_sectors, prof, (double)tr->l2_ld_sectors, tr->a_sectors);
    p->l2_merged_share = tr->l2_ld_sectors > 0 ? p->l2_merged / (double)tr->l2_ld_sectors : 0;
    double ms = (((double)tr->l2_ld_sectors - p->l2_merged) / prof->l2_read_sectors_ns +
                 st / prof->l2_write_sectors_ns) * 1e-6;
    if (prof->rmw_gbs > 0)
        ms += 128.0 * (tr->split_evicted - tr->split_evicted_whole + p->shared_lost) /
              (prof->rmw_gbs * 1e6);
    return ms;
}

/* Sectors that several blocks write in part, lost from the L2 before the last
 * piece comes though their writers are launched close together: the resident
 * blocks write them at different points of their lives, and the more data
 * those blocks move the further apart (probe colw: one piece into each of S
 * rows a block, at 1 to 6 blocks an SM; docs/prediction.md, "Writers that
 * run together").  Beyond what the launch distance loses (traffic.c). */
static void shared_lost(const tpx_traffic *tr, const tpx_profile *prof, tpx_prediction *p)
{
    double resident = fmin((double)prof->sms * p->blocks_per_sm, (double)p->blocks);
    p->inflight_mb = resident * tr->working_set / (double)p->blocks * 1e-6;
    if (prof->partial_shared_lost.n == 0 || tr->split_shared <= 0 || tr->l2_resident)
        return;
    double lost = profile_curve_at(&prof->partial_shared_lost, p->inflight_mb) * tr->split_shared;
    p->shared_lost = fmax(lost - tr->split_evicted, 0);
}

/* Latency and DRAM share one queue: as the bytes in flight approach what
 * DRAM drains, each round trip waits longer.  t = t_dram / (1 - e^(-t_dram /
 * t_lat)) is t_lat when few bytes are in flight and t_dram when many are;
 * the stream probe follows it (docs/prediction.md). */
static double memory_ms(double dram, double lat)
{
    if (lat <= 0)
        return dram;
    if (dram <= 0)
        return lat;
    double x = dram / lat;
    return x > 50 ? dram : dram / -expm1(-x);
}

/* Rows of B that do not start on 32-byte sectors: the walk writes each tile
 * row into one more sector than it fills, shared with the tile beside it.
 * The split probe finds the cost on the written side only (rows read across
 * sectors cost nothing), by the bytes of a tile row and how finely the
 * rows' bytes divide 32: all but one row in 32 / that start inside a sector
 * (bench/results/issue18/h200_split_probe_*.csv, docs/prediction.md).  The
 * stores then drain at a rate of their own, a limit beside the others: a
 * walk already slowed by its bank conflicts (no padding) or by short DRAM
 * runs hides most of it, as tile_rows p0 at 8192x8193 measures. */
static void split_limit(const tpx_config *c, long long e, int tile_w, const tpx_profile *prof,
                        tpx_prediction *p)
{
    long long row_bytes = c->h * e;
    int g = 1;
    while (g < 32 && row_bytes % (2 * g) == 0)
        g *= 2;
    if (g >= 32)
        return;
    int i = g >= 16 ? 0 : g >= 8 ? 1 : g >= 4 ? 2 : 3;
    const tpx_curve *cart[] = {&prof->walk_split_16, &prof->walk_split_8, &prof->walk_split_4,
                               &prof->walk_split_2};
    const tpx_curve *col[] = {&prof->walk_split_col_16, &prof->walk_split_col_8,
                              &prof->walk_split_col_4, &prof->walk_split_col_2};
    /* in column order the tile beside is the next block: probe splitcol */
    int next = tpx_traits_of(c->kernel).remap == TPX_REMAP_COL && col[i]->n;
    const tpx_curve *cv = next ? col[i] : cart[i];
    if (cv->n == 0)
        return;
    p->split_next = next;
    p->split_bytes = g;
    p->split_tile = tile_w * (int)e; /* the drain follows the row's bytes, not elements */
    p->split_gbs = profile_curve_at(cv, p->split_tile) * prof->dram_gbs;
    p->t_ms[TPX_LIM_SPLIT] = (double)c->w * (double)c->h * (double)e / (p->split_gbs * 1e6);
}

/* A tile walk (tile_rows; tile_vec where rows do not start on 16 bytes): ptxas
 * gives the body 32 registers, so a thread whose rows need more than that
 * keeps only part of its loads ahead and issues its shared stores in a run
 * after them; its warps then wait on the shared-memory (MIO) queue, most
 * where a row load takes two L1 passes (rows of A or B not 128-byte
 * aligned).  The reps probe measures the pace by the registers the rows
 * hold (rows x 4-byte words an element): bench/results/issue18/
 * h200_reps_pad*.csv, docs/prediction.md. */
static void walk_pace(const tpx_config *c, const tpx_profile *prof, tpx_prediction *p)
{
    tpx_traits k = tpx_traits_of(c->kernel);
    tpx_geom g = config_geom(c);
    p->walk_eff = 1;
    /* tile_vec's element path (vec 1) is the same walk; its 16-byte path is not */
    if (k.phases != 2 || k.reps != TPX_REPS_WALK || ((k.flags & TPX_KF_REGT) && tpx_vec(&g) > 1))
        return;
    long long e = (long long)config_esize(c->dtype);
    int words = e > 4 ? (int)(e / 4) : 1;
    p->walk_regs = (int)compiled_loads_per_thread(c) * words;
    p->walk_aligned = (long long)c->w * e % 128 == 0 && (long long)c->h * e % 128 == 0;
    p->walk_eff = profile_curve_at(p->walk_aligned ? &prof->walk_eff_aligned : &prof->walk_eff,
                                   p->walk_regs);
    split_limit(c, e, g.bx, prof, p);
}

/* The warp instructions the SMs issue: every warp's, issue_per_cycle an SM a
 * cycle.  Where the tiles are mostly outside the matrix (a few rows or
 * columns) a warp runs its moves' guards to move an element or two, and this
 * binds: tile_vec 32x8 at 1x67108864 f32 on an H200 issues 7.2 G warp
 * instructions in 8.1 ms, 85 % of the SMs' issue slots, where its bytes
 * need 0.3 (Nsight Compute, bench/results/issue18/h200_ncu_thin.tgz): the
 * slots a bound SM keeps busy, issue_busy, are that probe's. */
static void issue_limit(const tpx_config *c, const tpx_totals *t, const tpx_profile *prof,
                        tpx_prediction *p)
{
    p->insts_per_warp = insts_per_warp(c, &p->edge_share, &p->fold_insts);
    p->edge_active = insts_edge_active(c);
    if (prof->issue_per_cycle <= 0 || p->insts_per_warp <= 0)
        return;
    double warps = (double)t->blocks * (double)t->warps_per_block;
    double busy = prof->issue_busy > 0 && prof->issue_busy <= 1 ? prof->issue_busy : 1;
    p->issue_rate = prof->issue_per_cycle * busy;
    p->t_ms[TPX_LIM_ISSUE] =
        warps * p->insts_per_warp / ((double)prof->sms * p->issue_rate * prof->clock_mhz * 1e3);
}

static void bind(tpx_prediction *p, double mem, double p_norm, int with_split)
{
    const double *t = p->t_ms;
    double parts[5] = {mem, t[TPX_LIM_SM], t[TPX_LIM_L2], with_split ? t[TPX_LIM_SPLIT] : 0,
                       t[TPX_LIM_ISSUE]};
    double top = 0, sum = 0;
    for (int i = 0; i < 5; i++)
        top = parts[i] > top ? parts[i] : top;
    for (int i = 0; i < 5; i++) /* scaled by the largest: no overflow at p = 8 */
        sum += pow(parts[i] / top, p_norm);
    p->ms = top * pow(sum, 1 / p_norm) / p->walk_eff;
    p->limiter = t[TPX_LIM_LATENCY] > t[TPX_LIM_DRAM] ? TPX_LIM_LATENCY : TPX_LIM_DRAM;
    double most = mem; /* the largest of the others that bind */
    if (parts[3] > most && parts[3] >= t[TPX_LIM_SM] && parts[3] >= t[TPX_LIM_L2])
        p->limiter = TPX_LIM_SPLIT, most = parts[3];
    else if (t[TPX_LIM_SM] > most && t[TPX_LIM_SM] >= t[TPX_LIM_L2])
        p->limiter = TPX_LIM_SM, most = t[TPX_LIM_SM];
    else if (t[TPX_LIM_L2] > most)
        p->limiter = TPX_LIM_L2, most = t[TPX_LIM_L2];
    if (parts[4] > most)
        p->limiter = TPX_LIM_ISSUE;
    if (t[TPX_LIM_LAUNCH] >= p->ms) { /* the block launches bound sharply (launch probe) */
        p->ms = t[TPX_LIM_LAUNCH];
        p->limiter = TPX_LIM_LAUNCH;
    }
}

int predict_config(const tpx_config *c, const tpx_totals *t, const tpx_traffic *tr,
                   const tpx_profile *prof, tpx_prediction *p)
{
    memset(p, 0, sizeof *p);
    if (config_is_reference(c->kernel) || !profile_complete(prof) || t->blocks < 1 ||
        t->warps_per_block < 1 || slots(c, t, tr, prof, p) != 0)
        return -1;
    shared_lost(tr, prof, p);
    double per_block = fmax(prof->launch_ns_per_block, prof->launch_ns_per_warp * p->warps_per_block);
    p->t_ms[TPX_LIM_LAUNCH] = (double)t->blocks * per_block * 1e-6;
    p->t_ms[TPX_LIM_LATENCY] = p->waves * p->block_ns * 1e-6;
    p->t_ms[TPX_LIM_DRAM] = dram_ms(c, tr, prof, p);
    p->t_ms[TPX_LIM_L2] = l2_ms(tr, prof, p);
    p->t_ms[TPX_LIM_SM] =
        (double)t->blocks / prof->sms * p->sm_cycles_block / (prof->clock_mhz * 1e3);
    walk_pace(c, prof, p);
    issue_limit(c, t, prof, p);
    double mem = memory_ms(p->t_ms[TPX_LIM_DRAM], p->t_ms[TPX_LIM_LATENCY]);
    bind(p, mem, prof->overlap_p, 0); /* without the split rows: for the words, calibrate.py */
    p->ms_unsplit = p->ms;
    if (p->t_ms[TPX_LIM_SPLIT] > 0)
        bind(p, mem, prof->overlap_p, 1);
    double bytes = 2.0 * (double)c->w * (double)c->h * (double)config_esize(c->dtype);
    p->gbs = bytes / (p->ms * 1e6);
    p->valid = isfinite(p->gbs) && p->gbs > 0;
    return p->valid ? 0 : -1;
}
