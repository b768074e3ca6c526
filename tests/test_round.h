/* The throughput tests' profile of round numbers and their shortcuts
 * (test_predict.c, test_predict_pipe.c, test_traffic.c, ...); include it
 * after cmocka.h. */
#ifndef TPX_TEST_ROUND_H
#define TPX_TEST_ROUND_H

#include "predict.h"
#include "profile.h"
#include "test_cfg.h"
#include "traffic.h"

/* 100 SMs at 2 GHz; a block launch every 0.5 ns; a 500 ns round trip that
 * no warp stretches; DRAM at 4000 GB/s with flat run curves (every run
 * 100 % efficient); the pipe at 1, 0.5, 4 cycles per load miss, hit, store
 * line; a max instead of a p-norm (p = 64). */
static const char *const round_profile =
    "name=Round\ncc=9.0\nsms=100\nmax_threads_per_sm=2048\nmax_blocks_per_sm=32\n"
    "smem_per_sm=233472\nsmem_reserved_per_block=1024\nregs_per_sm=65536\nl2_bytes=50000000\n"
    "peak_gbs=5000\nclock_mhz=2000\nlaunch_ns_per_block=0.5\nlaunch_ns_per_warp=0.02\n"
    "mem_latency_ns=500\nlatency_per_warp=0\ndram_gbs=4000\noverlap_p=64\n"
    "dram_run_read=32:1,1024:1\ndram_run_write=32:1,1024:1\ndram_run_window=1\n"
    "ld_line_cycles=1\nld_hit_line_cycles=0.5\nst_line_cycles=4\nsmem_wavefront_cycles=1\n"
    "smem_instr_cycles=1\nl2_read_sectors_ns=200\nl2_write_sectors_ns=100\n"
    "partial_write_cost=2\n";

static inline tpx_profile round_prof(void)
{
    tpx_profile p;
    char msg[TPX_MSG];
    assert_int_equal(profile_parse(round_profile, &p, msg, sizeof msg), 0);
    return p;
}

/* c's traffic below L1 with an L2 of l2 bytes */
static inline void traffic_of(const tpx_config *c, long long l2, tpx_traffic *tr)
{
    tpx_totals t;
    assert_int_equal(model_totals(c, &t, NULL), 0);
    assert_int_equal(traffic_compute(c, &t, l2, tr), 0);
}

/* c's prediction on prof, and the traffic below L1 it was made from */
static inline void predict_with(const tpx_profile *prof, const tpx_config *c, tpx_traffic *tr,
                                tpx_prediction *p)
{
    tpx_totals t;
    assert_int_equal(model_totals(c, &t, NULL), 0);
    assert_int_equal(traffic_compute(c, &t, prof->l2_bytes, tr), 0);
    assert_int_equal(predict_config(c, &t, tr, prof, p), 0);
}

static inline void predict_cfg(const tpx_profile *prof, const tpx_config *c, tpx_prediction *p)
{
    tpx_traffic tr;
    predict_with(prof, c, &tr, p);
}

static inline void predict_dt(const tpx_profile *prof, tpx_kernel_id k, int bx, int by,
                              long long w, long long h, tpx_dtype dt, tpx_prediction *p)
{
    tpx_config c = test_cfg(k, bx, by, w, h, dt, 0);
    predict_cfg(prof, &c, p);
}

/* ... with padded shared tiles (a walk without conflicts) */
static inline void predict_pad1(const tpx_profile *prof, tpx_kernel_id k, int bx, int by,
                                long long w, long long h, tpx_dtype dt, tpx_prediction *p)
{
    tpx_config c = test_cfg(k, bx, by, w, h, dt, 1);
    predict_cfg(prof, &c, p);
}

static inline void predict_on(const tpx_profile *prof, tpx_kernel_id k, int bx, int by,
                              long long n, tpx_prediction *p)
{
    predict_dt(prof, k, bx, by, n, n, TPX_F32, p);
}

#endif
