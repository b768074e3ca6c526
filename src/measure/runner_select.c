#include "runner_select.h"

#include <stdio.h>

#include "runner_replay.h"

tpx_runner *runner_from_options(const char *device_arg, int no_gpu, const char *replay_path,
                                char *msg, size_t n, int *usage)
{
    int dev = 0;
    *usage = 1;
    if (device_arg && config_parse_int(device_arg, "device", &dev, msg, n) != 0)
        return NULL;
    if (replay_path)
        return runner_replay(replay_path, msg, n);
    *usage = 0;
    if (no_gpu)
        return runner_model_only("--no-gpu: model only");
    int count = runner_device_count();
    if (device_arg && count > 0 && dev >= count) {
        snprintf(msg, n, "device %d does not exist: there %s %d (tpx list --devices)", dev,
                 count == 1 ? "is" : "are", count);
        *usage = 1;
        return NULL;
    }
    return runner_open(dev, msg, n);
}
