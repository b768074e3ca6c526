#include "runner_nvml.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* NVML's C ABI, declared here so that no NVML header is needed to build. */
typedef void *nvml_dev;
typedef int (*nvml_init_fn)(void);
typedef int (*nvml_handle_fn)(const char *uuid, nvml_dev *dev);
typedef int (*nvml_clock_fn)(nvml_dev dev, int type, unsigned *mhz);
typedef int (*nvml_reasons_fn)(nvml_dev dev, unsigned long long *bits);

enum { NVML_OK = 0, NVML_CLOCK_SM = 1, NVML_CLOCK_MEM = 2 };

/* The reasons that mean the clocks were held below what the load asked for
 * (idle, application-clock and display settings are not slowdowns). */
static const struct { unsigned long long bit; const char *name; } reasons[] = {
    {0x4, "power cap"},          {0x8, "hardware slowdown"}, {0x10, "sync boost"},
    {0x20, "thermal (software)"}, {0x40, "thermal (hardware)"}, {0x80, "power brake"},
};

int nvml_describe_reasons(unsigned long long bits, char *buf, unsigned long n)
{
    int any = 0;
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof reasons / sizeof reasons[0]; i++) {
        if (!(bits & reasons[i].bit) || used >= n)
            continue;
        used += (size_t)snprintf(buf + used, n - used, "%s%s", any ? ", " : "", reasons[i].name);
        any = 1;
    }
    return any;
}

int nvml_read_clocks(tpx_device *d)
{
    if (!d->uuid[0])
        return -1;
    void *lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib)
        return -1;
    nvml_init_fn init = (nvml_init_fn)dlsym(lib, "nvmlInit_v2");
    nvml_handle_fn handle = (nvml_handle_fn)dlsym(lib, "nvmlDeviceGetHandleByUUID");
    nvml_clock_fn clock = (nvml_clock_fn)dlsym(lib, "nvmlDeviceGetClockInfo");
    nvml_reasons_fn why = (nvml_reasons_fn)dlsym(lib, "nvmlDeviceGetCurrentClocksThrottleReasons");
    int (*shutdown)(void) = (int (*)(void))dlsym(lib, "nvmlShutdown");
    int rc = -1;
    nvml_dev dev;
    unsigned sm = 0, mem = 0;
    unsigned long long bits = 0;
    if (init && handle && clock && shutdown && init() == NVML_OK) {
        if (handle(d->uuid, &dev) == NVML_OK && clock(dev, NVML_CLOCK_SM, &sm) == NVML_OK &&
            clock(dev, NVML_CLOCK_MEM, &mem) == NVML_OK) {
            d->clocks_known = 1;
            d->sm_clock_mhz = (int)sm;
            d->mem_clock_mhz = (int)mem;
            d->throttled = 0;
            d->throttle_reasons[0] = '\0';
            if (why && why(dev, &bits) == NVML_OK)
                d->throttled = nvml_describe_reasons(bits, d->throttle_reasons,
                                                     sizeof d->throttle_reasons);
            rc = 0;
        }
        shutdown();
    }
    dlclose(lib);
    return rc;
}
