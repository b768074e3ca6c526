/* One row of a result file's `results`: its config, checked as the command
 * line would check it, and its measurement, kept as a number only when the
 * file says it was measured and verified. */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "results_check.h"
#include "results_read.h"
#include "text.h"

#define MAX_MS 1e7   /* a sample of almost three hours is no transpose */
#define MAX_GBS 1e6  /* a petabyte per second: no memory system comes close */

static int config_strings(results_ctx *x, const char *path, const json_value *c, tpx_config *o)
{
    const char *kernel = NULL, *block = NULL, *dtype = NULL, *size = NULL, *tile = NULL;
    char why[TPX_MSG];
    if (results_str(x, path, c, "kernel", 0, 64, &kernel) != 0 ||
        results_str(x, path, c, "block", 0, 32, &block) != 0 ||
        results_str(x, path, c, "dtype", 0, 16, &dtype) != 0 ||
        results_str(x, path, c, "size", RC_OPTIONAL, 64, &size) != 0 ||
        results_str(x, path, c, "tile_dtype", RC_OPTIONAL, 16, &tile) != 0)
        return -1;
    int k = catalog_find(kernel);
    if (k < 0) {
        snprintf(why, sizeof why, "unknown kernel '%.64s' (tpx list names them)", kernel);
        return results_bad(x, path, "kernel", why);
    }
    o->kernel = (tpx_kernel_id)k;
    if (config_parse_block(block, &o->bx, &o->by, why, sizeof why) != 0)
        return results_bad(x, path, "block", why);
    if (config_parse_dtype(dtype, &o->dtype, why, sizeof why) != 0)
        return results_bad(x, path, "dtype", why);
    tpx_dtype t = o->dtype; /* files from before tile_dtype: the tile is the matrix's type */
    if (tile && config_parse_tile_dtype(tile, &t, why, sizeof why) != 0)
        return results_bad(x, path, "tile_dtype", why);
    config_set_tile_dtype(o, t);
    long long w, h;
    if (size && (config_parse_size(size, &w, &h, why, sizeof why) != 0))
        return results_bad(x, path, "size", why);
    if (size && (w != o->w || h != o->h))
        return results_bad(x, path, "size", "disagrees with width and height");
    return 0;
}

static int read_config(results_ctx *x, const char *row, const json_value *r, const results_doc *d,
                       tpx_config *o)
{
    char path[48], why[TPX_MSG];
    const json_value *c;
    long long w = 0, h = 0, pad = 0;
    snprintf(path, sizeof path, "%s.config", row);
    *o = config_default();
    if (results_field(x, row, r, "config", 0, &c) != 0)
        return -1;
    if (c->type != JSON_OBJECT)
        return results_bad(x, row, "config", "expected an object");
    if (results_int(x, path, c, "width", 0, 1, 1LL << 40, &w) != 0 ||
        results_int(x, path, c, "height", 0, 1, 1LL << 40, &h) != 0 ||
        results_int(x, path, c, "pad", RC_OPTIONAL, 0, 1024, &pad) != 0 ||
        results_bool(x, path, c, "swizzle", RC_OPTIONAL, &o->swz) != 0)
        return -1;
    o->w = w;
    o->h = h;
    o->pad = (int)pad;
    if (config_strings(x, path, c, o) != 0)
        return -1;
    if (config_validate(o, &d->lim, why, sizeof why) != 0)
        return results_bad(x, path, "", why);
    return 0;
}

