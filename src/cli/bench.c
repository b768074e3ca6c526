#include "bench.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalog.h"
#include "json.h"
#include "report.h"
#include "sweep.h"
#include "text.h"
#include "words.h"
#include "provenance.h"

static int grow(void **p, int *cap, int need, size_t size)
{
    if (need <= *cap)
        return 0;
    int c = *cap ? *cap * 2 : 64;
    while (c < need)
        c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (!q)
        return -1;
    *p = q;
    *cap = c;
    return 0;
}

int bench_add_row(bench_result *b, const bench_row *r)
{
    if (grow((void **)&b->rows, &b->cap, b->n + 1, sizeof *b->rows) != 0)
        return -1;
    b->rows[b->n++] = *r;
    return 0;
}

int bench_add_skip(bench_result *b, const tpx_config *c, const char *why)
{
    if (grow((void **)&b->skips, &b->skipcap, b->nskip + 1, sizeof *b->skips) != 0)
        return -1;
    bench_skip *s = &b->skips[b->nskip++];
    config_describe(c, s->what, sizeof s->what);
    snprintf(s->why, sizeof s->why, "%s", why);
    return 0;
}

void bench_free(bench_result *b)
{
    free(b->rows);
    free(b->skips);
    b->rows = NULL;
    b->skips = NULL;
    b->n = b->cap = b->nskip = b->skipcap = 0;
}

/* ---- the columns every output shares ---------------------------------------- */

void bench_block_text(const bench_row *r, char *buf, size_t n)
{
    if (config_is_reference(r->c.kernel))
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, "%dx%d", r->c.bx, r->c.by);
}

void bench_pad_text(const bench_row *r, char *buf, size_t n)
{
    if (!config_has_tile(r->c.kernel))
        snprintf(buf, n, "-");
    else if (r->c.swz)
        snprintf(buf, n, "swz");
    else
        snprintf(buf, n, "%d", r->c.pad);
}

/* "f32", or "f32/f64" for f32 data staged in an f64 tile (--tile-dtype). */
void bench_dtype_text(const bench_row *r, char *buf, size_t n)
{
    if (config_tile_differs(&r->c))
        snprintf(buf, n, "%s/%s", config_dtype_name(r->c.dtype),
                 config_dtype_name(config_tile_dtype(&r->c)));
    else
        snprintf(buf, n, "%s", config_dtype_name(r->c.dtype));
}

/* The dtype column: 5 wide, 7 when a row names its tile's type ("f32/f64"). */
int bench_dtype_width(const bench_result *b)
{
    for (int i = 0; i < b->n; i++)
        if (config_tile_differs(&b->rows[i].c))
            return 7;
    return 5;
}

/* ---- ranking ------------------------------------------------------------------ */

/* The row bench_best ranks by: measured GB/s, else the model's prediction,
 * else its ranking figure. */
static int timed(const bench_row *r) { return runner_has_number(&r->m); }

static int rank_kind(const bench_result *b)
{
    int kind = BENCH_RANK_PREDICTED;
    double v;
    for (int i = 0; i < b->n; i++) {
        if (timed(&b->rows[i]))
            return BENCH_RANK_MEASURED;
        if (b->rows[i].modelled && bench_predicted(b, &b->rows[i], &v) != 0)
            kind = BENCH_RANK_SCORE;
    }
    return kind;
}

static double rank_value(const bench_result *b, const bench_row *r, int kind)
{
    double v = 0;
    if (kind == BENCH_RANK_MEASURED)
        return r->m.gbs;
    if (kind == BENCH_RANK_PREDICTED)
        return bench_predicted(b, r, &v) == 0 ? v : 0;
    return sweep_model_score(&r->t);
}

void bench_predict_rows(bench_result *b)
{
    tpx_profile prof;
    profile_current(&b->dev, &prof);
    for (int i = 0; i < b->n; i++) {
        bench_row *r = &b->rows[i];
        r->pred_known = r->modelled && sweep_predicted_gbs(&r->c, &r->t, &prof, &r->pred_gbs) == 0
                            ? 1
                            : -1;
    }
}

