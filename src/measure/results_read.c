/* The top of a result file and its device (docs/results-format.md). */
#include "results_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_read.h"
#include "profile.h"
#include "results_check.h"
#include "text.h"

#define BIG (1LL << 53)

/* The limits of an SM are required: the occupancy and the waves are made of
 * them, and a device without them would show "occupancy 0", "wave 1 of N". */
static int device_ints(results_ctx *x, const json_value *d, tpx_device *o)
{
    long long v[9] = {0};
    static const struct { const char *key; int flags; long long lo, hi; } f[9] = {
        {"index", RC_OPTIONAL, 0, 1023},
        {"sms", 0, 1, 100000},
        {"l2_bytes", 0, 0, 1LL << 40},
        {"memory_bytes", RC_OPTIONAL, 0, BIG},
        {"memory_clock_khz", RC_OPTIONAL, 0, 100000000},
        {"bus_bits", RC_OPTIONAL, 0, 1 << 20},
        {"max_threads_per_sm", 0, 32, 1 << 16},
        {"max_blocks_per_sm", 0, 1, 1 << 12},
        {"shared_bytes_per_sm", 0, 1, 1 << 24},
    };
    for (int i = 0; i < 9; i++)
        if (results_int(x, "device", d, f[i].key, f[i].flags, f[i].lo, f[i].hi, &v[i]) != 0)
            return -1;
    long long optin = 0;
    if (results_int(x, "device", d, "shared_bytes_per_block_optin", RC_OPTIONAL, 0, 1 << 24,
                    &optin) != 0)
        return -1;
    o->index = (int)v[0];
    o->sms = (int)v[1];
    o->l2_bytes = v[2];
    o->mem_bytes = v[3];
    o->mem_clock_khz = (int)v[4];
    o->bus_bits = (int)v[5];
    o->max_threads_per_sm = (int)v[6];
    o->max_blocks_per_sm = (int)v[7];
    o->smem_per_sm = v[8];
    o->smem_per_block_optin = optin;
    return 0;
}

/* "9.0": major and minor, each 0-99. */
static int device_cc(results_ctx *x, const json_value *d, tpx_device *o)
{
    const char *cc = NULL;
    if (results_str(x, "device", d, "compute_capability", 0, 16, &cc) != 0)
        return -1;
    int ma, mi, used = 0;
    if (sscanf(cc, "%2d.%2d%n", &ma, &mi, &used) != 2 || cc[used] != '\0' || ma < 1 || mi < 0)
        return results_bad(x, "device", "compute_capability", "not of the form 9.0");
    o->cc_major = ma;
    o->cc_minor = mi;
    return 0;
}

/* Format 2's facts of the run: optional, null where the writer did not know. */
static int device_v2(results_ctx *x, const json_value *d, tpx_device *o)
{
    const int opt = RC_OPTIONAL | RC_NULLABLE;
    const char *uuid = NULL, *nv = NULL;
    long long drv = 0, rt = 0, tk = 0;
    const json_value *ecc, *clk;
    if (results_str(x, "device", d, "uuid", opt, 47, &uuid) != 0 ||
        results_int(x, "device", d, "driver_version", opt, 0, 1000000, &drv) != 0 ||
        results_int(x, "device", d, "cuda_runtime_version", opt, 0, 1000000, &rt) != 0 ||
        results_int(x, "device", d, "cuda_toolkit_version", opt, 0, 1000000, &tk) != 0 ||
        results_str(x, "device", d, "nvidia_driver", opt, 31, &nv) != 0 ||
        results_field(x, "device", d, "ecc", opt, &ecc) != 0 ||
        results_field(x, "device", d, "clocks", opt, &clk) != 0)
        return -1;
    if (uuid)
        text_sanitize(o->uuid, sizeof o->uuid, uuid);
    o->driver_version = (int)drv;
    o->runtime_version = (int)rt;
    o->toolkit_version = (int)tk;
    if (nv)
        text_sanitize(o->nvidia_driver, sizeof o->nvidia_driver, nv);
    if (ecc && results_bool(x, "device", d, "ecc", 0, &o->ecc) != 0)
        return -1;
    o->ecc_known = ecc != NULL;
    if (!clk)
        return 0;
    if (clk->type != JSON_OBJECT)
        return results_bad(x, "device", "clocks", "expected an object or null");
    long long sm = 0, mem = 0;
    const char *why = NULL;
    if (results_int(x, "device.clocks", clk, "sm_mhz", 0, 0, 100000, &sm) != 0 ||
        results_int(x, "device.clocks", clk, "memory_mhz", 0, 0, 100000, &mem) != 0 ||
        results_bool(x, "device.clocks", clk, "throttled", 0, &o->throttled) != 0 ||
        results_str(x, "device.clocks", clk, "throttle_reasons", RC_OPTIONAL, 95, &why) != 0)
        return -1;
    o->clocks_known = 1;
    o->sm_clock_mhz = (int)sm;
    o->mem_clock_mhz = (int)mem;
    text_sanitize(o->throttle_reasons, sizeof o->throttle_reasons, why ? why : "");
    return 0;
}

