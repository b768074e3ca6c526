/* profile: what tpx knows about a GPU without running on it: its limits
 * (how many blocks are resident at once, SMs x blocks per SM) and the
 * constants of the throughput model (predict.h), which bench/probes measure
 * on the GPU itself.  From the real device when there is one (its limits,
 * the other figures of the nearest embedded profile), from a profile
 * embedded in assets/devices otherwise. */
#ifndef TPX_PROFILE_H
#define TPX_PROFILE_H

#include <stddef.h>

#include "config.h"
#include "device.h"

/* A measured curve y(x), x ascending: DRAM efficiency by run length. */
#define TPX_CURVE_MAX 16
typedef struct tpx_curve {
    int n;
    double x[TPX_CURVE_MAX], y[TPX_CURVE_MAX];
} tpx_curve;

/* y at x: linear in log x between points, the end values beyond them. */
double profile_curve_at(const tpx_curve *c, double x);
/* Where x falls among the n increasing points p: the index of the point
 * below and, in *w, the weight of the one above, linear in log x (0 at or
 * below p[0]; the last index and 0 past p[n - 1]).  profile_curve_at's
 * interpolation, for tables binned at a curve's points (traffic_lrc.c). */
int profile_bracket(const double *p, int n, double x, double *w);

typedef struct tpx_profile {
    char name[128];
    int sms;
    int max_threads_per_sm, max_blocks_per_sm, regs_per_sm;
    long long smem_per_sm, smem_reserved_per_block, l2_bytes;
    long long smem_per_block_optin; /* a block's shared memory after opting in; 0: 48 KB */
    double peak_gbs;
    /* for the predicted bandwidth (predict.h, docs/prediction.md); 0 where
     * the profile lacks them.  bench/probes/calibrate.py measures them. */
    double cc;                  /* compute capability, e.g. 9.0 */
    double clock_mhz;           /* SM clock under a memory-bound load */
    double launch_ns_per_block; /* the GPU starts a block every this many ns */
    double launch_ns_per_warp;  /* ... or, for large blocks, this per warp */
    double mem_latency_ns;      /* a block's load round trip at light load */
    double latency_per_warp;    /* the share each warp of a block adds to it */
    double dram_gbs;            /* DRAM bandwidth a copy approaches */
    double overlap_p;           /* the p-norm that overlaps the limits */
    tpx_curve dram_run_read;    /* DRAM efficiency by run length, reads */
    tpx_curve dram_run_write;   /* ... and writes */
    double dram_run_window;     /* launch-adjacent blocks whose runs DRAM joins */
    double dram_join_write;     /* bytes of traffic within which the L2 joins a written
                                 * run with its neighbour (the join probe); 0: none */
    tpx_curve block_run_eff;    /* a block's pace by the contiguous bytes it moves per row
                                 * on one side, over its pace with long rows (the pages
                                 * probe); none: 1 */
    tpx_curve barrier_eff;      /* a block's pace with a barrier between its loads and
                                 * stores over its pace without, by threads per block
                                 * (the barrier probe); none: 1 */
    tpx_curve walk_eff;         /* a tile walk's pace (its shared tile read down columns)
                                 * by the registers a thread's rows hold, over its pace at 8,
                                 * rows of A or B not 128-byte aligned (the reps probe,
                                 * mode 7); none: 1 */
    tpx_curve walk_eff_aligned; /* ... rows of both 128-byte aligned */
    /* Where the rows a tile walk writes do not start on 32-byte sectors (rows
     * of B whose bytes are a multiple of 16, 8, 4 or 2 and no more), the rate
     * its stores drain at over dram_gbs, by the bytes of a tile row (the
     * split probe); none: no such limit */
    tpx_curve walk_split_16, walk_split_8, walk_split_4, walk_split_2;
    /* ... with the blocks in column order (tile_vec's), where the tile that
     * writes the rest of a split sector is the next block (probe splitcol);
     * none: the cartesian curves */
    tpx_curve walk_split_col_16, walk_split_col_8, walk_split_col_4, walk_split_col_2;
    double ld_line_cycles;      /* SM pipe cycles per line a load misses in L1 */
    double ld_hit_line_cycles;  /* ... per line it hits */
    double l1_lines_per_cycle;  /* lines an L1 pass serves when their sectors spread (0: one) */
    double st_line_cycles;      /* ... per line a store writes */
    double smem_wavefront_cycles, smem_instr_cycles; /* ... per shared wavefront, instruction */
    double l2_read_sectors_ns, l2_write_sectors_ns;  /* sectors the L2 serves per ns */
    double partial_write_cost;  /* L2 accesses a partly written sector costs (2: read, write)
                                 * where its block writes half of the line */
    /* the L2's pace at part-written sectors by the share of the line their
     * block writes (1/4 ... 1), pieces under 8 bytes and of 8 or more: probe
     * fill (docs/prediction.md); none: the same at every share */
    tpx_curve partial_fill_4, partial_fill_8;
    tpx_curve partial_req; /* a part-written sector's cost by the sectors of its line a request
                              carries, over one alone (probe pipe, l2_st); none: 1 */
    double rmw_gbs;             /* DRAM read-modify-writes of evicted part-written sectors */
    /* the share of the sectors written in part by several blocks that the L2
     * loses before their last piece, by the data (MB) the resident blocks
     * move: probe colw (docs/prediction.md); none: only the launch distance */
    tpx_curve partial_shared_lost;
    /* the share of the possible merges of the same read request from two
     * blocks that the L2 request coalescer makes, by their distance in launch
     * order, for warp instructions over 1, 2, 4 and 8 lines: probe lrc
     * (traffic_lrc.h); none: no merges */
    tpx_curve lrc_merge_1, lrc_merge_2, lrc_merge_4, lrc_merge_8;
    double issue_per_cycle;     /* warp instructions an SM issues a cycle (0: no issue limit) */
    double issue_busy;          /* ... the share of cycles it issues where they bind (0: 1) */
} tpx_profile;