int bench_predicted(const bench_result *b, const bench_row *r, double *gbs)
{
    if (r->pred_known) { /* bench_predict_rows did it */
        *gbs = r->pred_gbs;
        return r->pred_known > 0 ? 0 : -1;
    }
    tpx_profile prof;
    profile_current(&b->dev, &prof);
    return r->modelled && sweep_predicted_gbs(&r->c, &r->t, &prof, gbs) == 0 ? 0 : -1;
}

int bench_vs_predicted(const bench_result *b, const bench_row *r, double *ratio)
{
    double p;
    if (!timed(r) || bench_predicted(b, r, &p) != 0 || !(p > 0))
        return -1;
    *ratio = r->m.gbs / p;
    return 0;
}

int bench_best(const bench_result *b, int *ties, int *kind)
{
    *kind = rank_kind(b);
    int best = -1;
    double bv = 0;
    *ties = 0;
    for (int i = 0; i < b->n; i++) {
        const bench_row *r = &b->rows[i];
        if (*kind == BENCH_RANK_MEASURED ? !timed(r) : !r->modelled)
            continue;
        double v = rank_value(b, r, *kind);
        if (best >= 0 && v == bv)
            (*ties)++;
        if (best < 0 || v > bv) {
            best = i;
            bv = v;
            *ties = 0;
        }
    }
    return best;
}

/* ---- the command line, for the result file ------------------------------------ */

/* arg as the shell takes it back: as is when it holds only safe characters,
 * else in single quotes ('it'\''s').  The length, or 0 when it does not fit
 * in n bytes. */