/* The timing keys of a timed measurement (samples > 0). */
static int read_timing(results_ctx *x, const char *path, const json_value *v, tpx_measurement *m)
{
    const int opt = RC_OPTIONAL | RC_NULLABLE;
    if (results_num(x, path, v, "min_ms", RC_POSITIVE, MAX_MS, &m->min_ms) != 0 ||
        results_num(x, path, v, "median_ms", RC_POSITIVE, MAX_MS, &m->median_ms) != 0 ||
        results_num(x, path, v, "mean_ms", RC_POSITIVE, MAX_MS, &m->mean_ms) != 0 ||
        results_num(x, path, v, "q1_ms", opt | RC_POSITIVE, MAX_MS, &m->q1_ms) != 0 ||
        results_num(x, path, v, "q3_ms", opt | RC_POSITIVE, MAX_MS, &m->q3_ms) != 0 ||
        results_num(x, path, v, "max_ms", opt | RC_POSITIVE, MAX_MS, &m->max_ms) != 0 ||
        results_num(x, path, v, "noise", RC_NONNEG, 1e3, &m->noise) != 0 ||
        results_num(x, path, v, "gbs", RC_POSITIVE, MAX_GBS, &m->gbs) != 0 ||
        results_num(x, path, v, "pct_peak", opt | RC_NONNEG, 1e6, &m->pct_peak) != 0 ||
        results_num(x, path, v, "memcpy_gbs", opt | RC_POSITIVE, MAX_GBS, &m->memcpy_gbs) != 0 ||
        results_num(x, path, v, "pct_memcpy", opt | RC_NONNEG, 1e6, &m->pct_memcpy) != 0)
        return -1;
    if (m->min_ms > m->median_ms)
        return results_bad(x, path, "min_ms", "above median_ms");
    if (m->max_ms > 0 && m->max_ms < m->median_ms)
        return results_bad(x, path, "max_ms", "below median_ms");
    return 0;
}

static int read_occupancy(results_ctx *x, const char *path, const json_value *v,
                          tpx_occupancy *o)
{
    const json_value *oc;
    char p[64];
    long long b = 0, r = 0, s = 0;
    if (results_field(x, path, v, "occupancy", RC_OPTIONAL | RC_NULLABLE, &oc) != 0 || !oc)
        return x->failed ? -1 : 0;
    if (oc->type != JSON_OBJECT)
        return results_bad(x, path, "occupancy", "expected an object");
    snprintf(p, sizeof p, "%s.occupancy", path);
    if (results_int(x, p, oc, "blocks_per_sm", 0, 0, 4096, &b) != 0 ||
        results_int(x, p, oc, "registers_per_thread", 0, 0, 255, &r) != 0 ||
        results_int(x, p, oc, "shared_bytes_per_block", 0, 0, 1 << 24, &s) != 0 ||
        results_num(x, p, oc, "occupancy", RC_NONNEG, 1.0, &o->occupancy) != 0)
        return -1;
    o->valid = 1;
    o->blocks_per_sm = (int)b;
    o->regs_per_thread = (int)r;
    o->smem_per_block = s;
    return 0;
}

/* Format 3: the clocks while the config was timed (null or absent: unknown);
 * no more clocked samples than samples, no more throttled than clocked. */
static int read_run_clocks(results_ctx *x, const char *path, const json_value *v,
                           const tpx_measurement *m, tpx_run_clocks *o)
{
    const json_value *ck;
    char p[64];
    long long n = 0, thr = 0;
    const char *why = NULL;
    if (results_field(x, path, v, "clocks", RC_OPTIONAL | RC_NULLABLE, &ck) != 0 || !ck)
        return x->failed ? -1 : 0;
    if (ck->type != JSON_OBJECT)
        return results_bad(x, path, "clocks", "expected an object or null");
    snprintf(p, sizeof p, "%s.clocks", path);
    if (results_int(x, p, ck, "samples", 0, 1, m->samples > 0 ? m->samples : 1, &n) != 0 ||
        results_num(x, p, ck, "sm_mhz", RC_NONNEG, 100000, &o->sm_mhz) != 0 ||
        results_num(x, p, ck, "memory_mhz", RC_NONNEG, 100000, &o->mem_mhz) != 0 ||
        results_int(x, p, ck, "throttled_samples", 0, 0, n, &thr) != 0 ||
        results_str(x, p, ck, "throttle_reasons", RC_OPTIONAL, 95, &why) != 0)
        return -1;
    o->samples = (int)n;
    o->throttled = (int)thr;
    text_sanitize(o->reasons, sizeof o->reasons, why ? why : "");
    return 0;
}

