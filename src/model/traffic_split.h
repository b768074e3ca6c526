/* traffic_split: store sectors written in parts at different times.  The L2
 * holds a sector that a store wrote in part until the rest arrives; if the
 * sector leaves the L2 in between, the L2 pays DRAM a read-modify-write.
 * Whether it leaves depends on how much other traffic passes between the
 * writers: within a block, its warps' skew; between blocks, their distance
 * in launch order (docs/prediction.md, "Sectors written in parts"). */
#ifndef TPX_TRAFFIC_SPLIT_H
#define TPX_TRAFFIC_SPLIT_H

#include "config.h"
#include "model.h"

typedef struct tpx_split {
    int in_block;         /* sectors two or more of the block's stores write in part */
    double cross_pairs;   /* sectors it shares with a neighbour block, each pair counted half */
    double cross_evicted; /* of those, expected to leave the L2 between the two */
    double cross_whole;   /* of the evicted, those in lines the L2 loses whole */
    double cross_share;   /* its share (bytes / 32) of the sectors it shares with a neighbour:
                             summed over the writers, the sectors written by several blocks */
    double reread_pairs;  /* 64-byte atoms of A it loads that a neighbour block loads too, half each */
    double reread_evicted; /* of those, expected to leave the L2 between the two loads */
} tpx_split;

/* One lane's piece of a sector: which sector, how many bytes, and which
 * warp instruction (warp x instructions a warp + its index) moved it. */
typedef struct split_piece {
    long long sector;
    int bytes, inst;
} split_piece;

/* The pieces of op (TPX_OP_GST or TPX_OP_GLD) of the block on tile (tbx,
 * tby) in global memory, sorted by sector, then instruction; NULL when out
 * of memory.  *n is their count. */
split_piece *traffic_split_pieces(const tpx_config *c, int tbx, int tby, tpx_op op, int *n);

/* Neighbour i (0 to 3: the tiles above, below, left and right) of the block
 * on tile (tbx, tby) of grid g: its tile in *nx, *ny, and how many launches
 * apart the two blocks start (the hardware starts blocks in order of their
 * linear index); -1 where it lies outside the grid. */
long long traffic_neighbour(const tpx_config *c, const tpx_geom *g, int tbx, int tby, int i,
                            int *nx, int *ny);

/* The block on tile (tbx, tby).  block_bytes: the L2 traffic of one block
 * (the distance between two blocks is their launch distance times it);
 * life_bytes: the traffic after which a sector has left the L2 with
 * probability 1 - 1/e (0: never).  0, or -1 when out of memory. */
int traffic_split_block(const tpx_config *c, int tbx, int tby, double block_bytes,
                        double life_bytes, tpx_split *s);

/* The load side, into s->reread_*: sectors of A that the block on tile
 * (tbx, tby) and a neighbour both load, and the expected number that DRAM
 * sends twice because the L2 lost them between the two.  0, or -1 when out
 * of memory. */
int traffic_reread_block(const tpx_config *c, int tbx, int tby, double block_bytes,
                         double life_bytes, double shape, tpx_split *s);

#endif
