/* The replay runner: results saved by `tpx bench --save` on a GPU machine
 * (docs/results-format.md), answered on any machine.  device() is the saved
 * device; measure() answers from the saved row of the same config (the same
 * mode preferred) and says "not measured" for any other config. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "json.h"
#include "runner.h"

typedef struct replay_row {
    tpx_config c;
    tpx_measurement m;
} replay_row;

typedef struct replay_state {
    tpx_device dev;
    tpx_limits lim;
    replay_row *rows;
    int n;
    char path[200];
} replay_state;

static char *read_file(const char *path, char *msg, size_t n)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(msg, n, "cannot open %s", path);
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    for (size_t got; buf && (got = fread(buf + len, 1, cap - len - 1, f)) > 0;) {
        len += got;
        if (len + 1 == cap) {
            char *b2 = realloc(buf, cap *= 2);
            if (!b2) {
                free(buf);
                buf = NULL;
            }
            buf = b2;
        }
    }
    fclose(f);
    if (!buf) {
        snprintf(msg, n, "%s: out of memory", path);
        return NULL;
    }
    buf[len] = '\0';
    return buf;
}

static int get_bool(const json_value *o, const char *key)
{
    const json_value *v = json_get(o, key);
    return v && v->type == JSON_BOOL && v->boolean;
}

static void read_device(const json_value *d, tpx_device *out)
{
    memset(out, 0, sizeof *out);
    if (!d || d->type != JSON_OBJECT)
        return;
    out->valid = 1;
    out->index = (int)json_get_num(d, "index", 0);
    snprintf(out->name, sizeof out->name, "%s", json_get_str(d, "name", "?"));
    sscanf(json_get_str(d, "compute_capability", "0.0"), "%d.%d", &out->cc_major, &out->cc_minor);
    out->sms = (int)json_get_num(d, "sms", 0);
    out->l2_bytes = (long long)json_get_num(d, "l2_bytes", 0);
    out->mem_bytes = (long long)json_get_num(d, "memory_bytes", 0);
    out->mem_clock_khz = (int)json_get_num(d, "memory_clock_khz", 0);
    out->bus_bits = (int)json_get_num(d, "bus_bits", 0);
    out->peak_gbs = json_get_num(d, "peak_gbs", 0);
    out->max_threads_per_sm = (int)json_get_num(d, "max_threads_per_sm", 0);
    out->max_blocks_per_sm = (int)json_get_num(d, "max_blocks_per_sm", 0);
    out->smem_per_sm = (long long)json_get_num(d, "shared_bytes_per_sm", 0);
    out->smem_per_block_optin = (long long)json_get_num(d, "shared_bytes_per_block_optin", 0);
    snprintf(out->source, sizeof out->source, "replay");
}

static int read_config(const json_value *c, tpx_config *out)
{
    char msg[TPX_MSG];
    *out = config_default();
    int k = catalog_find(json_get_str(c, "kernel", ""));
    if (k < 0 || config_parse_block(json_get_str(c, "block", ""), &out->bx, &out->by, msg,
                                    sizeof msg) != 0 ||
        config_parse_dtype(json_get_str(c, "dtype", ""), &out->dtype, msg, sizeof msg) != 0)
        return -1;
    out->kernel = (tpx_kernel_id)k;
    out->w = (long long)json_get_num(c, "width", 0);
    out->h = (long long)json_get_num(c, "height", 0);
    out->pad = (int)json_get_num(c, "pad", 0);
    out->swz = get_bool(c, "swizzle");
    return out->w > 0 && out->h > 0 ? 0 : -1;
}

static tpx_status status_by_name(const char *s)
{
    for (int i = 0; i <= TPX_ST_INVALID; i++)
        if (strcmp(s, runner_status_name((tpx_status)i)) == 0)
            return (tpx_status)i;
    return TPX_ST_NOT_MEASURED;
}

static void read_measured(const json_value *row, const char *device, tpx_measurement *m)
{
    const json_value *v = json_get(row, "measured");
    if (!v || v->type != JSON_OBJECT) {
        runner_not_measured(m, status_by_name(json_get_str(row, "measured_status", "")),
                            json_get_str(row, "measured_note", "not measured"));
        snprintf(m->device, sizeof m->device, "%s", device);
        return;
    }
    runner_not_measured(m, TPX_ST_OK, "");
    snprintf(m->device, sizeof m->device, "%s", device);
    m->hot = strcmp(json_get_str(v, "mode", "cold"), "hot") == 0;
    m->samples = (int)json_get_num(v, "samples", 0);
    m->min_ms = json_get_num(v, "min_ms", 0);
    m->median_ms = json_get_num(v, "median_ms", 0);
    m->mean_ms = json_get_num(v, "mean_ms", 0);
    m->noise = json_get_num(v, "noise", 0);
    m->gbs = json_get_num(v, "gbs", 0);
    m->pct_peak = json_get_num(v, "pct_peak", -1);
    m->memcpy_gbs = json_get_num(v, "memcpy_gbs", -1);
    m->pct_memcpy = json_get_num(v, "pct_memcpy", -1);
    m->verified = get_bool(v, "verified");
    const char *badge = json_get_str(v, "l2_badge", "DRAM");
    for (int b = TPX_L2_RESIDENT; b <= TPX_L2_DRAM; b++)
        if (strcmp(badge, runner_badge_name((tpx_l2_badge)b)) == 0)
            m->badge = (tpx_l2_badge)b;
    const json_value *o = json_get(v, "occupancy");
    if (o && o->type == JSON_OBJECT) {
        m->occ.valid = 1;
        m->occ.blocks_per_sm = (int)json_get_num(o, "blocks_per_sm", 0);
        m->occ.regs_per_thread = (int)json_get_num(o, "registers_per_thread", 0);
        m->occ.smem_per_block = (long long)json_get_num(o, "shared_bytes_per_block", 0);
        m->occ.occupancy = json_get_num(o, "occupancy", 0);
    }
}

/* The same config as far as a measurement goes (references ignore the block). */
static int same_config(const tpx_config *a, const tpx_config *b)
{
    if (a->kernel != b->kernel || a->w != b->w || a->h != b->h || a->dtype != b->dtype)
        return 0;
    if (config_is_reference(a->kernel))
        return 1;
    return a->bx == b->bx && a->by == b->by && a->pad == b->pad && a->swz == b->swz;
}

