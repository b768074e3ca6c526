/* predict: a bandwidth the launch should reach on a device profile, from
 * the traffic at each level (traffic.h), the shared wavefronts, occupancy
 * and waves.  A roofline of times, one per resource, plus the time the
 * memory latency costs when too few loads are in flight (Little's law).
 * The formula and its constants are in docs/prediction.md. */
#ifndef TPX_PREDICT_H
#define TPX_PREDICT_H

#include "model.h"
#include "profile.h"
#include "traffic.h"

typedef enum tpx_limiter {
    TPX_LIM_DRAM,    /* bytes between L2 and DRAM */
    TPX_LIM_L2,      /* sectors L2 serves */
    TPX_LIM_L1,      /* the SMs' load/store pipe: lines, store lines, shared wavefronts */
    TPX_LIM_LATENCY, /* too few loads in flight to cover the memory latency */
    TPX_LIM_COUNT
} tpx_limiter;

typedef struct tpx_prediction {
    int valid;
    double t_ms[TPX_LIM_COUNT]; /* time each resource needs on its own */
    double ms;                  /* predicted launch time */
    double gbs;                 /* 2 * W * H * e / ms, GB = 1e9 */
    tpx_limiter limiter;        /* the resource with the longest time */
    int blocks_per_sm;
    double waves;               /* blocks / (SMs * blocks per SM), rounded up */
    double loads_in_flight;     /* per SM, 32-byte sectors asked of L2 and not yet back */
} tpx_prediction;

const char *predict_limiter_name(tpx_limiter l); /* "dram", "l2", "l1", "latency" */
/* The limiter in words, for people ("DRAM bandwidth", ...). */
const char *predict_limiter_words(tpx_limiter l);

/* 0, or -1 (reference kernel, or a profile without the figures needed; then
 * p->valid = 0 and nothing may be shown). */
int predict_config(const tpx_config *c, const tpx_totals *t, const tpx_traffic *tr,
                   const tpx_profile *prof, tpx_prediction *p);

#endif
