#include "bench.h"

#include <stdlib.h>
#include <string.h>

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

/* ---- the model's figures beside each row ---------------------------------- */

typedef struct model_cols {
    char ld[16], st[16], sst[16], sld[16]; /* "-" where they do not apply */
    char score[16];
} model_cols;

/* "4.00" (sectors per request) or "32.00x" (n-way); "-" with no requests. */
static void ratio(char *buf, size_t n, const tpx_cost *k, double v, int ways)
{
    if (!k->insts)
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, "%.2f%s", v, ways ? "x" : "");
}

static model_cols model_columns(const bench_row *r)
{
    model_cols m;
    strcpy(m.ld, "-");
    strcpy(m.st, "-");
    strcpy(m.sst, "-");
    strcpy(m.sld, "-");
    strcpy(m.score, "-");
    if (!r->modelled)
        return m;
    snprintf(m.score, sizeof m.score, "%.1f%%", 100.0 * sweep_model_score(&r->t));
    const tpx_cost *o = r->t.op;
    ratio(m.ld, sizeof m.ld, &o[TPX_OP_GLD], model_sectors_per_request(&o[TPX_OP_GLD]), 0);
    ratio(m.st, sizeof m.st, &o[TPX_OP_GST], model_sectors_per_request(&o[TPX_OP_GST]), 0);
    ratio(m.sst, sizeof m.sst, &o[TPX_OP_SST], model_conflict_ways(&o[TPX_OP_SST]), 1);
    ratio(m.sld, sizeof m.sld, &o[TPX_OP_SLD], model_conflict_ways(&o[TPX_OP_SLD]), 1);
    return m;
}

static void block_text(const bench_row *r, char *buf, size_t n)
{
    if (config_is_reference(r->c.kernel))
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, "%dx%d", r->c.bx, r->c.by);
}

static void pad_text(const bench_row *r, char *buf, size_t n)
{
    if (!config_has_tile(r->c.kernel))
        snprintf(buf, n, "-");
    else if (r->c.swz)
        snprintf(buf, n, "swz");
    else
        snprintf(buf, n, "%d", r->c.pad);
}

/* "f32", or "f32/f64" for f32 data staged in an f64 tile (--tile-dtype). */
static void dtype_text(const bench_row *r, char *buf, size_t n)
{
    if (config_tile_differs(&r->c))
        snprintf(buf, n, "%s/%s", config_dtype_name(r->c.dtype),
                 config_dtype_name(config_tile_dtype(&r->c)));
    else
        snprintf(buf, n, "%s", config_dtype_name(r->c.dtype));
}

/* The dtype column: 5 wide, 7 when a row names its tile's type ("f32/f64"). */
static int dtype_width(const bench_result *b)
{
    for (int i = 0; i < b->n; i++)
        if (config_tile_differs(&b->rows[i].c))
            return 7;
    return 5;
}

/* ---- table ------------------------------------------------------------------ */

static void table_header(FILE *f, const bench_result *b)
{
    const tpx_device *d = &b->dev;
    char name[sizeof d->name * 4];
    text_sanitize(name, sizeof name, d->name);
    if (d->valid)
        fprintf(f, "tpx bench on %s (sm_%d%d, %d SMs, L2 %.0f MiB, theoretical peak %.0f GB/s), "
                   "%s, GB = 1e9 bytes\n",
                name, d->cc_major, d->cc_minor, d->sms, d->l2_bytes / 1048576.0, d->peak_gbs,
                b->once ? "each config launched once and verified, not timed"
                        : b->hot ? "hot (back-to-back launches)" : "cold L2 (flushed per sample)");
    else
        fprintf(f, "tpx bench: %s: the model's figures only\n", b->runner);
    fprintf(f, "model: sectors per request of global loads and stores; n-way conflict of the "
               "shared store (tile fill) and load (tile read); model = the ranking figure%s\n\n",
            dtype_width(b) > 5 ? "; dtype D/T: D data in a T tile" : "");
    fprintf(f, "%-13s %-6s %-12s %-*s %-4s %7s %7s %7s %7s %6s  %10s %9s %6s %7s %6s  %s\n",
            "kernel", "block", "size", dtype_width(b), "dtype", "pad", "ld s/r", "st s/r", "sh-st",
            "sh-ld", "model",
            "median ms", "GB/s", "%peak", "%memcpy", "noise", "status");
}

/* The row bench_best ranks by: measured GB/s, else the model's prediction,
 * else its ranking figure. */
static int timed(const bench_row *r) { return runner_has_number(&r->m); }

enum { RANK_MEASURED, RANK_PREDICTED, RANK_SCORE };

static int rank_kind(const bench_result *b, const tpx_profile *prof)
{
    int kind = RANK_PREDICTED;
    double v;
    for (int i = 0; i < b->n; i++) {
        if (timed(&b->rows[i]))
            return RANK_MEASURED;
        if (b->rows[i].modelled && sweep_predicted_gbs(&b->rows[i].c, &b->rows[i].t, prof, &v) != 0)
            kind = RANK_SCORE;
    }
    return kind;
}

static double rank_value(const bench_row *r, int kind, const tpx_profile *prof)
{
    double v = 0;
    if (kind == RANK_MEASURED)
        return r->m.gbs;
    if (kind == RANK_PREDICTED)
        return sweep_predicted_gbs(&r->c, &r->t, prof, &v) == 0 ? v : 0;
    return sweep_model_score(&r->t);
}

