/* runner_nvml: the GPU's clocks at the time of measuring, and whether they
 * were held down, from NVML when libnvidia-ml.so.1 is present (opened with
 * dlopen: tpx neither links nor needs it).  Without it, the clocks stay
 * unknown and a result file says null: never a made-up value. */
#ifndef TPX_RUNNER_NVML_H
#define TPX_RUNNER_NVML_H

#include "device.h"
#include "runner.h"

/* NVML opened once for a GPU (by its UUID), for a runner's life: NULL when
 * libnvidia-ml.so.1 or the GPU cannot be reached. */
typedef struct nvml_session nvml_session;
nvml_session *nvml_open(const char *uuid);
void nvml_close(nvml_session *s);
/* The clocks now and the throttle-reason bits; 0, or -1 (nothing set). */
int nvml_sample(nvml_session *s, unsigned *sm, unsigned *mem, unsigned long long *bits);
/* The NVIDIA driver's version ("580.65.06"); 0, or -1 with buf "". */
int nvml_driver_version(nvml_session *s, char *buf, unsigned long n);
/* One sample's clocks added to c (nothing when NVML does not answer). */
void nvml_clocks_add(tpx_run_clocks *c, nvml_session *s);

/* Fills d's clocks (clocks_known = 1) for the GPU of d->uuid; 0, or -1 with
 * d unchanged when NVML or the GPU cannot be reached. */
int nvml_read_clocks(tpx_device *d);

/* What the throttle-reason bits say, "power cap, thermal" ("" for none);
 * 1 when one of them holds the clocks down. */
int nvml_describe_reasons(unsigned long long bits, char *buf, unsigned long n);

#endif
