/* GPU test: faults are contained and reported per config, never a crash:
 * out of memory, cuBLAS without f16, an invalid config, cancellation; and a
 * timed measurement in both modes has the fields measuring.md asks for.
 * Plain C.  Exit 77: no GPU. */
#include <stdio.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "runner.h"
#include "test_cfg.h"

static int fails;

#define EXPECT(cond, ...)                                                                        \
    do {                                                                                         \
        if (!(cond)) {                                                                           \
            printf("FAIL line %d: ", __LINE__);                                                  \
            printf(__VA_ARGS__);                                                                 \
            printf("\n");                                                                        \
            fails++;                                                                             \
        }                                                                                        \
    } while (0)

static tpx_config cfg(tpx_kernel_id k, int bx, int by, long long w, long long h, tpx_dtype t)
{
    return test_cfg(k, bx, by, w, h, t, 0);
}

static void timed(tpx_runner *r, int hot)
{
    tpx_config c = cfg(TPX_K_TILE_ROWS, 32, 8, 4096, 4096, TPX_F32);
    c.pad = 1;
    tpx_measure_opts o = runner_default_opts();
    o.hot = hot;
    tpx_measurement m;
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    EXPECT(m.status == TPX_ST_OK, "timed %s: %s", hot ? "hot" : "cold", m.message);
    EXPECT(m.samples >= 10 && m.verified && m.hot == hot, "samples %d", m.samples);
    EXPECT(m.min_ms > 0 && m.min_ms <= m.median_ms && m.gbs > 0, "min %g median %g", m.min_ms,
           m.median_ms);
    EXPECT(m.pct_peak > 0 && m.memcpy_gbs > 0 && m.pct_memcpy > 0, "pct %g memcpy %g",
           m.pct_peak, m.memcpy_gbs);
    EXPECT(m.occ.valid && m.occ.blocks_per_sm > 0 && m.occ.regs_per_thread > 0 &&
               m.occ.smem_per_block >= 32 * 33 * 4,
           "occupancy");
    printf("tile_rows 32x8 p1 4096^2 f32 %s: %.4f ms, %.0f GB/s, %.1f%% of memcpy, noise %.2f%%, "
           "%d samples\n", hot ? "hot" : "cold", m.median_ms, m.gbs, m.pct_memcpy,
           100 * m.noise, m.samples);
}

static void oom(tpx_runner *r)
{
    size_t free_b = 0, total = 0;
    void *hog = NULL;
    cudaMemGetInfo(&free_b, &total);
    /* Leave about 1.5 GB: a 16384^2 f64 transpose needs 4.3 GB. */
    if (free_b > (size_t)3 << 30 && cudaMalloc(&hog, free_b - ((size_t)3 << 29)) != cudaSuccess) {
        cudaGetLastError();
        printf("could not take memory for the out-of-memory test: skipped it\n");
        return;
    }
    tpx_config c = cfg(TPX_K_NAIVE_ROW, 32, 8, 16384, 16384, TPX_F64);
    tpx_measure_opts o = runner_default_opts();
    o.once = 1;
    tpx_measurement m;
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    EXPECT(m.status == TPX_ST_OOM && strstr(m.message, "GB"), "oom: %s %s",
           runner_status_name(m.status), m.message);
    printf("out of memory: %s\n", m.message);
    cudaFree(hog);
    /* and the runner still works afterwards */
    c = cfg(TPX_K_NAIVE_ROW, 32, 8, 1000, 777, TPX_F64);
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    EXPECT(m.status == TPX_ST_OK, "after oom: %s", m.message);
}

int main(void)
{
    if (runner_device_count() == 0) {
        printf("no CUDA device: skipped\n");
        return 77;
    }
    char msg[TPX_MSG];
    tpx_runner *r = runner_open(0, msg, sizeof msg);
    tpx_device d;
    runner_device(r, &d);
    EXPECT(d.valid && d.sms > 0 && d.l2_bytes > 0 && d.peak_gbs > 100, "device facts");
    printf("%s: cc %d.%d, %d SMs, L2 %lld B, peak %.0f GB/s (clock %d kHz, bus %d bits)\n",
           d.name, d.cc_major, d.cc_minor, d.sms, d.l2_bytes, d.peak_gbs, d.mem_clock_khz,
           d.bus_bits);
    tpx_limits lim;
    runner_limits(r, &lim);
    EXPECT(lim.smem_per_block == d.smem_per_block_optin, "opt-in shared memory limit");

    tpx_measure_opts o = runner_default_opts();
    tpx_measurement m;
    tpx_config c = cfg(TPX_K_CUBLAS, 32, 8, 1024, 1024, TPX_F16);
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    EXPECT(m.status == TPX_ST_UNAVAILABLE && strstr(m.message, "f16"), "cublas f16: %s",
           m.message);
    c = cfg(TPX_K_SMEM, 32, 8, 1024, 1024, TPX_F32);
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    EXPECT(m.status == TPX_ST_INVALID && strstr(m.message, "square"), "smem 32x8: %s", m.message);
    atomic_int cancel = 1;
    c = cfg(TPX_K_NAIVE_ROW, 32, 8, 2048, 2048, TPX_F32);
    runner_measure(r, &c, &o, &m, &cancel, NULL, NULL);
    EXPECT(m.status == TPX_ST_CANCELLED, "cancel: %s", runner_status_name(m.status));
    /* a tile above 48 KB: 128x8 f64 tile_rows needs 128*129*8 = 132 KB */
    c = cfg(TPX_K_TILE_ROWS, 128, 8, 4096, 4096, TPX_F64);
    c.pad = 1;
    o.once = 1;
    runner_measure(r, &c, &o, &m, NULL, NULL, NULL);
    EXPECT(m.status == TPX_ST_OK && m.occ.smem_per_block > 48 * 1024, "132 KB tile: %s",
           m.message);
    timed(r, 0);
    timed(r, 1);
    oom(r);
    runner_close(r);
    printf("%s\n", fails ? "FAILED" : "faults contained, measurements complete");
    return fails ? 1 : 0;
}
