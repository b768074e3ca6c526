/* locality: how long the contiguous runs are that DRAM sees on each side of
 * a launch.  The blocks resident together are a window of consecutive launch
 * ids (the block order of the kernel's table row maps them to tiles); the
 * tiles of a window that sit side by side along a row of A or of B make one
 * run of that row.  DRAM moves whole 64-byte atoms and opens a page per run,
 * so short runs cost it bandwidth (bench/probes: the runs probe, and
 * docs/prediction.md).  The run lengths depend on the block shape (tile
 * width), the order (diagonal, column) and the window (occupancy). */
#ifndef TPX_LOCALITY_H
#define TPX_LOCALITY_H

#include "config.h"

typedef struct tpx_runs {
    double a_bytes; /* mean contiguous run read from A, in bytes */
    double b_bytes; /* mean contiguous run written to B, in bytes */
} tpx_runs;

/* The runs of a window of `resident` consecutive blocks (SMs x blocks per
 * SM), averaged over a few windows of the launch.  0, or -1 for a reference
 * kernel or when out of memory. */
int locality_runs(const tpx_config *c, long long resident, tpx_runs *out);

#endif
