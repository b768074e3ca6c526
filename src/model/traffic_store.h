/* traffic_store: what a block's store instructions send the L2, after the
 * L1 has merged the pieces of a sector that the block's warps write close
 * together (traffic_block in traffic.c counts a block with it;
 * docs/prediction.md, "Pieces joined in L1", "Warps fed together" and
 * "Different warps, not one warp's successive stores"). */
#ifndef TPX_TRAFFIC_STORE_H
#define TPX_TRAFFIC_STORE_H

#include <stddef.h>

#include "model.h"
#include "traffic_block.h"
#include "traffic_fill.h"

/* When the L1 can merge a warp's store pieces with the block's others. */
typedef enum traffic_merge {
    TRAFFIC_MERGE_NONE,    /* the warp stores when its own loads return */
    TRAFFIC_MERGE_BARRIER, /* after a barrier: every warp of the block at once */
    TRAFFIC_MERGE_FED      /* no barrier, but every sector the warp loads another
                              warp of the block loads too: they wait on the same
                              misses and store together */
} traffic_merge;

/* A block's store pieces: all of them, those the L2 gets in part, and those
 * waiting to be merged. */
typedef struct traffic_store_log {
    traffic_piece *all, *part, *mg;
    int na, np, nm;
} traffic_store_log;

/* Room for `pieces` pieces; 0, or -1 when out of memory (nothing held). */
int traffic_store_open(traffic_store_log *lg, size_t pieces);

/* One store instruction of a warp whose pieces merge as `merge` says:
 * counted into b, its merged pieces held in lg until traffic_store_close. */
void traffic_store_inst(const tpx_inst *in, size_t esize, traffic_merge merge, int warp,
                        traffic_store_log *lg, tpx_block_traffic *b);

/* The merged pieces sent (one L2 write a sector, or one for each piece a
 * warp stores into it), the shares of the lines
 * counted (traffic_fill.h), and lg freed. */
void traffic_store_close(traffic_store_log *lg, tpx_block_traffic *b);

/* fed[w] for each of `warps` warps: 1 where every sector warp w loads is
 * loaded by another warp of the block too.  keys[0..n): sector * 32 + warp
 * of every load sector of the block (sorted here). */
void traffic_store_fed(long long *keys, size_t n, int warps, int *fed);

#endif
