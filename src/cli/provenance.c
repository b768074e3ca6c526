#include "provenance.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "git_commit.h"
#include "text.h"
#include "version.h"

/* The host name, sanitized (it is printed and saved); "" when unknown. */
static void host_name(char *buf, size_t n)
{
    char raw[256];
    if (gethostname(raw, sizeof raw - 1) != 0) {
        buf[0] = '\0';
        return;
    }
    raw[sizeof raw - 1] = '\0';
    text_sanitize(buf, n, raw);
}

void provenance_json(json_writer *w)
{
    char host[256];
    json_string(w, "tpx_version", TPX_VERSION);
    json_string(w, "git_commit", TPX_GIT_COMMIT);
    if (TPX_GIT_DIRTY < 0)
        json_null(w, "git_dirty");
    else
        json_bool(w, "git_dirty", TPX_GIT_DIRTY > 0);
    host_name(host, sizeof host);
    json_string(w, "host", host[0] ? host : NULL);
}

void provenance_describe(char *buf, unsigned long n)
{
    char host[256];
    host_name(host, sizeof host);
    snprintf(buf, n, "tpx %s, commit %.12s%s%s%s", TPX_VERSION, TPX_GIT_COMMIT,
             TPX_GIT_DIRTY > 0 ? " (dirty tree)" : "", host[0] ? " on " : "", host);
}

/* 13000 -> "13.0" */
static void cuda_version(char *buf, size_t n, int v)
{
    snprintf(buf, n, "%d.%d", v / 1000, v % 1000 / 10);
}

static void run_line(FILE *f, const tpx_device *d)
{
    char v[16];
    fprintf(f, "  run: NVIDIA driver %s", d->nvidia_driver[0] ? d->nvidia_driver : "unknown");
    if (!d->nvidia_driver[0] && d->driver_version > 0) { /* the CUDA API it supports */
        cuda_version(v, sizeof v, d->driver_version);
        fprintf(f, " (supports CUDA %s)", v);
    }
    if (d->runtime_version > 0) {
        cuda_version(v, sizeof v, d->runtime_version);
        fprintf(f, ", CUDA runtime %s", v);
    }
    if (d->toolkit_version > 0) {
        cuda_version(v, sizeof v, d->toolkit_version);
        fprintf(f, ", built with CUDA %s", v);
    }
    if (d->ecc_known)
        fprintf(f, ", ECC %s", d->ecc ? "on" : "off");
    fputc('\n', f);
}

static void clocks_line(FILE *f, const tpx_run_clocks *c)
{
    if (c->samples <= 0) {
        fprintf(f, "  clocks: not recorded (no NVML, or a file from before format 3)\n");
        return;
    }
    fprintf(f, "  clocks: SM %.0f MHz, memory %.0f MHz (means over %d samples)", c->sm_mhz,
            c->mem_mhz, c->samples);
    if (c->throttled > 0)
        fprintf(f, "; THROTTLED in %d of them (%s): the figure may be low", c->throttled,
                c->reasons[0] ? c->reasons : "reason not given");
    else
        fprintf(f, ", never throttled");
    fputc('\n', f);
}

void provenance_table(FILE *f, const tpx_device *d, const tpx_measurement *m)
{
    char by[256];
    if (!d || !d->valid || m->status != TPX_ST_OK || !m->verified)
        return;
    run_line(f, d);
    if (m->samples > 0)
        clocks_line(f, &m->clocks);
    if (!strcmp(d->source, "replay"))
        snprintf(by, sizeof by, "%s", d->recorded_by[0] ? d->recorded_by : "unknown (an old file)");
    else
        provenance_describe(by, sizeof by);
    fprintf(f, "  measured by: %s\n", by);
}
