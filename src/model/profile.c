#include "profile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assets.h"

int profile_parse(const char *text, tpx_profile *p, char *msg, size_t n)
{
    memset(p, 0, sizeof *p);
    const char *line = text ? text : "";
    int lineno = 0;
    while (*line) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        char buf[160];
        lineno++;
        snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf - 1 ? len : sizeof buf - 1), line);
        line += len + (end ? 1 : 0);
        if (buf[0] == '#' || buf[0] == '\0')
            continue;
        char *eq = strchr(buf, '=');
        if (!eq) {
            snprintf(msg, n, "profile line %d: expected key=value", lineno);
            return -1;
        }
        *eq = '\0';
        const char *k = buf, *v = eq + 1;
        char *rest;
        double d = strtod(v, &rest);
        int numeric = rest != v && *rest == '\0';
        if (strcmp(k, "name") == 0) {
            snprintf(p->name, sizeof p->name, "%s", v);
            continue;
        }
        if (!numeric || d < 0) {
            snprintf(msg, n, "profile line %d: '%s' needs a non-negative number", lineno, k);
            return -1;
        }
        if (strcmp(k, "sms") == 0)
            p->sms = (int)d;
        else if (strcmp(k, "max_threads_per_sm") == 0)
            p->max_threads_per_sm = (int)d;
        else if (strcmp(k, "max_blocks_per_sm") == 0)
            p->max_blocks_per_sm = (int)d;
        else if (strcmp(k, "regs_per_sm") == 0)
            p->regs_per_sm = (int)d;
        else if (strcmp(k, "smem_per_sm") == 0)
            p->smem_per_sm = (long long)d;
        else if (strcmp(k, "smem_reserved_per_block") == 0)
            p->smem_reserved_per_block = (long long)d;
        else if (strcmp(k, "l2_bytes") == 0)
            p->l2_bytes = (long long)d;
        else if (strcmp(k, "peak_gbs") == 0)
            p->peak_gbs = d;
        else {
            snprintf(msg, n, "profile line %d: unknown key '%s'", lineno, k);
            return -1;
        }
    }
    if (!p->name[0] || p->sms < 1 || p->max_threads_per_sm < 32 || p->max_blocks_per_sm < 1) {
        snprintf(msg, n, "profile needs name, sms, max_threads_per_sm and max_blocks_per_sm");
        return -1;
    }
    return 0;
}

const tpx_profile *profile_builtin(void)
{
    static tpx_profile p;
    static int loaded;
    if (!loaded) {
        char msg[TPX_MSG];
        if (profile_parse(assets_get("devices/h100_sxm.txt", NULL), &p, msg, sizeof msg) != 0) {
            /* The asset is part of the build; this only guards a broken edit. */
            memset(&p, 0, sizeof p);
            snprintf(p.name, sizeof p.name, "NVIDIA H100 SXM5 (fallback)");
            p.sms = 132, p.max_threads_per_sm = 2048, p.max_blocks_per_sm = 32;
        }
        loaded = 1;
    }
    return &p;
}

void profile_from_device(const tpx_device *d, tpx_profile *p)
{
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "%s", d->name);
    p->sms = d->sms;
    p->max_threads_per_sm = d->max_threads_per_sm;
    p->max_blocks_per_sm = d->max_blocks_per_sm;
    p->smem_per_sm = d->smem_per_sm;
    p->smem_reserved_per_block = 1024; /* sm_80 and newer reserve 1 KB per block */
    p->regs_per_sm = 65536;            /* every GPU tpx builds for */
    p->l2_bytes = d->l2_bytes;
    p->peak_gbs = d->peak_gbs;
}

static int min_int(int a, long long b) { return b < a ? (int)b : a; }

int profile_blocks_per_sm(const tpx_profile *p, const tpx_config *c, int regs)
{
    long long warps = ((long long)c->bx * c->by + 31) / 32;
    int n = p->max_blocks_per_sm;
    if (warps > 0)
        n = min_int(n, p->max_threads_per_sm / (warps * 32));
    if (p->regs_per_sm > 0 && regs > 0 && warps > 0)
        n = min_int(n, p->regs_per_sm / (warps * 32 * regs));
    long long smem = tpx_smem_elems(c->kernel, c->bx, c->by, c->pad) * (long long)config_esize(c->dtype);
    if (smem > 0 && p->smem_per_sm > 0)
        n = min_int(n, p->smem_per_sm / (smem + p->smem_reserved_per_block));
    return n > 0 ? n : 0;
}

void profile_waves(const tpx_config *c, const tpx_device *d, const tpx_occupancy *occ,
                   tpx_waves *w)
{
    memset(w, 0, sizeof *w);
    tpx_geom g = config_geom(c);
    w->blocks = (long long)g.gx * g.gy;
    if (d->valid && occ && occ->valid) {
        w->sms = d->sms;
        w->blocks_per_sm = occ->blocks_per_sm;
        snprintf(w->source, sizeof w->source, "measured occupancy on %s", d->name);
    } else {
        tpx_profile p;
        if (d->valid)
            profile_from_device(d, &p);
        else
            p = *profile_builtin();
        w->sms = p.sms;
        w->blocks_per_sm = profile_blocks_per_sm(&p, c, TPX_ASSUMED_REGS);
        snprintf(w->source, sizeof w->source, "estimated for %s%s, %d registers/thread assumed",
                 d->valid ? "" : "the built-in profile of an ", p.name, TPX_ASSUMED_REGS);
    }
    w->resident = (long long)w->sms * w->blocks_per_sm;
    if (w->resident < 1)
        w->resident = 1;
    w->count = (w->blocks + w->resident - 1) / w->resident;
}