/* Registers per thread assumed when estimating (the simple kernels use
 * fewer; the measurement reports the real number). */
#define TPX_ASSUMED_REGS 32

/* Parses "key=value" lines ('#' comments).  0, or -1 with a message. */
int profile_parse(const char *text, tpx_profile *p, char *msg, size_t n);
/* The profile used without a GPU: H100 SXM unless profile_select chose
 * another.  Never NULL. */
const tpx_profile *profile_builtin(void);
/* The short name of an embedded profile ("h100_sxm"), NULL for one made
 * from a device. */
const char *profile_id(const tpx_profile *p);
/* The launch limits a config is checked against: CUDA's defaults, with the
 * shared memory a block may opt in to on d when it is valid, else on p
 * (NULL: the selected profile).  The same for a run, its file and its replay. */
void profile_limits(const tpx_device *d, const tpx_profile *p, tpx_limits *out);
/* Profiles embedded in assets/devices, by short name ("h200", "h100_sxm"). */
const char *profile_names_list(void); /* "a100, h100_sxm, ..." for messages */
/* The named profile, or NULL with a message listing the known names. */
const tpx_profile *profile_find(const char *name, char *msg, size_t n);
/* Makes the named profile the one profile_builtin returns.  0, or -1 with a message. */
int profile_select(const char *name, char *msg, size_t n);
/* A profile from a real device's facts. */
void profile_from_device(const tpx_device *d, tpx_profile *p);

/* The profile for predictions: the real device's when d is valid, else the
 * selected (or default) embedded one. */
void profile_current(const tpx_device *d, tpx_profile *out);

/* Blocks of config c resident on one SM, estimated from the profile's
 * limits (threads, blocks, shared memory, registers at regs per thread). */
int profile_blocks_per_sm(const tpx_profile *p, const tpx_config *c, int regs);

/* What caps the blocks per SM. */
typedef enum tpx_occ_limit {
    TPX_OCC_THREADS,
    TPX_OCC_BLOCKS,
    TPX_OCC_SMEM,
    TPX_OCC_REGS
} tpx_occ_limit;
/* profile_blocks_per_sm, and which limit decides ("threads per SM", ...). */
int profile_occupancy(const tpx_profile *p, const tpx_config *c, int regs, tpx_occ_limit *why);
const char *profile_occ_limit_words(tpx_occ_limit l);

/* The blocks resident together (a wave) for config c: SMs x blocks per SM
 * from the measured occupancy when occ is valid (NULL: none), else estimated from the
 * device's limits, else from the built-in profile (d->valid = 0). */
typedef struct tpx_waves {
    int sms, blocks_per_sm;
    long long resident;  /* sms * blocks_per_sm, at least 1 */
    long long blocks;    /* in the grid */
    long long count;     /* waves */
    char source[200];    /* where the figures come from, in words */
} tpx_waves;

void profile_waves(const tpx_config *c, const tpx_device *d, const tpx_occupancy *occ,
                   tpx_waves *w);

#endif
