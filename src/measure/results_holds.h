/* results_holds: what a result file holds, in words, for a miss ("no result
 * matches"): its sizes, block shapes, kernels and dtypes, each list whole
 * items only (a list that does not fit ends in "..."). */
#ifndef TPX_RESULTS_HOLDS_H
#define TPX_RESULTS_HOLDS_H

#include <stddef.h>

#include "results_read.h"

enum {
    RESULTS_HOLDS_SIZES = 1,
    RESULTS_HOLDS_BLOCKS = 2,
    RESULTS_HOLDS_KERNELS = 4,
    RESULTS_HOLDS_DTYPES = 8,
    RESULTS_HOLDS_ALL = 15,
    RESULTS_HOLDS_PADS = 16 /* "pads 0, 1, swizzle" of the tiled rows */
};

/* Which rows count: pick(row's config, ctx) non-zero; NULL: every row. */
typedef int (*results_pick)(const tpx_config *c, const void *ctx);

/* "sizes 4096x4096, 8192x8192; blocks 8x32, 32x8; ..." for the lists `what`
 * asks for, over the rows pick takes, into buf (n bytes); buf. */
char *results_holds(const results_row *rows, int nrows, results_pick pick, const void *ctx,
                    int what, char *buf, size_t n);

#endif
