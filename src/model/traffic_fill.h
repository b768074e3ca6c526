/* traffic_fill: how much of its 128-byte line one block writes, for each
 * sector the block sends the L2 in part.  The L2 takes a part-written sector
 * faster where the block writes more of the line (probe fill: the pieces of
 * a line that leave one SM together are merged on the way), so the l2 limit
 * prices each such sector by that share (docs/prediction.md, "Part-written
 * sectors by the block's share of the line"). */
#ifndef TPX_TRAFFIC_FILL_H
#define TPX_TRAFFIC_FILL_H

/* Pieces of fewer than 8 bytes, and of 8 or more: the two curves. */
#define TPX_FILL_CLASSES 2
/* The share in quarters of a line: up to 1/4, 1/2, 3/4, all of it. */
#define TPX_FILL_BINS 4
/* The sectors of its line the sector's request to the L2 carries: 1 to 4. */
#define TPX_FILL_REQS 4

/* Bytes a store writes into one sector (a piece, or the block's pieces of
 * the sector the L1 joined). */
typedef struct traffic_piece {
    long long sector;
    int bytes;
    int req;  /* sectors of the line in the same request to the L2 (1-4) */
    int warp; /* the warp that stores it (pieces waiting to be merged) */
    int seq;  /* its place among the block's pieces waiting to be merged */
} traffic_piece;

/* qsort's comparator of pieces, by sector. */
int traffic_piece_cmp(const void *a, const void *b);

/* The sectors a block sends the L2 in part (part[0..np)) counted into
 * hist[class][bin][req - 1] by the piece's bytes, the block's share of the
 * piece's line (the bytes of all its stores' pieces, all[0..na), sorted here,
 * over 128) and the sectors of the line its request carries. */
void traffic_fill_count(traffic_piece *all, int na, const traffic_piece *part, int np,
                        int hist[TPX_FILL_CLASSES][TPX_FILL_BINS][TPX_FILL_REQS]);

/* The share (1/4 ... 1) a bin stands for. */
double traffic_fill_share(int bin);

#endif