static void replay_device(tpx_runner *r, tpx_device *out) { *out = ((replay_state *)r->state)->dev; }

static void replay_limits(tpx_runner *r, tpx_limits *out) { *out = ((replay_state *)r->state)->lim; }

static void replay_measure(tpx_runner *r, const tpx_config *c, const tpx_measure_opts *o,
                           tpx_measurement *out, const volatile int *cancel,
                           tpx_progress_fn progress, void *ctx)
{
    (void)cancel;
    replay_state *st = r->state;
    const replay_row *best = NULL;
    for (int i = 0; i < st->n; i++) {
        const replay_row *row = &st->rows[i];
        if (!same_config(&row->c, c))
            continue;
        if (!best || (row->m.hot == o->hot && best->m.hot != o->hot))
            best = row;
    }
    if (!best) {
        char m[TPX_MSG];
        snprintf(m, sizeof m, "not in the replayed results (%s)", st->path);
        runner_not_measured(out, TPX_ST_NOT_MEASURED, m);
        return;
    }
    *out = best->m;
    if (progress)
        progress(ctx, 1.0);
}

static void replay_close(tpx_runner *r)
{
    replay_state *st = r->state;
    free(st->rows);
    free(st);
    free(r);
}

static int load_rows(replay_state *st, const json_value *results)
{
    int n = 0;
    for (const json_value *v = results->child; v; v = v->next)
        n++;
    st->rows = calloc((size_t)(n ? n : 1), sizeof *st->rows);
    if (!st->rows)
        return -1;
    for (const json_value *v = results->child; v; v = v->next) {
        const json_value *c = json_get(v, "config");
        if (!c || read_config(c, &st->rows[st->n].c) != 0)
            continue; /* a row tpx cannot read is skipped, not fatal */
        read_measured(v, st->dev.name, &st->rows[st->n].m);
        st->n++;
    }
    return 0;
}

tpx_runner *runner_replay(const char *path, char *msg, size_t n)
{
    char *text = read_file(path, msg, n);
    if (!text)
        return NULL;
    json_value *doc = json_parse(text, msg, n);
    free(text);
    if (!doc)
        return NULL;
    const json_value *results = json_get(doc, "results");
    if (strcmp(json_get_str(doc, "format", ""), "tpx-results") != 0 || !results ||
        results->type != JSON_ARRAY) {
        snprintf(msg, n, "%s is not a tpx result file (tpx bench --save)", path);
        json_free(doc);
        return NULL;
    }
    replay_state *st = calloc(1, sizeof *st);
    tpx_runner *r = calloc(1, sizeof *r);
    if (!st || !r) {
        free(st);
        free(r);
        json_free(doc);
        snprintf(msg, n, "out of memory");
        return NULL;
    }
    read_device(json_get(doc, "device"), &st->dev);
    st->lim = config_default_limits();
    if (st->dev.smem_per_block_optin > st->lim.smem_per_block)
        st->lim.smem_per_block = st->dev.smem_per_block_optin;
    snprintf(st->path, sizeof st->path, "%s", path);
    if (load_rows(st, results) != 0) {
        free(st);
        free(r);
        json_free(doc);
        snprintf(msg, n, "out of memory");
        return NULL;
    }
    json_free(doc);
    snprintf(msg, n, "replaying %d results from %s", st->n, path);
    r->name = "replay";
    r->state = st;
    r->device = replay_device;
    r->limits = replay_limits;
    r->measure = replay_measure;
    r->close = replay_close;
    return r;
}
