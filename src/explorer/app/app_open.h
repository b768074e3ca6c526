/* app_open: where the explorer opens.  On a result file (--load) that
 * lacks the config asked for, at the nearest config the file has, so the
 * first screen shows a measurement, with a note that says so. */
#ifndef TPX_APP_OPEN_H
#define TPX_APP_OPEN_H

#include <stddef.h>

#include "runner.h"

/* c, or the config runner r has a number for nearest to c keeping the
 * parts `keep` names (TPX_KEEP_*; runner_nearest); note: "opened at
 * 4000x4000, the nearest ... to CONFIG", or "" when c stays. */
void app_open_at(tpx_runner *r, unsigned keep, const tpx_limits *lim, tpx_config *c, char *note,
                 size_t n);

#endif