int bench_best(const bench_result *b, int *ties, int *kind)
{
    tpx_profile prof;
    profile_current(&b->dev, &prof);
    *kind = rank_kind(b, &prof);
    int best = -1;
    double bv = 0;
    *ties = 0;
    for (int i = 0; i < b->n; i++) {
        const bench_row *r = &b->rows[i];
        if (*kind == RANK_MEASURED ? !timed(r) : !r->modelled)
            continue;
        double v = rank_value(r, *kind, &prof);
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

static void write_best(FILE *f, const bench_result *b)
{
    int ties, kind, i = bench_best(b, &ties, &kind);
    if (i < 0)
        return;
    const bench_row *r = &b->rows[i];
    char desc[160], tie[48] = "";
    config_describe(&r->c, desc, sizeof desc);
    if (ties)
        snprintf(tie, sizeof tie, ", tied with %d other%s", ties, words_s(ties));
    tpx_profile prof;
    profile_current(&b->dev, &prof);
    if (kind == RANK_MEASURED)
        fprintf(f, "\nbest measured: %s, %.1f GB/s%s\n", desc, r->m.gbs, tie);
    else if (kind == RANK_PREDICTED)
        fprintf(f, "\nbest by the model: %s, predicted %.1f GB/s on %s%s\n", desc,
                rank_value(r, kind, &prof), prof.name, tie);
    else
        fprintf(f, "\nbest by the model: %s, model figure %.1f%%%s\n", desc,
                100.0 * sweep_model_score(&r->t), tie);
}

void bench_write_table(FILE *f, const bench_result *b)
{
    table_header(f, b);
    int notes = 0;
    for (int i = 0; i < b->n; i++) {
        const bench_row *r = &b->rows[i];
        const tpx_measurement *m = &r->m;
        model_cols mc = model_columns(r);
        char blk[24], size[48], pad[8], dt[16];
        block_text(r, blk, sizeof blk);
        pad_text(r, pad, sizeof pad);
        dtype_text(r, dt, sizeof dt);
        snprintf(size, sizeof size, "%lldx%lld", r->c.w, r->c.h);
        fprintf(f, "%-13s %-6s %-12s %-*s %-4s %7s %7s %7s %7s %6s  ", catalog_name(r->c.kernel),
                blk, size, dtype_width(b), dt, pad, mc.ld, mc.st, mc.sst, mc.sld, mc.score);
        if (runner_has_number(m)) {
            char peak[16] = "-", pm[16] = "-";
            if (m->pct_peak >= 0)
                snprintf(peak, sizeof peak, "%.1f", m->pct_peak);
            if (m->pct_memcpy >= 0)
                snprintf(pm, sizeof pm, "%.1f", m->pct_memcpy);
            fprintf(f, "%10.4f %9.1f %6s %7s %5.2f%%  verified, %s%s\n", m->median_ms, m->gbs,
                    peak, pm, 100.0 * m->noise, runner_badge_name(m->badge),
                    m->pct_peak > 100.0 ? ", ABOVE PEAK" : "");
        } else if (m->status == TPX_ST_OK && m->verified) {
            fprintf(f, "%10s %9s %6s %7s %6s  verified (launched once)\n", "-", "-", "-", "-", "-");
        } else if (m->status == TPX_ST_OK) {
            fprintf(f, "%10s %9s %6s %7s %6s  failed (not verified)\n", "-", "-", "-", "-", "-");
        } else {
            fprintf(f, "%10s %9s %6s %7s %6s  %s", "-", "-", "-", "-", "-",
                    m->status == TPX_ST_NOT_MEASURED ? "not measured"
                                                     : runner_status_name(m->status));
            if (m->status != TPX_ST_NOT_MEASURED && m->message[0])
                fprintf(f, " [%d]", ++notes);
            fputc('\n', f);
        }
    }
    if (notes) {
        fprintf(f, "\n");
        for (int i = 0, k = 0; i < b->n; i++) {
            const tpx_measurement *m = &b->rows[i].m;
            char why[sizeof m->message * 4];
            if (m->status != TPX_ST_OK && m->status != TPX_ST_NOT_MEASURED && m->message[0])
                fprintf(f, "[%d] %s\n", ++k, text_sanitize(why, sizeof why, m->message));
        }
    }
    char why[sizeof b->rows[0].m.message * 4];
    if (b->n && b->rows[0].m.status == TPX_ST_NOT_MEASURED && b->rows[0].m.message[0])
        fprintf(f, "\nnot measured: %s\n", text_sanitize(why, sizeof why, b->rows[0].m.message));
    write_best(f, b);
    if (b->nskip) {
        fprintf(f, "\nskipped (invalid combinations):\n");
        for (int i = 0; i < b->nskip; i++)
            fprintf(f, "  %s: %s\n", b->skips[i].what, b->skips[i].why);
    }
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
               "shared_bytes_per_block,note\n");
    for (int i = 0; i < b->n; i++) {
        const bench_row *r = &b->rows[i];
        const tpx_measurement *m = &r->m;
        const tpx_cost *o = r->t.op;
        char blk[24];
        block_text(r, blk, sizeof blk);
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