static int read_device(results_ctx *x, const json_value *doc, tpx_device *o)
{
    const json_value *d;
    memset(o, 0, sizeof *o);
    if (results_field(x, "", doc, "device", RC_NULLABLE, &d) != 0)
        return -1;
    if (!d)
        return 0;
    if (d->type != JSON_OBJECT)
        return results_bad(x, "", "device", "expected an object or null");
    const char *name = NULL;
    if (results_str(x, "device", d, "name", 0, 127, &name) != 0 || device_cc(x, d, o) != 0 ||
        device_ints(x, d, o) != 0 ||
        results_num(x, "device", d, "peak_gbs", RC_NONNEG, 1e6, &o->peak_gbs) != 0 ||
        device_v2(x, d, o) != 0)
        return -1;
    /* Escaped once here, so every view of the replayed device is safe. */
    text_sanitize(o->name, sizeof o->name, name);
    snprintf(o->source, sizeof o->source, "replay");
    o->valid = 1;
    return 0;
}

static int read_top(results_ctx *x, const json_value *doc, results_doc *out,
                    const tpx_profile **prof)
{
    const char *fmt = NULL, *s = NULL, *pname = NULL, *host = NULL;
    long long ver = 0;
    int mode;
    static const char *const modes[] = {"cold", "hot", "once"};
    if (doc->type != JSON_OBJECT)
        return results_bad(x, "", "(document)", "expected an object (a tpx result file)");
    fmt = json_get_str(doc, "format", NULL);
    if (!fmt || strcmp(fmt, "tpx-results") != 0)
        return results_bad(x, "", "format",
                           fmt ? "not \"tpx-results\": not a tpx result file (tpx bench --save)"
                               : "missing: not a tpx result file (tpx bench --save)");
    const json_value *v = json_get(doc, "format_version");
    if (v && v->type == JSON_NUMBER && v->num > 3 && v->num < 1e9)
        return results_bad(x, "", "format_version", "newer than this tpx reads (1 to 3)");
    const json_value *dirty;
    if (results_int(x, "", doc, "format_version", 0, 1, 3, &ver) != 0 ||
        results_str(x, "", doc, "tpx_version", 0, 64, &s) != 0 ||
        results_str(x, "", doc, "git_commit", RC_OPTIONAL, 64, &s) != 0 ||
        results_field(x, "", doc, "git_dirty", RC_OPTIONAL | RC_NULLABLE, &dirty) != 0 ||
        (dirty && results_bool(x, "", doc, "git_dirty", 0, &out->git_dirty) != 0) ||
        results_str(x, "", doc, "host", RC_OPTIONAL | RC_NULLABLE, 255, &host) != 0 ||
        results_str(x, "", doc, "date", RC_OPTIONAL, 64, &s) != 0 ||
        results_str(x, "", doc, "command", RC_OPTIONAL, 4096, &s) != 0 ||
        results_str(x, "", doc, "runner", RC_OPTIONAL, 64, &s) != 0 ||
        results_enum(x, "", doc, "mode", RC_OPTIONAL, modes, 3, &mode) != 0 ||
        results_str(x, "", doc, "profile", RC_OPTIONAL | RC_NULLABLE, 32, &pname) != 0)
        return -1;
    char why[TPX_MSG];
    *prof = NULL; /* the selected profile, unless the file names the one it was checked on */
    if (pname && !(*prof = profile_find(pname, why, sizeof why)))
        return results_bad(x, "", "profile", why);
    out->version = (int)ver;
    const char *commit = json_get_str(doc, "git_commit", NULL);
    text_sanitize(out->git_commit, sizeof out->git_commit, commit ? commit : "");
    if (!dirty)
        out->git_dirty = -1;
    text_sanitize(out->host, sizeof out->host, host ? host : "");
    /* the day of the run, for "recorded 2026-11-22 on ..." (the rest of the time stamp is noise) */
    const char *date = json_get_str(doc, "date", "");
    int day = strlen(date) >= 10;
    for (int i = 0; day && i < 10; i++)
        day = i == 4 || i == 7 ? date[i] == '-' : date[i] >= '0' && date[i] <= '9';
    snprintf(out->date, sizeof out->date, "%.10s", day ? date : "");
    return 0;
}

