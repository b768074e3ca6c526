/* sweep: the configs the Bandwidth view compares with the current one: every
 * kernel at the current size (the bars), and the current kernel at every
 * block shape (the heatmap).  Pure functions of the config. */
#ifndef TPX_SWEEP_H
#define TPX_SWEEP_H

#include <stddef.h>

#include "config.h"
#include "model.h"

/* Heatmap axes: BX and BY = 1, 2, 4, ... 1024. */
#define TPX_SWEEP_SIDE 11
#define TPX_SWEEP_CELLS (TPX_SWEEP_SIDE * TPX_SWEEP_SIDE)

/* Kernel k at base's size and dtype: base's block (and pad and swizzle,
 * for a tiled kernel) where k accepts them, else k's usual block (32x32 for
 * smem, 32x8 otherwise) without pad.  0, or -1 with why in msg. */
int sweep_bar_config(const tpx_config *base, tpx_kernel_id k, const tpx_limits *lim,
                     tpx_config *out, char *msg, size_t n);

/* Cell i (row BY = 2^(i / SIDE), column BX = 2^(i % SIDE)) of the heatmap:
 * base with that block (shapes under a warp too, where the kernel takes
 * them).  0, or -1 with why in msg. */
int sweep_cell_config(const tpx_config *base, int i, const tpx_limits *lim, tpx_config *out,
                      char *msg, size_t n);

/* Every block shape whose sides are powers of two from 1 to 1024 with at
 * most 1024 threads, BY = 1 first; returns how many (<= max). */
int sweep_all_blocks(int *bx, int *by, int max);

/* The model's ranking figure when nothing is measured, 0..1 (1 is best):
 * the bytes the kernel asks for over what it costs, where the cost is the
 * global sectors moved plus a quarter of a sector for every shared
 * wavefront beyond the ideal.  A wavefront serves 128 bytes from on-chip
 * SRAM, several times faster than DRAM, so it is charged less than a sector;
 * but it is charged, so a 32-way conflict never ties a conflict-free tile.
 * docs/model.md explains it.  -1 for a reference (not modelled). */
double sweep_model_score(const tpx_totals *t);

/* The model's predicted GB/s for c on prof (predict.h): 0 with *gbs, or -1
 * when it cannot predict (a reference, a profile without the figures). */
struct tpx_profile;
int sweep_predicted_gbs(const tpx_config *c, const tpx_totals *t, const struct tpx_profile *prof,
                        double *gbs);

#endif
