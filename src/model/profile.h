/* profile: what the Order view needs to know about a GPU to say how many
 * blocks are resident at once (SMs x blocks per SM).  From the real device
 * when there is one, from a profile embedded in assets/devices otherwise. */
#ifndef TPX_PROFILE_H
#define TPX_PROFILE_H

#include <stddef.h>

#include "config.h"
#include "device.h"

typedef struct tpx_profile {
    char name[128];
    int sms;
    int max_threads_per_sm, max_blocks_per_sm, regs_per_sm;
    long long smem_per_sm, smem_reserved_per_block, l2_bytes;
    long long smem_per_block_optin; /* a block's shared memory after opting in; 0: 48 KB */
    double peak_gbs;
    /* for the predicted bandwidth (predict.h); 0 where the profile lacks them */
    double cc;                /* compute capability, e.g. 9.0 */
    double clock_mhz;         /* SM clock under a memory-bound load */
    double dram_gbs;          /* DRAM bandwidth a copy sustains */
    double l2_gbs;            /* L2 bandwidth for sector traffic */
    double mem_latency_ns;    /* a loaded DRAM round trip */
    double latency_spread_ns; /* mean excess of one load over that */
    double partial_write_cost; /* L2 accesses a partly written sector costs (2: read, write) */
    double rmw_gbs;           /* DRAM read-modify-writes of evicted part-written sectors */
} tpx_profile;

/* Registers per thread assumed when estimating (the simple kernels use
 * fewer; the measurement reports the real number). */
#define TPX_ASSUMED_REGS 32

/* Parses "key=value" lines ('#' comments).  0, or -1 with a message. */
int profile_parse(const char *text, tpx_profile *p, char *msg, size_t n);
/* The profile used without a GPU: H100 SXM unless profile_select chose
 * another.  Never NULL. */
const tpx_profile *profile_builtin(void);
/* Profiles embedded in assets/devices, by short name ("h200", "h100_sxm"). */
const char *profile_names_list(void); /* "a100, h100_sxm, ..." for messages */
/* The named profile, or NULL with a message listing the known names. */
const tpx_profile *profile_find(const char *name, char *msg, size_t n);
/* Makes the named profile the one profile_builtin returns.  0, or -1 with a message. */
int profile_select(const char *name, char *msg, size_t n);
/* A profile from a real device's facts. */
void profile_from_device(const tpx_device *d, tpx_profile *p);

/* The profile for predictions: the real device's when d is valid, else the
 * selected (or default) embedded one. */
void profile_current(const tpx_device *d, tpx_profile *out);

/* Blocks of config c resident on one SM, estimated from the profile's
 * limits (threads, blocks, shared memory, registers at regs per thread). */
int profile_blocks_per_sm(const tpx_profile *p, const tpx_config *c, int regs);

/* The blocks resident together (a wave) for config c: SMs x blocks per SM
 * from the measured occupancy when occ is valid (NULL: none), else estimated from the
 * device's limits, else from the built-in profile (d->valid = 0). */
typedef struct tpx_waves {
    int sms, blocks_per_sm;
    long long resident;  /* sms * blocks_per_sm, at least 1 */
    long long blocks;    /* in the grid */
    long long count;     /* waves */
    char source[200];    /* where the figures come from, in words */
} tpx_waves;

void profile_waves(const tpx_config *c, const tpx_device *d, const tpx_occupancy *occ,
                   tpx_waves *w);

#endif
