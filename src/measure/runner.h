/* runner: the one interface through which tpx asks for measurements.
 * Three implementations sit behind it: the CUDA runner (a GPU is present),
 * the model-only runner (no GPU, or --no-gpu) and the replay runner (results
 * saved by `tpx bench --save` on a GPU machine, loaded elsewhere).  Each
 * answer carries validity: "not measured" is never shown as 0. */
#ifndef TPX_RUNNER_H
#define TPX_RUNNER_H

#include <stdatomic.h>
#include <stddef.h>

#include "config.h"
#include "device.h"


typedef enum tpx_status {
    TPX_ST_NOT_MEASURED, /* no GPU, or nothing measured yet */
    TPX_ST_OK,           /* measured and verified */
    TPX_ST_UNAVAILABLE,  /* e.g. cuBLAS has no f16 geam */
    TPX_ST_OOM,          /* the matrices do not fit on the GPU */
    TPX_ST_LAUNCH_ERROR, /* a CUDA call or launch failed */
    TPX_ST_VERIFY_FAILED,/* output differs from the reference: no number shown */
    TPX_ST_CANCELLED,
    TPX_ST_INVALID       /* the config is refused on this GPU */
} tpx_status;

typedef enum tpx_l2_badge { TPX_L2_RESIDENT, TPX_L2_INFLUENCED, TPX_L2_DRAM } tpx_l2_badge;


/* The GPU's clocks while one config was timed, read from NVML after each
 * sample (runner_nvml.c).  samples = 0: unknown (no NVML, a replayed file
 * from before format 3, no GPU). */
typedef struct tpx_run_clocks {
    int samples;                    /* samples whose clocks were read */
    double sm_mhz, mem_mhz;         /* their means */
    int throttled;                  /* of them, taken while a slowdown held the clocks */
    unsigned long long reason_bits; /* NVML's, all samples together */
    char reasons[96];               /* "power cap, thermal (software)", "" none */
} tpx_run_clocks;

typedef struct tpx_measurement {
    tpx_status status;
    char message[256];        /* why, when status is not OK */
    int hot;                  /* 1: back-to-back launches; 0: L2 flushed per sample */
    int samples;              /* 0 with status OK: verified but not timed (opts.once) */
    double min_ms, median_ms, mean_ms;
    double q1_ms, q3_ms, max_ms; /* quartiles and maximum; 0 where unknown (format 1) */
    double noise;             /* relative standard deviation of the samples */
    double gbs;               /* 2*W*H*e / median, GB = 1e9 */
    double pct_peak;          /* of theoretical; < 0 if unknown */
    double memcpy_gbs;        /* memcpy of the same bytes, same run; < 0 if unknown */
    double pct_memcpy;        /* < 0 if unknown */
    int verified;
    tpx_l2_badge badge;
    tpx_occupancy occ;
    tpx_run_clocks clocks;
    char device[128];
} tpx_measurement;

typedef struct tpx_measure_opts {
    int hot;            /* default 0: cold L2 */
    int min_samples;    /* default 10 */
    int max_samples;    /* default 1000 */
    double max_noise;   /* default 0.005 */
    double time_cap_s;  /* default 1.0 per config (after min_samples) */
    int once;           /* expert, for profilers: one launch, verified, not timed */
} tpx_measure_opts;

typedef void (*tpx_progress_fn)(void *ctx, double fraction);

/* What a runner can do (bits of tpx_runner_ops.caps), asked instead of its name. */
enum {
    TPX_RUNNER_LIVE = 1, /* measures a live GPU: worth measuring over and over */
};

typedef struct tpx_runner tpx_runner;

/* One implementation's functions: a `static const` table in its file, so
 * they cannot be changed at run time nor differ between two instances. */
typedef struct tpx_runner_ops {
    const char *name; /* "cuda", "model-only", "replay": for messages only */
    unsigned caps;    /* TPX_RUNNER_* */
    /* Facts of the selected device; .valid = 0 when there is none. */
    void (*device)(tpx_runner *r, tpx_device *out);
    /* Launch limits of the device (defaults when there is none). */
    void (*limits)(tpx_runner *r, tpx_limits *out);
    /* Measure one config. Never crashes on a bad config: sets status.
     * cancel (may be NULL) is set by another thread to stop early. */
    void (*measure)(tpx_runner *r, const tpx_config *c, const tpx_measure_opts *o,
                    tpx_measurement *out, const atomic_int *cancel, tpx_progress_fn progress,
                    void *ctx);
    /* Frees the instance (state and r). */
    void (*close)(tpx_runner *r);
    /* Optional (NULL: the runner answers any config, a GPU): the config it
     * has a number for nearest to c, keeping the parts `keep` names
     * (TPX_KEEP_*); 0 with *out (c itself when it has c), or -1. */
    int (*nearest)(tpx_runner *r, const tpx_config *c, unsigned keep, tpx_config *out);
} tpx_runner_ops;

enum {
    TPX_KEEP_KERNEL = 1,
    TPX_KEEP_BLOCK = 2,
    TPX_KEEP_SIZE = 4,
    TPX_KEEP_DTYPE = 8,
    TPX_KEEP_TILE = 16 /* pad, swizzle and tile dtype */
};

/* One runner: its implementation's table and its own state. */
struct tpx_runner {
    const tpx_runner_ops *ops;
    void *state;
};

static inline const char *runner_name(const tpx_runner *r) { return r->ops->name; }
static inline int runner_is_live(const tpx_runner *r)
{
    return (r->ops->caps & TPX_RUNNER_LIVE) != 0;
}
static inline void runner_device(tpx_runner *r, tpx_device *out) { r->ops->device(r, out); }
static inline void runner_limits(tpx_runner *r, tpx_limits *out) { r->ops->limits(r, out); }
static inline void runner_measure(tpx_runner *r, const tpx_config *c, const tpx_measure_opts *o,
                                  tpx_measurement *out, const atomic_int *cancel,
                                  tpx_progress_fn progress, void *ctx)
{
    r->ops->measure(r, c, o, out, cancel, progress, ctx);
}

static inline int runner_nearest(tpx_runner *r, const tpx_config *c, unsigned keep,
                                 tpx_config *out)
{
    return r->ops->nearest ? r->ops->nearest(r, c, keep, out) : -1;
}

/* A runner of `ops` holding `state` (which close frees); NULL, with state
 * left to the caller, when memory ran out. */
tpx_runner *runner_new(const tpx_runner_ops *ops, void *state);

tpx_measure_opts runner_default_opts(void);

/* The CUDA runner on device `dev` when tpx was built with CUDA and a GPU is
 * there; otherwise the model-only runner, with the reason in msg. */
tpx_runner *runner_open(int dev, char *msg, size_t n);
tpx_runner *runner_model_only(const char *why);
void runner_close(tpx_runner *r);

/* Number of CUDA devices (0 without CUDA or GPU). */
int runner_device_count(void);

const char *runner_status_name(tpx_status s);
const char *runner_badge_name(tpx_l2_badge b);
/* Working set 2*W*H*e against the L2 size. */
tpx_l2_badge runner_badge(long long bytes_moved, long long l2_bytes);
/* 1 when m holds a number to show: measured, verified and timed (samples >
 * 0).  Every printer asks this, so an unverified row never shows GB/s. */
int runner_has_number(const tpx_measurement *m);
void runner_not_measured(tpx_measurement *m, tpx_status s, const char *why);

#endif
