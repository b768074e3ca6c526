/* bench_sweep: the lists `tpx bench` sweeps over, parsed from its options:
 * kernels (or all), blocks (or all: every power-of-two shape, plus any
 * listed), sizes, dtypes, pads (or ranges A..B), the swizzle flag and the
 * tile dtypes.  Each list holds a value once, in the order first named. */
#ifndef TPX_BENCH_SWEEP_H
#define TPX_BENCH_SWEEP_H

#include <stddef.h>

#include "cli.h"
#include "config.h"

#define MAX_ITEMS 128

typedef struct bench_sweep {
    int kernels[TPX_K_COUNT], nk;
    int bx[MAX_ITEMS], by[MAX_ITEMS], nb;
    long long w[MAX_ITEMS], h[MAX_ITEMS];
    int ns;
    tpx_dtype dt[TPX_DTYPE_COUNT];
    int nd;
    int pad[MAX_ITEMS], np;
    int swizzle;
    tpx_dtype tdt[TPX_DTYPE_COUNT]; /* --tile-dtype; none: each dtype's own */
    int ntd;
} bench_sweep;

/* 0, or -1 with a message naming the bad item. */
int bench_sweep_parse(const cli_parsed *p, bench_sweep *s, char *msg, size_t n);

#endif
