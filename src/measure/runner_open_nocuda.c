/* Built when tpx is compiled without CUDA: there is never a GPU to open. */
#include <stdio.h>

#include "runner.h"

tpx_runner *runner_open(int dev, char *msg, size_t n)
{
    (void)dev;
    snprintf(msg, n, "tpx was built without CUDA: model only");
    return runner_model_only(msg);
}

int runner_device_count(void) { return 0; }
