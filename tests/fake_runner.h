/* fake_runner: a runner for tests.  It "measures" a config by sleeping
 * (in small steps, watching the cancel flag and reporting progress) and
 * returns a synthetic figure, or a failure for the kernels told to fail. */
#ifndef TPX_FAKE_RUNNER_H
#define TPX_FAKE_RUNNER_H

#include <stdatomic.h>

#include "runner.h"

/* The counters and the delay are atomic: a test reads and changes them
 * while a worker thread measures.  fail_* and gbs are set only while no
 * worker runs. */
typedef struct fake_state {
    atomic_int delay_ms;       /* per measurement */
    tpx_kernel_id fail_kernel; /* this kernel fails with fail_status */
    tpx_status fail_status;
    atomic_int calls;          /* measure() calls so far */
    atomic_int cancelled;      /* of which cancelled */
    double gbs;                /* > 0: the figure every measurement reports instead */
} fake_state;

/* GB/s the fake reports for c: 100 + BX + BY / 10 + the kernel id. */
double fake_gbs(const tpx_config *c);
tpx_runner *fake_runner(int delay_ms);
fake_state *fake_of(tpx_runner *r);

#endif