static int read_rows(results_ctx *x, const json_value *doc, results_doc *out)
{
    const json_value *res;
    if (results_field(x, "", doc, "results", 0, &res) != 0)
        return -1;
    if (res->type != JSON_ARRAY)
        return results_bad(x, "", "results", "expected an array");
    int count = 0, skips = 0;
    const json_value *sk = json_get(doc, "skipped");
    for (const json_value *e = sk && sk->type == JSON_ARRAY ? sk->child : NULL; e; e = e->next)
        skips++;
    for (const json_value *r = res->child; r; r = r->next)
        if (++count + skips > RESULTS_MAX_ROWS) {
            char what[96];
            snprintf(what, sizeof what, "more than %d rows and skip notes (a file holds at most "
                     "%d)", RESULTS_MAX_ROWS, RESULTS_MAX_ROWS);
            return results_bad(x, "", "results", what);
        }
    out->rows = calloc((size_t)(count ? count : 1), sizeof *out->rows);
    if (!out->rows)
        return results_bad(x, "", "results", "out of memory");
    for (const json_value *r = res->child; r; r = r->next, out->n++)
        if (results_read_row(x, r, out->n, out, &out->rows[out->n]) != 0)
            return -1;
    return results_sense_unique(x, out);
}

static int read_skipped(results_ctx *x, const json_value *doc)
{
    const json_value *sk;
    if (results_field(x, "", doc, "skipped", RC_OPTIONAL, &sk) != 0 || !sk)
        return x->failed ? -1 : 0;
    if (sk->type != JSON_ARRAY)
        return results_bad(x, "", "skipped", "expected an array");
    int i = 0;
    for (const json_value *e = sk->child; e; e = e->next, i++) {
        char path[32];
        const char *s;
        snprintf(path, sizeof path, "skipped[%d]", i);
        if (e->type != JSON_OBJECT)
            return results_bad(x, path, "", "expected an object");
        if (results_str(x, path, e, "config", 0, 512, &s) != 0 ||
            results_str(x, path, e, "reason", 0, 1024, &s) != 0)
            return -1;
    }
    return 0;
}

int results_from_json(const json_value *doc, results_doc *out, char *msg, size_t n)
{
    results_ctx x = {msg, n, 0};
    const tpx_profile *prof = NULL;
    memset(out, 0, sizeof *out);
    if (read_top(&x, doc, out, &prof) != 0 || read_device(&x, doc, &out->dev) != 0) {
        results_free(out);
        return -1;
    }
    /* the limits the writer checked the rows against: its device's, or the
     * profile a run without one stood on */
    profile_limits(&out->dev, prof, &out->lim);
    if (read_rows(&x, doc, out) != 0 || read_skipped(&x, doc) != 0) {
        results_free(out);
        return -1;
    }
    return 0;
}

int results_load(const char *path, results_doc *out, char *msg, size_t n)
{
    size_t len = 0;
    char why[300], safe[160];
    memset(out, 0, sizeof *out);
    text_sanitize(safe, sizeof safe, path);
    char *text = file_read_bounded(path, RESULTS_MAX_FILE_BYTES, "result file", &len, why,
                                   sizeof why);
    if (!text) {
        snprintf(msg, n, "%s", why);
        return -1;
    }
    json_value *doc = json_parse_limited(text, len, RESULTS_MAX_FILE_BYTES, RESULTS_MAX_VALUES,
                                         why, sizeof why);
    free(text);
    if (!doc) {
        snprintf(msg, n, "%s: %s", safe, why);
        return -1;
    }
    int rc = results_from_json(doc, out, why, sizeof why);
    json_free(doc);
    if (rc != 0)
        snprintf(msg, n, "%s: %s", safe, why);
    return rc;
}

void results_free(results_doc *d)
{
    free(d->rows);
    d->rows = NULL;
    d->n = 0;
}
