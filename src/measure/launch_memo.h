/* launch_memo: a config's launch totals and traffic below L1, computed once
 * per (config, L2 size) in a process and shared by every synchronous fill
 * (live_fill_sync: headless screens, tpx export, the screen tests).  The
 * screen tests draw hundreds of screens over a few dozen configs, and each
 * screen's Bandwidth bars and heatmap need every kernel and block shape: the
 * totals are pure functions of the config (and the traffic of the L2 size),
 * so they are computed once instead of once per screen.  The live explorer
 * does not use it: its model worker computes each config once anyway. */
#ifndef TPX_LAUNCH_MEMO_H
#define TPX_LAUNCH_MEMO_H

#include "model.h"
#include "traffic.h"

typedef struct tpx_launch {
    int model_rc;     /* model_totals' return: 0, or -1 for a reference */
    tpx_totals totals;
    int have_traffic; /* traffic_compute succeeded (l2_bytes given, model_rc 0) */
    tpx_traffic traffic;
} tpx_launch;

/* The launch of c: from the memo, else computed (and kept).  l2_bytes < 0:
 * no traffic wanted.  Thread-safe. */
void launch_memo_get(const tpx_config *c, long long l2_bytes, tpx_launch *out);

#endif
