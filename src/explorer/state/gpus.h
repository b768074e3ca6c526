/* gpus: several GPUs' recorded results side by side (`tpx --load h200,h100`).
 * The first file drives the explorer as a single --load does; this set
 * holds every file's runner and, per file, what it recorded for the
 * Bandwidth view's bars (every kernel at the current size), looked up once
 * per config change so that the view only paints. */
#ifndef TPX_GPUS_H
#define TPX_GPUS_H

#include "catalog.h"
#include "runner.h"

#define TPX_GPUS_MAX 4

typedef struct tpx_gpu_bars {
    tpx_device dev;                    /* its name and recorded day */
    int cfg_ok[TPX_K_COUNT];           /* 0: refused at this config */
    tpx_config cfg[TPX_K_COUNT];       /* the bar's config (sweep_bar_config) */
    tpx_measurement m[TPX_K_COUNT];    /* what the file holds for it */
} tpx_gpu_bars;

typedef struct tpx_gpus {
    int n;
    tpx_runner *r[TPX_GPUS_MAX]; /* replay runners, owned by whoever opened them */
    tpx_gpu_bars g[TPX_GPUS_MAX];
} tpx_gpus;

/* Looks up every kernel's bar at config cur in every file (replay runners
 * answer from memory, at once). */
void gpus_fill(tpx_gpus *s, const tpx_config *cur, const tpx_limits *lim);

#endif
