/* traffic_block: one block's traffic below L1, the figures traffic_block()
 * (traffic.h) counts and traffic_store.c adds its stores to. */
#ifndef TPX_TRAFFIC_BLOCK_H
#define TPX_TRAFFIC_BLOCK_H

#include "traffic_fill.h"

/* One block's traffic: what its warps ask of L1 and what goes on to L2. */
typedef struct tpx_block_traffic {
    int l1_ld_sectors, l2_ld_sectors, l2_ld_lines, st_sectors, st_partial;
    int l2_st_sectors, l2_st_partial; /* stores after L1's merging (traffic.c) */
    int ld_reqs, st_reqs; /* warp instructions with an active lane (requests to L1) */
    int l2_st_fill[TPX_FILL_CLASSES][TPX_FILL_BINS][TPX_FILL_REQS]; /* l2_st_partial by piece,
                                                                       share and request */
} tpx_block_traffic;

#endif
