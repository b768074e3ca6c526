/* traffic: what reaches the levels below L1 for a config.  The access model
 * (model.h) gives what the warps ask of L1; here the L1's reuse of loaded
 * sectors among the warps of one block, the sectors that reach L2, and the
 * bytes L2 exchanges with DRAM in a cold launch.  docs/prediction.md states
 * the assumptions. */
#ifndef TPX_TRAFFIC_H
#define TPX_TRAFFIC_H

#include "config.h"
#include "model.h"
#include "traffic_block.h"
#include "traffic_fill.h"
#include "traffic_lrc.h"

typedef struct tpx_traffic {
    unsigned long long l1_ld_sectors, l1_st_sectors; /* asked of L1 (= model totals) */
    unsigned long long l2_ld_sectors; /* loads after L1 reuse within each block */
    unsigned long long l2_st_sectors; /* stores, after L1 merges a block's pieces (traffic.c) */
    unsigned long long l2_st_partial; /* of those, sectors written only in part */
    /* ... by their piece's bytes, the block's share of the line and the sectors
     * of the line their request carries (traffic_fill.h) */
    double l2_st_fill[TPX_FILL_CLASSES][TPX_FILL_BINS][TPX_FILL_REQS];
    unsigned long long l2_ld_lines;   /* distinct 128-byte lines loaded, summed per block */
    unsigned long long l2_st_split;   /* waits of a part-written sector for its next writer */
    double split_evicted;             /* of those, expected to leave the L2 half-written */
    double split_evicted_whole;       /* of those, in lines whose four sectors all leave */
    double split_shared;              /* sectors written in part by two or more blocks */
    double whole_wr_bytes;            /* DRAM writes of lines lost whole (in dram_wr_bytes) */
    double reread_shared;  /* 64-byte atoms of A two neighbour blocks both load (far apart in
                              launch order) */
    double reread_evicted; /* of those, expected to leave the L2 in between: DRAM sends them twice */
    double reread_bytes;   /* what DRAM sends again for them (in dram_rd_bytes): 64 bytes each */
    double a_sectors;      /* A's sectors: what the loads ask of the L2 at the least */
    /* load sectors two neighbour blocks ask for in the same request, by the
     * lines an instruction spans and the launch distance (traffic_lrc.h) */
    double lrc_sectors[TRAFFIC_LRC_N][TRAFFIC_LRC_D];
    double dram_rd_bytes, dram_wr_bytes;
    double working_set;               /* 2 * W * H * e */
    int l2_resident;                  /* working set fits in the L2 */
} tpx_traffic;


/* DRAM's bytes each way for a part-written sector the L2 loses alone: its
 * 64-byte atom read and written back (docs/prediction.md, "Sectors written
 * in parts at different times"). */
#define TRAFFIC_RMW_BYTES 64.0

/* The block working on tile (tbx, tby).  0, or -1 for a reference kernel. */
int traffic_block(const tpx_config *c, int tbx, int tby, tpx_block_traffic *b);

/* Launch traffic from the launch totals t; l2_bytes is the L2 size (0:
 * unknown, nothing stays).  0, or -1 for a reference kernel. */
int traffic_compute(const tpx_config *c, const tpx_totals *t, long long l2_bytes, tpx_traffic *tr);

#endif