static size_t shell_word(const char *arg, char *out, size_t n)
{
    size_t o = 0;
    int plain = *arg != '\0';
    for (const char *p = arg; *p; p++)
        plain = plain && (strchr("_./,:=+@%-", *p) || (*p >= '0' && *p <= '9') ||
                          (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'));
    if (!plain)
        out[o++] = '\'';
    const char *p = arg;
    for (; *p && o + 6 < n; p++) {
        if (*p == '\'' && !plain) {
            memcpy(out + o, "'\\''", 4);
            o += 4;
        } else
            out[o++] = *p;
    }
    if (*p)
        return 0; /* did not fit */
    if (!plain)
        out[o++] = '\'';
    out[o] = '\0';
    return o;
}

/* The command line for the file's "command": whole arguments only, so a
 * long line ends with " ..." and never inside a character; bytes that are
 * not UTF-8 stay bytes here (the JSON writer escapes them). */
void bench_describe_command(bench_result *b, int argc, char **argv)
{
    size_t cap = sizeof b->command, used = (size_t)snprintf(b->command, cap, "tpx bench");
    char word[sizeof b->command];
    for (int i = 0; i < argc; i++) {
        size_t len = shell_word(argv[i], word, sizeof word);
        if (len == 0 || used + 1 + len + 4 >= cap) {
            snprintf(b->command + used, cap - used, " ...");
            break;
        }
        used += (size_t)snprintf(b->command + used, cap - used, " %s", word);
    }
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(b->date, sizeof b->date, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* ---- CSV ---------------------------------------------------------------------- */

static void csv_text(FILE *f, const char *raw)
{
    char safe[1024];
    const char *s = text_sanitize(safe, sizeof safe, raw);
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* ",value" with `decimals` decimals, or "," alone when unknown. */
static void csv_num(FILE *f, int known, int decimals, double v)
{
    fputc(',', f);
    if (known)
        fprintf(f, "%.*f", decimals, v);
}

void bench_write_csv(FILE *f, const bench_result *b)
{
    fprintf(f, "kernel,block,width,height,dtype,pad,swizzle,tile_dtype,"
               "model_load_sectors_per_request,"
               "model_store_sectors_per_request,model_shared_store_ways,model_shared_load_ways,"
               "status,verified,mode,samples,median_ms,min_ms,mean_ms,noise,gbs,pct_peak,"
               "memcpy_gbs,pct_memcpy,l2_badge,blocks_per_sm,registers_per_thread,"
               "shared_bytes_per_block,predicted_gbs,measured_over_predicted,note\n");
    for (int i = 0; i < b->n; i++) {
        const bench_row *r = &b->rows[i];
        const tpx_measurement *m = &r->m;
        const tpx_cost *o = r->t.op;
        char blk[24];
        bench_block_text(r, blk, sizeof blk);
        fprintf(f, "%s,%s,%lld,%lld,%s,%d,%d,%s", catalog_name(r->c.kernel), blk, r->c.w, r->c.h,
                config_dtype_name(r->c.dtype), r->c.pad, r->c.swz,
                config_dtype_name(config_tile_dtype(&r->c)));
        csv_num(f, r->modelled && o[TPX_OP_GLD].insts, 4,
                model_sectors_per_request(&o[TPX_OP_GLD]));
        csv_num(f, r->modelled && o[TPX_OP_GST].insts, 4,
                model_sectors_per_request(&o[TPX_OP_GST]));
        csv_num(f, r->modelled && o[TPX_OP_SST].insts, 4, model_conflict_ways(&o[TPX_OP_SST]));
        csv_num(f, r->modelled && o[TPX_OP_SLD].insts, 4, model_conflict_ways(&o[TPX_OP_SLD]));
        int timed = runner_has_number(m);
        fprintf(f, ",%s,%d,%s,%d",
                runner_status_name(m->status == TPX_ST_OK && !m->verified ? TPX_ST_VERIFY_FAILED
                                                                         : m->status),
                m->verified,
                m->hot ? "hot" : "cold", m->samples);
        csv_num(f, timed, 6, m->median_ms);
        csv_num(f, timed, 6, m->min_ms);
        csv_num(f, timed, 6, m->mean_ms);
        csv_num(f, timed, 6, m->noise);
        csv_num(f, timed, 2, m->gbs);
        csv_num(f, timed && m->pct_peak >= 0, 2, m->pct_peak);
        csv_num(f, timed && m->memcpy_gbs > 0, 2, m->memcpy_gbs);
        csv_num(f, timed && m->pct_memcpy >= 0, 2, m->pct_memcpy);
        fputc(',', f);
        if (m->status == TPX_ST_OK && m->verified)
            fputs(runner_badge_name(m->badge), f);
        csv_num(f, m->occ.valid, 0, m->occ.blocks_per_sm);
        csv_num(f, m->occ.valid, 0, m->occ.regs_per_thread);
        csv_num(f, m->occ.valid, 0, (double)m->occ.smem_per_block);
        double pred = 0, vs = 0;
        int has_pred = bench_predicted(b, r, &pred) == 0, has_vs = bench_vs_predicted(b, r, &vs) == 0;
        csv_num(f, has_pred, 2, pred);
        csv_num(f, has_vs, 4, vs);
        fputc(',', f);
        csv_text(f, m->message);
        fputc('\n', f);
    }
}

/* ---- JSON: the result document ------------------------------------------------- */

void bench_write_json(FILE *f, const bench_result *b)
{
    json_writer w;
    json_init(&w, f, 1);
    json_begin_object(&w, NULL);
    json_string(&w, "format", "tpx-results");
    json_int(&w, "format_version", 3);
    provenance_json(&w);
    json_string(&w, "date", b->date);
    json_string(&w, "command", b->command);
    json_string(&w, "runner", b->runner);
    json_string(&w, "mode", b->once ? "once" : b->hot ? "hot" : "cold");
    if (!b->dev.valid) /* the profile the rows were checked on (its tile limit), for the reader */
        json_string(&w, "profile", profile_id(profile_builtin()));
    report_device_json(&w, "device", &b->dev);
    tpx_profile prof;
    profile_current(&b->dev, &prof);
    json_begin_array(&w, "results");
    for (int i = 0; i < b->n; i++) {
        const bench_row *r = &b->rows[i];
        json_begin_object(&w, NULL);
        report_config_json(&w, "config", &r->c);
        report_model_json(&w, &r->c, r->modelled ? &r->t : NULL, &prof);
        report_measured_json(&w, &r->m, &b->dev);
        double vs;
        if (bench_vs_predicted(b, r, &vs) == 0)
            json_double(&w, "measured_over_predicted", vs, 4);
        else
            json_null(&w, "measured_over_predicted");
        json_end_object(&w);
    }
    json_end_array(&w);
    json_begin_array(&w, "skipped");
    for (int i = 0; i < b->nskip; i++) {
        json_begin_object(&w, NULL);
        json_string(&w, "config", b->skips[i].what);
        json_string(&w, "reason", b->skips[i].why);
        json_end_object(&w);
    }
    json_end_array(&w);
    json_end_object(&w);
    json_finish(&w);
}
