/* runner_replay: the runner that answers from results saved by
 * `tpx bench --save` (docs/results-format.md) on any machine. */
#ifndef TPX_RUNNER_REPLAY_H
#define TPX_RUNNER_REPLAY_H

#include <stddef.h>

#include "runner.h"

/* The results in the file at path; NULL and a message if unreadable. */
tpx_runner *runner_replay(const char *path, char *msg, size_t n);
/* Whether a saved row of config a answers config b: kernel, size and dtype,
 * and for tpx's own kernels block, pad, swizzle and tile dtype. */
int replay_same_config(const tpx_config *a, const tpx_config *b);

#endif
