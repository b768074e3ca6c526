/* footprint: which thread of which block reads an element of A or writes an
 * element of B (the Map view's question, asked once per screen cell).
 *
 * Every kernel's tile covers a rectangle of A and one of B, and tiles sit
 * next to each other with a constant step.  footprint_build() measures that
 * rectangle and, for each element in it, the thread and repetition that
 * moves it, by running the kernel's own index functions (tpx_index.h) on one
 * tile of a very large virtual matrix.  A lookup is then O(1) at any size. */
#ifndef TPX_FOOTPRINT_H
#define TPX_FOOTPRINT_H

#include "config.h"

typedef struct tpx_who {
    int bx, by;   /* the launch block */
    int tbx, tby; /* the tile it works on (differs for the diagonal kernels) */
    int thread;   /* tx + ty * BX */
    int warp, lane;
    int rep;      /* which of the thread's moves (unrolled and tiled kernels) */
} tpx_who;

typedef struct tpx_fp_side {
    int ok;                   /* 0: the kernel's tiles do not tile this matrix simply */
    long long rows, cols;     /* the matrix */
    long long eh, ew;         /* one tile's rectangle */
    long long ur, uc, vr, vc; /* the rectangle's step per tile in x (u) and in y (v) */
    int *who;                 /* eh * ew entries: thread | rep << 16, -1 for none */
    /* The grid's last tile, from the real matrix: where a tile cut by the
     * matrix's end lays its moves out differently (tile_strip's last strip
     * divides by its own length), the map of the first tile would answer
     * wrongly there.  Rows tr0 .. tr0 + teh - 1, columns tc0 .. + tew - 1. */
    int *tail;
    long long tr0, tc0, teh, tew;
} tpx_fp_side;

enum { TPX_SIDE_A, TPX_SIDE_B };

typedef struct tpx_footprint {
    tpx_config cfg;
    tpx_geom g;
    tpx_fp_side side[2];
} tpx_footprint;

/* 0, or -1 for a reference kernel or when out of memory (then fp is empty
 * but may still be freed). */
int footprint_build(tpx_footprint *fp, const tpx_config *c);
/* The same without the last tile's map (tail stays NULL): the layout a
 * caller that never asks footprint_who needs, two tile walks of five fewer. */
int footprint_build_layout(tpx_footprint *fp, const tpx_config *c);
void footprint_free(tpx_footprint *fp);

/* Who moves element (r, c) of side A or B; 0, or -1 when no thread does
 * (outside the matrix, or the side is not ok). */
int footprint_who(const tpx_footprint *fp, int side, long long r, long long c, tpx_who *out);

/* The launch block that works on tile (tbx, tby): tpx_tile_block, the
 * inverse of tpx_block_tile (every block remapping is a bijection). */
void footprint_block_of_tile(tpx_kernel_id k, const tpx_geom *g, int tbx, int tby, int *bx,
                             int *by);

/* Element (row, column) of side A or B at a linear index of that matrix, in
 * accesses (tpx_vec elements each): the access's first element. */
void footprint_rc(const tpx_footprint *fp, int side, long long idx, long long *r, long long *c);

/* Whether B is a copy of A (H x W) rather than its transpose (W x H):
 * the kernel table's TPX_KF_COPY. */
int footprint_is_copy(tpx_kernel_id k);

#endif
