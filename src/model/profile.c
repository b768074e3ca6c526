#include "profile.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assets.h"

/* Keys of a profile file: int fields, long long fields, doubles, curves. */
typedef struct profile_key {
    const char *name;
    size_t off;
    char type; /* 'i', 'l', 'd' or 'c' (a curve: x:y,x:y,...) */
} profile_key;

#define PK(f, t) {#f, offsetof(tpx_profile, f), t}
static const profile_key profile_keys[] = {
    PK(sms, 'i'), PK(max_threads_per_sm, 'i'), PK(max_blocks_per_sm, 'i'), PK(regs_per_sm, 'i'),
    PK(smem_per_sm, 'l'), PK(smem_reserved_per_block, 'l'), PK(l2_bytes, 'l'),
    PK(smem_per_block_optin, 'l'),
    PK(peak_gbs, 'd'), PK(cc, 'd'), PK(clock_mhz, 'd'), PK(launch_ns_per_block, 'd'),
    PK(launch_ns_per_warp, 'd'), PK(mem_latency_ns, 'd'), PK(latency_per_warp, 'd'),
    PK(dram_gbs, 'd'), PK(overlap_p, 'd'), PK(dram_run_read, 'c'), PK(dram_run_write, 'c'),
    PK(dram_run_window, 'd'), PK(dram_join_write, 'd'), PK(barrier_eff, 'c'), PK(block_run_eff, 'c'),
    PK(walk_eff, 'c'), PK(walk_eff_aligned, 'c'), PK(walk_split_16, 'c'), PK(walk_split_8, 'c'),
    PK(walk_split_4, 'c'), PK(walk_split_2, 'c'), PK(walk_split_col_16, 'c'),
    PK(walk_split_col_8, 'c'), PK(walk_split_col_4, 'c'), PK(walk_split_col_2, 'c'),
    PK(ld_line_cycles, 'd'),
    PK(ld_hit_line_cycles, 'd'), PK(l1_lines_per_cycle, 'd'), PK(st_line_cycles, 'd'),
    PK(smem_wavefront_cycles, 'd'), PK(smem_instr_cycles, 'd'),
    PK(l2_read_sectors_ns, 'd'), PK(l2_write_sectors_ns, 'd'), PK(partial_write_cost, 'd'),
    PK(partial_fill_4, 'c'), PK(partial_fill_8, 'c'), PK(partial_req, 'c'), PK(rmw_gbs, 'd'),
    PK(partial_shared_lost, 'c'), PK(lrc_merge_1, 'c'), PK(lrc_merge_2, 'c'),
    PK(lrc_merge_4, 'c'), PK(lrc_merge_8, 'c'),
    PK(issue_per_cycle, 'd'), PK(issue_busy, 'd'),
};
#undef PK

static const profile_key *key_of(const char *k)
{
    for (size_t i = 0; i < sizeof profile_keys / sizeof profile_keys[0]; i++)
        if (strcmp(k, profile_keys[i].name) == 0)
            return &profile_keys[i];
    return NULL;
}

/* "x:y,x:y,...": up to TPX_CURVE_MAX points, x ascending and positive,
 * y in (0, 1].  0, or -1. */
static int parse_curve(const char *v, tpx_curve *c)
{
    c->n = 0;
    while (*v) {
        char *end;
        double x = strtod(v, &end);
        if (end == v || *end != ':' || c->n == TPX_CURVE_MAX)
            return -1;
        v = end + 1;
        double y = strtod(v, &end);
        if (end == v || (*end && *end != ',') || (*end == ',' && !end[1]))
            return -1;
        if (!isfinite(x) || !isfinite(y) || x <= 0 || y <= 0 || y > 1 ||
            (c->n && x <= c->x[c->n - 1]))
            return -1;
        c->x[c->n] = x, c->y[c->n] = y, c->n++;
        v = *end ? end + 1 : end;
    }
    return c->n > 0 ? 0 : -1;
}

int profile_bracket(const double *p, int n, double x, double *w)
{
    *w = 0;
    if (n < 1 || x <= p[0])
        return 0;
    for (int i = 1; i < n; i++)
        if (x <= p[i]) {
            *w = log(x / p[i - 1]) / log(p[i] / p[i - 1]);
            return i - 1;
        }
    return n - 1;
}

