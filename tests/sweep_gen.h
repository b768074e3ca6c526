/* sweep_gen: random sweeps as tpx bench would hold them before writing,
 * for the round-trip tests (test_roundtrip, roundtrip_gen): every kernel,
 * every block `--block all` names, random sizes, dtypes, pads, swizzles and
 * tile dtypes, each refused config a skip note as bench makes it.  GPU-shaped
 * sweeps carry measurements whose derived figures follow from what they
 * derive from (gbs from the median and the size, pct_peak from the peak,
 * occupancy from blocks per SM), with failures, --once rows and hot beside
 * cold; no-GPU sweeps carry the model only, as `tpx bench --no-gpu`. */
#ifndef TPX_SWEEP_GEN_H
#define TPX_SWEEP_GEN_H

#include "bench.h"

/* A made-up GPU that takes 227 KB tiles (an H100/H200's opt-in). */
void sweep_gen_device(tpx_device *d);

/* Up to `rows` random rows (fewer when configs repeat) into b, which it
 * initialises; gpu: measured rows on sweep_gen_device, else model-only.
 * Sizes stay at most max_side per side (the model's time grows with them). */
void sweep_gen(bench_result *b, unsigned seed, int gpu, int rows, long long max_side);

/* The top of the largest document: a device and command line whose every
 * string is as long as it can be, of characters the writer escapes. */
void sweep_gen_largest_head(bench_result *b);

/* Appends n rows as large as the writer can write (longest names and notes,
 * every optional field, the largest numbers), each of a different size;
 * without `wide`, small sizes (the same fields, numbers a few digits
 * shorter, and the model quick on them). */
void sweep_gen_largest(bench_result *b, int n, int wide);

/* The limits bench checks configs against: the device's, or the profile's. */
void sweep_gen_limits(const bench_result *b, tpx_limits *lim);

#endif