static int read_measured_obj(results_ctx *x, const char *path, const json_value *v,
                             const results_doc *d, const tpx_config *c, tpx_measurement *m)
{
    static const char *const modes[] = {"cold", "hot"};
    static const char *const badges[] = {"L2-resident", "cache-influenced", "DRAM"};
    long long samples = 0;
    int badge = TPX_L2_DRAM;
    const char *dev = NULL;
    if (results_enum(x, path, v, "mode", 0, modes, 2, &m->hot) != 0 ||
        results_int(x, path, v, "samples", 0, 0, 1000000000, &samples) != 0 ||
        results_bool(x, path, v, "verified", 0, &m->verified) != 0 ||
        results_enum(x, path, v, "l2_badge", RC_OPTIONAL, badges, 3, &badge) != 0 ||
        results_str(x, path, v, "device", RC_OPTIONAL, 127, &dev) != 0)
        return -1;
    m->samples = (int)samples;
    m->badge = (tpx_l2_badge)badge;
    if (dev)
        text_sanitize(m->device, sizeof m->device, dev);
    if (m->samples > 0 && (read_timing(x, path, v, m) != 0 ||
                           results_sense_timing(x, path, d->version, c, &d->dev, m) != 0))
        return -1;
    if (read_occupancy(x, path, v, &m->occ) != 0 ||
        read_run_clocks(x, path, v, m, &m->clocks) != 0)
        return -1;
    return results_sense_occupancy(x, path, c, &d->dev, &m->occ);
}

static const char *const status_names[] = {"not_measured", "ok", "unavailable", "out_of_memory",
                                           "launch_error", "verify_failed", "cancelled",
                                           "invalid"};

static int read_measured(results_ctx *x, const char *row, const json_value *r,
                         const results_doc *d, const tpx_config *c, tpx_measurement *m)
{
    char path[48];
    const json_value *v;
    const char *note = NULL;
    int st = TPX_ST_OK;
    snprintf(path, sizeof path, "%s.measured", row);
    if (results_field(x, row, r, "measured", RC_NULLABLE, &v) != 0 ||
        results_enum(x, row, r, "measured_status", v ? RC_OPTIONAL : 0, status_names,
                     (int)(sizeof status_names / sizeof status_names[0]), &st) != 0 ||
        results_str(x, row, r, "measured_note", RC_OPTIONAL, 255, &note) != 0)
        return -1;
    runner_not_measured(m, (tpx_status)st, "");
    if (note)
        text_sanitize(m->message, sizeof m->message, note);
    if (!v && st == TPX_ST_OK) /* "ok" without a measurement: nothing to show */
        runner_not_measured(m, TPX_ST_NOT_MEASURED, "the file says ok but holds no measurement");
    if (!v)
        return 0;
    if (v->type != JSON_OBJECT)
        return results_bad(x, row, "measured", "expected an object or null");
    if (read_measured_obj(x, path, v, d, c, m) != 0)
        return -1;
    if (st != TPX_ST_OK) { /* a status that is not ok outweighs the numbers beside it */
        char why[sizeof m->message];
        snprintf(why, sizeof why, "%s", note ? m->message : "not ok in the file");
        runner_not_measured(m, (tpx_status)st, why);
    }
    else if (!m->verified)
        runner_not_measured(m, TPX_ST_VERIFY_FAILED, "marked unverified in the file");
    else if (m->samples == 0) /* --once: verified, but there is no time to show */
        runner_not_measured(m, TPX_ST_NOT_MEASURED, "launched once and verified, not timed");
    return 0;
}

int results_read_row(results_ctx *x, const json_value *row, int index, const results_doc *doc,
                     results_row *out)
{
    char path[32];
    snprintf(path, sizeof path, "results[%d]", index);
    if (row->type != JSON_OBJECT)
        return results_bad(x, path, "", "expected an object");
    if (read_config(x, path, row, doc, &out->c) != 0 ||
        read_measured(x, path, row, doc, &out->c, &out->m) != 0)
        return -1;
    if (doc->dev.valid && !out->m.device[0])
        snprintf(out->m.device, sizeof out->m.device, "%s", doc->dev.name);
    return 0;
}
