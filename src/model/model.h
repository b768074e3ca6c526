/* model: the CPU access model.  For a config it lists each warp-level memory
 * instruction with its lanes' addresses, and prices it the way Nsight Compute
 * counts on sm_70 and newer: global requests, 32-byte sectors and 128-byte
 * lines; shared requests and wavefronts.  It also sums them over a launch,
 * exactly, for any size, without touching every element. */
#ifndef TPX_MODEL_H
#define TPX_MODEL_H

#include <stdatomic.h>
#include <stddef.h>

#include "config.h"

typedef enum tpx_op {
    TPX_OP_GLD, /* global load */
    TPX_OP_GST, /* global store */
    TPX_OP_SLD, /* shared load */
    TPX_OP_SST, /* shared store */
    TPX_OP_COUNT
} tpx_op;

/* One warp-level memory instruction. */
typedef struct tpx_inst {
    tpx_op op;
    tpx_space space;
    int phase, rep;
    int lanes;         /* threads this warp has (32 but for a block's last warp) */
    unsigned active;   /* lanes passing the guard; 0 means the warp skips it */
    long long idx[32]; /* element index in `space` for each lane < lanes */
} tpx_inst;

/* Counts for one instruction or summed over many. requests = insts. */
typedef struct tpx_cost {
    unsigned long long insts;      /* warp instructions with >= 1 active lane */
    unsigned long long sectors;    /* global: distinct 32-byte sectors */
    unsigned long long lines;      /* global: distinct 128-byte lines */
    unsigned long long peak;       /* global: sectors at the line position most of them share */
    unsigned long long wide_peak;  /* the same, of instructions over 3 or 4 positions */
    unsigned long long wide_lines; /* and their lines (model_add_sectors) */
    unsigned long long wavefronts; /* shared: passes over the 32 banks */
    unsigned long long ideal;      /* shared: fewest passes the width allows */
    unsigned long long bytes;      /* bytes the active lanes ask for */
} tpx_cost;

typedef struct tpx_totals {
    tpx_cost op[TPX_OP_COUNT];
    long long blocks, warps_per_block;
} tpx_totals;

/* Per-lane bank picture of a shared instruction (for the Banks view). */
typedef struct tpx_bank_detail {
    int bank[32];   /* bank of the lane's first word, -1 if inactive */
    int pass[32];   /* wavefront that serves the lane, -1 if inactive */
    int load[32];   /* per bank: words it serves, summed over the wavefront groups */
    int wavefronts; /* passes for the instruction */
    int ideal;      /* fewest passes possible at this width */
} tpx_bank_detail;

const char *model_op_name(tpx_op op); /* "global_load", ... */

/* Byte width of one lane's access: the element, or the 16-byte vector of a
 * vectorised kernel (whose move indices then count vectors). */
size_t model_esize(const tpx_config *c);
/* Byte width of one lane's access in an instruction: the tile's element type
 * for a shared tile of its own type, else the matrix's element times the
 * elements a load or a store of the phase moves (tpx_phase_vec,
 * tpx_store_vec): tile_sec's phase 0 moves single elements and its phase 1
 * 16-byte units; tile_gather's phase 1 loads elements and stores units. */
size_t model_inst_esize(const tpx_config *c, const tpx_inst *in);

/* For the launch totals (totals.c), built on model.c's instructions: one
 * instruction of a warp on a tile (side 0 the move's load, 1 its store); the
 * distinct units of `unit` bytes the active lanes cover at byte addresses
 * idx * esize + shift; a cost added `times` times. */
void model_build_inst(const tpx_config *c, const tpx_geom *g, int tbx, int tby, int warp,
                      int phase, int rep, int side, tpx_inst *in);
int model_distinct_units(const tpx_inst *in, size_t esize, long long shift, long long unit,
                         long long *out);
void model_cost_add(tpx_cost *acc, const tpx_cost *c, unsigned long long times);
/* Adds to acc one global instruction's n sorted distinct sectors: their
 * count, their lines, the most of them at one of a line's four positions
 * (the L1 serves one sector of each position a pass, probe l1p) and, where
 * they spread over more than two positions, that count and their lines
 * apart (the L1 then serves fewer lines a pass than positions: probe l1r,
 * docs/prediction.md). */
void model_add_sectors(tpx_cost *acc, const long long *sectors, int n);

int model_warps_per_block(const tpx_config *c);
/* Warp-level memory instructions per warp, in program order. */
int model_insts_per_warp(const tpx_config *c);

/* Fill out[] (room for model_insts_per_warp) with warp `warp` of block
 * (bx, by); returns the count, or -1 for a reference kernel. */
int model_warp_insts(const tpx_config *c, int bx, int by, int warp, tpx_inst *out);

/* The same for the warp working on tile (tbx, tby) after block reordering. */
int model_tile_warp_insts(const tpx_config *c, int tbx, int tby, int warp, tpx_inst *out);

/* Add one instruction's cost to acc (no-op when no lane is active). */
void model_inst_cost(const tpx_inst *in, size_t esize, tpx_cost *acc);

/* Distinct 32-byte sector numbers (byte address / 32) of a global
 * instruction, ascending; returns how many (at most 64). */
int model_inst_sectors(const tpx_inst *in, size_t esize, long long out[64]);

/* Lanes served together in one phase at this access width (32, 16, 8). */
int model_phase_lanes(size_t esize);

void model_bank_detail(const tpx_inst *in, size_t esize, tpx_bank_detail *d);

/* Launch totals.  Returns 0, 1 if *cancel (may be NULL; another thread sets
 * it) became non-zero, -1 for a reference kernel (not modelled).  The config
 * must be valid. */
int model_totals(const tpx_config *c, tpx_totals *t, const atomic_int *cancel);

/* The same by visiting every warp of every block: slow, for tests. */
int model_totals_bruteforce(const tpx_config *c, tpx_totals *t);

/* Derived figures; 0 when undefined (no requests). */
double model_sectors_per_request(const tpx_cost *c);
double model_efficiency(const tpx_cost *c);      /* bytes / (sectors * 32) */
double model_conflict_ways(const tpx_cost *c);   /* wavefronts / ideal */
double model_wavefronts_per_request(const tpx_cost *c);

#endif
