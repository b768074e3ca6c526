#include "runner_nvml.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
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

/* Whether the bits hold one of the slowdowns above. */
static int slowed(unsigned long long bits)
{
    for (size_t i = 0; i < sizeof reasons / sizeof reasons[0]; i++)
        if (bits & reasons[i].bit)
            return 1;
    return 0;
}

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

/* NVML opened for one GPU: the library, its functions and the device. */
struct nvml_session {
    void *lib;
    nvml_dev dev;
    nvml_clock_fn clock;
    nvml_reasons_fn why;
    int (*shutdown)(void);
    int (*driver)(char *buf, unsigned n);
};

nvml_session *nvml_open(const char *uuid)
{
    if (!uuid || !uuid[0])
        return NULL;
    nvml_session *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!s->lib) {
        free(s);
        return NULL;
    }
    nvml_init_fn init = (nvml_init_fn)dlsym(s->lib, "nvmlInit_v2");
    nvml_handle_fn handle = (nvml_handle_fn)dlsym(s->lib, "nvmlDeviceGetHandleByUUID");
    s->clock = (nvml_clock_fn)dlsym(s->lib, "nvmlDeviceGetClockInfo");
    s->why = (nvml_reasons_fn)dlsym(s->lib, "nvmlDeviceGetCurrentClocksThrottleReasons");
    s->shutdown = (int (*)(void))dlsym(s->lib, "nvmlShutdown");
    s->driver = (int (*)(char *, unsigned))dlsym(s->lib, "nvmlSystemGetDriverVersion");
    if (!init || !handle || !s->clock || !s->shutdown || init() != NVML_OK) {
        dlclose(s->lib);
        free(s);
        return NULL;
    }
    if (handle(uuid, &s->dev) != NVML_OK) {
        nvml_close(s);
        return NULL;
    }
    return s;
}

void nvml_close(nvml_session *s)
{
    if (!s)
        return;
    s->shutdown();
    dlclose(s->lib);
    free(s);
}

int nvml_sample(nvml_session *s, unsigned *sm, unsigned *mem, unsigned long long *bits)
{
    *bits = 0;
    if (!s || s->clock(s->dev, NVML_CLOCK_SM, sm) != NVML_OK ||
        s->clock(s->dev, NVML_CLOCK_MEM, mem) != NVML_OK)
        return -1;
    if (s->why && s->why(s->dev, bits) != NVML_OK)
        *bits = 0;
    return 0;
}

int nvml_driver_version(nvml_session *s, char *buf, unsigned long n)
{
    char v[96] = "";
    buf[0] = '\0';
    if (!s || !s->driver || s->driver(v, sizeof v) != NVML_OK)
        return -1;
    v[sizeof v - 1] = '\0';
    snprintf(buf, n, "%s", v);
    return 0;
}

int nvml_read_clocks(tpx_device *d)
{
    nvml_session *s = nvml_open(d->uuid);
    unsigned sm = 0, mem = 0;
    unsigned long long bits = 0;
    if (!s || nvml_sample(s, &sm, &mem, &bits) != 0) {
        nvml_close(s);
        return -1;
    }
    d->clocks_known = 1;
    d->sm_clock_mhz = (int)sm;
    d->mem_clock_mhz = (int)mem;
    d->throttled = nvml_describe_reasons(bits, d->throttle_reasons, sizeof d->throttle_reasons);
    nvml_close(s);
    return 0;
}

/* ---- the clocks of one measurement ----------------------------------------------- */

void nvml_clocks_add(tpx_run_clocks *c, nvml_session *s)
{
    unsigned sm, mem;
    unsigned long long bits;
    if (nvml_sample(s, &sm, &mem, &bits) != 0)
        return;
    /* running means, so no sample list is kept */
    c->samples++;
    c->sm_mhz += ((double)sm - c->sm_mhz) / c->samples;
    c->mem_mhz += ((double)mem - c->mem_mhz) / c->samples;
    c->reason_bits |= bits;
    if (slowed(bits))
        c->throttled++;
    nvml_describe_reasons(c->reason_bits, c->reasons, sizeof c->reasons);
}
