/* insts: the warp instructions a launch issues, for the issue limit
 * (predict.h).  The index arithmetic says which moves a thread makes, not
 * what the compiled code spends around them; the instruction probe
 * (bench/probes/insts.sh: Nsight Compute's count for every catalog kernel at
 * 14 block shapes, 3 dtypes and 5 sizes) measured it, and
 * bench/probes/insts_fit.py wrote what it found as assets/kernel_insts.txt:
 * per kernel and element size, a warp's instructions in a whole tile and in
 * one at the matrix's edge (its moves guarded), a + b x the thread's loads
 * (compiled_loads_per_thread) and c + d x those loads x how full the edge
 * tiles are (insts_edge_active).  docs/prediction.md, "Instruction
 * issue". */
#ifndef TPX_INSTS_H
#define TPX_INSTS_H

#include "config.h"

/* The share of the launch's blocks whose tile is not wholly inside the
 * matrix (0 to 1). */
double insts_edge_share(const tpx_config *c);

/* How full the edge blocks' tiles are, on average: the matrix's elements
 * outside the whole tiles over the edge tiles' room (1 where there are
 * none).  An edge tile's guarded moves run for the elements it holds, so its
 * count's slope is the thread's loads times this (tile_gather 32x8 f16,
 * whose tile is wider than A's rows: 674 instructions a warp at 3x1000001,
 * 842 at 10x300001, 1294 at 26x5000000, Nsight Compute on an H200). */
double insts_edge_active(const tpx_config *c);

/* The record's "fold" instructions: what a grid launched folded
 * (config_grid_folded) costs every warp more (0 where it has none). */
double insts_fold_cost(void);

/* Instructions a warp of c's launch executes, on average over its blocks;
 * 0 where the record has no row for the kernel.  *edge_share (may be NULL):
 * the share of edge blocks it mixed by (insts_edge_share); *fold (may be
 * NULL): the instructions of it that unfold a folded grid (0: not folded). */
double insts_per_warp(const tpx_config *c, double *edge_share, double *fold);

#endif
