/* predict: the bandwidth a launch should reach on a device profile, and which
 * limit binds.  Five limits, each a time with its own formula
 * (docs/prediction.md) and constants measured by bench/probes on the GPU:
 *
 *   launch   the GPU starts blocks at a finite rate (ns per block);
 *   latency  Little's law per block slot: a resident block holds its slot
 *            for its loads' round trip (rounds of the loads a thread has in
 *            flight) plus its own SM work, so bytes in flight = occupancy x
 *            loads in flight x bytes per load; waves and the tail count;
 *   dram     bytes between L2 and DRAM at the efficiency the runs of
 *            contiguous bytes give (the block shape and the block order);
 *   l2       sectors the L2 serves, part-written ones twice;
 *   sm       the SMs' load/store pipe: cycles per line a global access
 *            touches, per store line, per shared wavefront;
 *   split    a walk's stores into rows of B that start inside sectors;
 *   issue    the warp instructions the SMs issue, issue_per_cycle an SM a
 *            cycle: the instruction probe's count a warp (insts.h), whole
 *            tiles and tiles at the edge, whose warps mostly idle.
 *
 * The launch takes the longest of them, overlapped imperfectly (a p-norm;
 * latency and DRAM combine as a queue that fills); the binding limit is the
 * one that dominates, named in predict_explain's words. */
#ifndef TPX_PREDICT_H
#define TPX_PREDICT_H

#include <stddef.h>

#include "model.h"
#include "profile.h"
#include "traffic.h"

typedef enum tpx_limiter {
    TPX_LIM_LAUNCH,  /* block launches */
    TPX_LIM_LATENCY, /* too few bytes in flight for the memory latency */
    TPX_LIM_DRAM,    /* bytes between L2 and DRAM */
    TPX_LIM_L2,      /* sectors L2 serves */
    TPX_LIM_SM,      /* the SMs' load/store pipe: lines, store lines, shared wavefronts */
    TPX_LIM_SPLIT,   /* a walk's stores into rows of B split across 32-byte sectors */
    TPX_LIM_ISSUE,   /* the warp instructions the SMs issue */
    TPX_LIM_COUNT
} tpx_limiter;

typedef struct tpx_prediction {
    int valid;
    double t_ms[TPX_LIM_COUNT]; /* time each limit needs on its own */
    double ms;                  /* predicted launch time */
    double gbs;                 /* 2 * W * H * e / ms, GB = 1e9 */
    tpx_limiter limiter;        /* the binding limit */
    /* what the words quote */
    long long blocks;
    int threads, warps_per_block;
    int blocks_per_sm;
    tpx_occ_limit occ_limit;    /* what caps the blocks per SM */
    int regs, regs_known;       /* registers per thread (known: the build's record) */
    double occupancy;           /* resident warps / the SM's maximum */
    double waves;               /* blocks / resident blocks (whole waves under 8) */
    double loads_per_thread;    /* global loads per thread per phase */
    double loads_in_flight;     /* of those, issued before the first must return */
    double rounds;              /* a block's round trips for its loads, the launch's mean */
    int rounds_edge;            /* 1 where tiles the matrix edge cuts add to them */
    double bytes_in_flight_sm;  /* load bytes per SM in flight at once */
    double block_ns;            /* a block's hold on its slot */
    double sm_cycles_block;     /* its own load/store pipe work */
    double st_lines_per_req;    /* 128-byte lines per global store instruction */
    double ld_lines_per_req;    /* ... per global load instruction */
    double ld_passes_per_req;   /* the L1 passes of those lines (their sectors' positions) */
    double smem_ways;           /* shared wavefronts per instruction over the ideal */
    int access_bytes;           /* bytes one lane's access moves */
    double run_a, run_b;        /* contiguous bytes DRAM sees on each side */
    int run_b_joined;           /* run_b is the L2's join of runs written apart */
    double block_run_a, block_run_b; /* ... that one block moves per row */
    double eta_a, eta_b;        /* the DRAM efficiency of those runs */
    int walk_regs;              /* a tile walk's registers for a thread's rows; 0: not a walk */
    int walk_aligned;           /* ... with the rows of A and B 128-byte aligned */
    double walk_eff;            /* its pace from the profile's walk curves (1: none) */
    int split_bytes;            /* rows of B split across sectors: the most bytes their
                                 * length is a multiple of (2 to 16); 0: on sectors */
    int split_tile;             /* ... the bytes of a tile row (the walk's tile width) */
    double split_gbs;           /* the rate its stores drain at (walk_split_*; 0: none) */
    int split_next;             /* 1: the sector's rest is the next block's (column order) */
    double ms_unsplit;          /* the time with B's rows on sectors (no split limit) */
    double insts_per_warp;      /* warp instructions a warp executes (0: not known) */
    double issue_rate;          /* ... an SM issues a cycle where they bind (0: no limit) */
    double edge_share;          /* blocks whose tile is not wholly inside the matrix */
    double edge_active;         /* ... how full their tiles are (insts_edge_active) */
    double fold_insts;          /* of insts_per_warp, unfolding a grid past CUDA's y (0: none) */
    double dram_bytes;
    double dram_again;          /* of them, sectors of A read again (traffic.h reread_bytes) */
    double dram_whole, eta_whole; /* ... writes of lines the L2 lost whole, their efficiency */
    double l2_partial;          /* store sectors the L2 gets in part, over all it gets */
    double l2_partial_cost;     /* ... the L2 accesses each costs, on average */
    double l2_partial_share;    /* ... the share of its line their block writes, on average */
    double l2_merged;           /* read sectors the L2 request coalescer merges (traffic_lrc.h) */
    double l2_merged_share;     /* ... over the read sectors L1 sends it */
    double inflight_mb;         /* the data the resident blocks move, MB (partial_shared_lost) */
    double shared_lost;         /* sectors written in part by several blocks that the L2 loses
                                   while they run, beyond those their launch distance loses */
} tpx_prediction;

const char *predict_limiter_name(tpx_limiter l); /* "launch", "latency", "dram", "l2", "sm", ... */
/* The limit in a few words ("block launches", "DRAM bandwidth", ...). */
const char *predict_limiter_words(tpx_limiter l);
/* The same in at most 16 characters, for table columns ("bytes in flight"). */
const char *predict_limiter_short(tpx_limiter l);

/* 0, or -1 (reference kernel, or a profile without the figures needed; then
 * p->valid = 0 and nothing may be shown). */
int predict_config(const tpx_config *c, const tpx_totals *t, const tpx_traffic *tr,
                   const tpx_profile *prof, tpx_prediction *p);

/* The binding limit in a sentence with its numbers, e.g. "limited by block
 * launches: 1,048,576 blocks of 64 threads at 0.60 ns each" (predict_words.c). */
void predict_explain(const tpx_prediction *p, const tpx_profile *prof, char *buf, size_t n);
/* What changed between two predictions of the same profile, in a sentence:
 * "the binding limit moved from DRAM bandwidth to the SMs' load/store pipe",
 * or "both are bound by ..." with the figure that changed most. */
void predict_compare(const tpx_prediction *a, const tpx_prediction *b, char *buf, size_t n);

#endif
