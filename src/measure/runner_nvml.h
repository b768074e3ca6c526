/* runner_nvml: the GPU's clocks at the time of measuring, and whether they
 * were held down, from NVML when libnvidia-ml.so.1 is present (opened with
 * dlopen: tpx neither links nor needs it).  Without it, the clocks stay
 * unknown and a result file says null: never a made-up value. */
#ifndef TPX_RUNNER_NVML_H
#define TPX_RUNNER_NVML_H

#include "device.h"

/* Fills d's clocks (clocks_known = 1) for the GPU of d->uuid; 0, or -1 with
 * d unchanged when NVML or the GPU cannot be reached. */
int nvml_read_clocks(tpx_device *d);

/* What the throttle-reason bits say, "power cap, thermal" ("" for none);
 * 1 when one of them holds the clocks down. */
int nvml_describe_reasons(unsigned long long bits, char *buf, unsigned long n);

#endif