double profile_curve_at(const tpx_curve *c, double x)
{
    if (c->n == 0)
        return 1;
    double f;
    int i = profile_bracket(c->x, c->n, x, &f);
    return f > 0 ? c->y[i] + f * (c->y[i + 1] - c->y[i]) : c->y[i];
}

static int profile_set(tpx_profile *p, const char *k, double d)
{
    const profile_key *key = key_of(k);
    if (key) {
        char *f = (char *)p + key->off;
        if (key->type == 'i')
            *(int *)(void *)f = (int)d;
        else if (key->type == 'l')
            *(long long *)(void *)f = (long long)d;
        else
            *(double *)(void *)f = d;
        return 0;
    }
    return -1;
}

int profile_parse(const char *text, tpx_profile *p, char *msg, size_t n)
{
    memset(p, 0, sizeof *p);
    const char *line = text ? text : "";
    int lineno = 0;
    while (*line) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        char buf[512];
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
        if (strcmp(k, "name") == 0) {
            snprintf(p->name, sizeof p->name, "%s", v);
            continue;
        }
        const profile_key *key = key_of(k);
        if (key && key->type == 'c') {
            if (parse_curve(v, (tpx_curve *)(void *)((char *)p + key->off)) != 0) {
                snprintf(msg, n, "profile line %d: '%s' needs x:y,x:y,... (x rising, y in (0, 1])",
                         lineno, k);
                return -1;
            }
            continue;
        }
        if (rest == v || *rest != '\0' || !isfinite(d) || d < 0 || d > 1e15) {
            snprintf(msg, n, "profile line %d: '%s' needs a non-negative number", lineno, k);
            return -1;
        }
        if (profile_set(p, k, d) != 0) {
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

/* The profiles embedded in assets/devices (CMakeLists.txt, TPX_ASSETS). */
static const char *const profile_ids[] = {"a100", "h100_sxm", "h200", "rtx3080", "t4"};
#define PROFILE_COUNT (sizeof profile_ids / sizeof profile_ids[0])

const char *profile_names_list(void) { return "a100, h100_sxm, h200, rtx3080, t4"; }

static const tpx_profile *profile_load(size_t i)
{
    static tpx_profile loaded[PROFILE_COUNT];
    static int done[PROFILE_COUNT];
    if (!done[i]) {
        char path[64], msg[TPX_MSG];
        snprintf(path, sizeof path, "devices/%s.txt", profile_ids[i]);
        if (profile_parse(assets_get(path, NULL), &loaded[i], msg, sizeof msg) != 0) {
            /* The assets are part of the build; this only guards a broken edit. */
            memset(&loaded[i], 0, sizeof loaded[i]);
            snprintf(loaded[i].name, sizeof loaded[i].name, "%s (broken profile)", profile_ids[i]);
            loaded[i].sms = 132, loaded[i].max_threads_per_sm = 2048;
            loaded[i].max_blocks_per_sm = 32;
        }
        done[i] = 1;
    }
    return &loaded[i];
}

const tpx_profile *profile_find(const char *name, char *msg, size_t n)
{
    for (size_t i = 0; name && i < PROFILE_COUNT; i++)
        if (strcmp(name, profile_ids[i]) == 0)
            return profile_load(i);
    snprintf(msg, n, "unknown profile '%s'; known profiles: %s", name ? name : "",
             profile_names_list());
    return NULL;
}

static const tpx_profile *profile_selected;

int profile_select(const char *name, char *msg, size_t n)
{
    const tpx_profile *p = profile_find(name, msg, n);
    if (!p)
        return -1;
    profile_selected = p;
    return 0;
}

const tpx_profile *profile_builtin(void)
{
    return profile_selected ? profile_selected : profile_load(1); /* h100_sxm */
}

const char *profile_id(const tpx_profile *p)
{
    for (size_t i = 0; i < PROFILE_COUNT; i++)
        if (p == profile_load(i))
            return profile_ids[i];
    return NULL;
}

void profile_limits(const tpx_device *d, const tpx_profile *p, tpx_limits *out)
{
    *out = config_default_limits();
    /* As a GPU does after cudaFuncSetAttribute (runner_cuda.c): a block may
     * use what the device, or the profile standing in for one, opts in to. */
    long long optin = d && d->valid ? d->smem_per_block_optin
                                    : (p ? p : profile_builtin())->smem_per_block_optin;
    if (optin > out->smem_per_block)
        out->smem_per_block = optin;
}

/* The embedded profile nearest a real device: one whose name the device's
 * contains, else one of the same compute capability, else the default. */
static const tpx_profile *profile_nearest(const tpx_device *d)
{
    double cc = d->cc_major + d->cc_minor / 10.0;
    const tpx_profile *same_cc = NULL;
    for (size_t i = 0; i < PROFILE_COUNT; i++) {
        const tpx_profile *p = profile_load(i);
        if (strstr(d->name, p->name))
            return p;
        if (!same_cc && fabs(p->cc - cc) < 0.05)
            same_cc = p;
    }
    return same_cc ? same_cc : profile_load(1);
}

void profile_from_device(const tpx_device *d, tpx_profile *p)
{
    /* The device's own limits; the figures no attribute gives (clock under
     * load, latency, L2 and store rates) from the nearest embedded profile,
     * DRAM and L2 bandwidth scaled by the device's theoretical peak. */
    const tpx_profile *near = profile_nearest(d);
    *p = *near;
    snprintf(p->name, sizeof p->name, "%s", d->name);
    p->cc = d->cc_major + d->cc_minor / 10.0;
    p->sms = d->sms;
    p->max_threads_per_sm = d->max_threads_per_sm;
    p->max_blocks_per_sm = d->max_blocks_per_sm;
    p->smem_per_sm = d->smem_per_sm;
    p->smem_reserved_per_block = d->cc_major >= 8 ? 1024 : 0; /* sm_80 on reserve 1 KB */
    p->regs_per_sm = 65536;                                    /* every GPU tpx builds for */
    p->l2_bytes = d->l2_bytes;
    if (near->peak_gbs > 0 && d->peak_gbs > 0)
        p->dram_gbs = near->dram_gbs * d->peak_gbs / near->peak_gbs;
    p->peak_gbs = d->peak_gbs;
}

void profile_current(const tpx_device *d, tpx_profile *out)
{
    if (d && d->valid && !profile_selected)
        profile_from_device(d, out);
    else
        *out = *profile_builtin();
}

/* Registers are handed to warps in units of 256 (CUDA occupancy calculator,
 * compute capability 7.0 and newer). */
#define PROFILE_REG_UNIT 256

static void cap(int *n, long long m, tpx_occ_limit why, tpx_occ_limit *out)
{
    if (m < *n) {
        *n = m > 0 ? (int)m : 0;
        *out = why;
    }
}

int profile_occupancy(const tpx_profile *p, const tpx_config *c, int regs, tpx_occ_limit *why)
{
    long long warps = ((long long)c->bx * c->by + 31) / 32;
    int n = p->max_blocks_per_sm;
    tpx_occ_limit w = TPX_OCC_BLOCKS;
    if (warps > 0)
        cap(&n, p->max_threads_per_sm / (warps * 32), TPX_OCC_THREADS, &w);
    if (p->regs_per_sm > 0 && regs > 0 && warps > 0) {
        long long per_warp = ((long long)regs * 32 + PROFILE_REG_UNIT - 1) / PROFILE_REG_UNIT *
                             PROFILE_REG_UNIT;
        cap(&n, p->regs_per_sm / per_warp / warps, TPX_OCC_REGS, &w);
    }
    long long smem = config_smem_bytes(c);
    if (smem > 0 && p->smem_per_sm > 0)
        cap(&n, p->smem_per_sm / (smem + p->smem_reserved_per_block), TPX_OCC_SMEM, &w);
    if (why)
        *why = w;
    return n;
}

int profile_blocks_per_sm(const tpx_profile *p, const tpx_config *c, int regs)
{
    return profile_occupancy(p, c, regs, NULL);
}

const char *profile_occ_limit_words(tpx_occ_limit l)
{
    static const char *const w[] = {"threads per SM", "blocks per SM", "shared memory",
                                    "registers"};
    return (unsigned)l < sizeof w / sizeof w[0] ? w[l] : "?";
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
