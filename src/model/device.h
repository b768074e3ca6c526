/* device: the facts of a GPU that the model and the measuring side share
 * (from the real device, a built-in profile or a replayed file), and the
 * occupancy a launch reached.  Plain data: no CUDA here. */
#ifndef TPX_DEVICE_H
#define TPX_DEVICE_H

typedef struct tpx_device {
    int valid;                /* 0: no GPU (fields below meaningless) */
    int index;
    char name[128];
    int cc_major, cc_minor;
    int sms;
    long long l2_bytes;
    long long mem_bytes;      /* total device memory */
    int mem_clock_khz, bus_bits;
    double peak_gbs;          /* theoretical: 2 * clock * bus / 8, GB = 1e9 */
    int max_threads_per_sm, max_blocks_per_sm;
    long long smem_per_sm, smem_per_block_optin;
    char source[32];          /* "cuda", "profile" (built-in), "replay" */
    char recorded[16];        /* replay: the day the results were measured (YYYY-MM-DD), or "" */
    char recorded_by[128];    /* replay: "tpx 0.1.0, commit 4f0f866c1a2b on gpu1", or "" */
    /* Facts a result file keeps (format 2).  Zero means unknown: a file
     * says null, never a made-up value. */
    char uuid[48];            /* "GPU-5c3b...", "" unknown */
    int driver_version;       /* the CUDA API the driver supports, 12040 = 12.4 */
    int runtime_version;      /* the CUDA runtime loaded, same encoding */
    int toolkit_version;      /* the CUDA toolkit tpx was built with (format 3) */
    char nvidia_driver[32];   /* the NVIDIA driver, "580.65.06" (NVML; format 3) */
    int ecc_known, ecc;       /* ECC on (1) or off (0), when known */
    int clocks_known;         /* from NVML at the time of measuring */
    int sm_clock_mhz, mem_clock_mhz;
    int throttled;            /* clocks held down (power, thermal, ...) */
    char throttle_reasons[96];
} tpx_device;

typedef struct tpx_occupancy {
    int valid;
    int blocks_per_sm;
    int regs_per_thread;
    long long smem_per_block; /* static + dynamic bytes */
    double occupancy;         /* active warps / max warps per SM */
} tpx_occupancy;

#endif
