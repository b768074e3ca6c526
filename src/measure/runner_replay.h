/* runner_replay: the runner that answers from results saved by
 * `tpx bench --save` (docs/results-format.md) on any machine. */
#ifndef TPX_RUNNER_REPLAY_H
#define TPX_RUNNER_REPLAY_H

#include <stddef.h>

#include "runner.h"

/* The results in the file at path; NULL and a message if unreadable. */
tpx_runner *runner_replay(const char *path, char *msg, size_t n);

#endif
