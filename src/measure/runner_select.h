/* runner_select: which runner a command's options ask for.  It sits above
 * the runners (model-only, CUDA, replay) so that none of them depends on
 * another: runner.c knows nothing of the replay runner. */
#ifndef TPX_RUNNER_SELECT_H
#define TPX_RUNNER_SELECT_H

#include <stddef.h>

#include "runner.h"

/* The model-only runner with no_gpu, results replayed from replay_path,
 * else the CUDA runner on device `device_arg` (NULL: 0).  NULL with a
 * message when the options are wrong (*usage = 1: an unparsable or absent
 * device, an unreadable result file) or memory ran out (*usage = 0). */
tpx_runner *runner_from_options(const char *device_arg, int no_gpu, const char *replay_path,
                                char *msg, size_t n, int *usage);

#endif
