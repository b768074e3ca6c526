/* bench_table: the table `tpx bench` prints, a row per config with the
 * model's figures beside the measurement, then the best config. */
#include <string.h>

#include "bench.h"
#include "catalog.h"
#include "profile.h"
#include "sweep.h"
#include "text.h"
#include "words.h"

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

/* ---- table ------------------------------------------------------------------ */

/* "on NAME (sm_90, ...)" for a live run, "from FILE: NAME (...), recorded DAY" for a replay. */
static void table_title(FILE *f, const bench_result *b)
{
    const tpx_device *d = &b->dev;
    char name[sizeof d->name * 4];
    text_sanitize(name, sizeof name, d->name);
    if (!d->valid) {
        fprintf(f, "tpx bench: %s: the model's figures only\n", b->runner);
        return;
    }
    if (b->source[0])
        fprintf(f, "tpx bench --replay %s: %s", b->source, name);
    else
        fprintf(f, "tpx bench on %s", name);
    fprintf(f, " (sm_%d%d, %d SMs, L2 %.0f MiB, theoretical peak %.0f GB/s)", d->cc_major,
            d->cc_minor, d->sms, d->l2_bytes / 1048576.0, d->peak_gbs);
    if (b->source[0])
        fprintf(f, ", recorded %s, %s\n", d->recorded[0] ? d->recorded : "on an unknown day",
                b->ranked ? "ranked by measured GB/s" : "as recorded");
    else
        fprintf(f, ", %s, GB = 1e9 bytes\n",
                b->once ? "each config launched once and verified, not timed"
                : b->hot ? "hot (back-to-back launches)" : "cold L2 (flushed per sample)");
}

static void table_header(FILE *f, const bench_result *b)
{
    tpx_profile prof;
    profile_current(&b->dev, &prof);
    table_title(f, b);
    fprintf(f, "model: sectors per request of global loads and stores; n-way conflict of the "
               "shared store (tile fill) and load (tile read); model = the ranking figure%s\n"
               "predicted: the model's GB/s on %s; meas/pred = measured GB/s / predicted\n\n",
            bench_dtype_width(b) > 5 ? "; dtype D/T: D data in a T tile" : "", prof.name);
    fprintf(f, "%-13s %-6s %-12s %-*s %-4s %7s %7s %7s %7s %6s %9s  %10s %9s %9s %6s %7s %6s  "
               "%s\n",
            "kernel", "block", "size", bench_dtype_width(b), "dtype", "pad", "ld s/r", "st s/r",
            "sh-st", "sh-ld", "model", "predicted", "median ms", "GB/s", "meas/pred", "%peak",
            "%memcpy", "noise", "status");
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
    double pred = 0;
    bench_predicted(b, r, &pred);
    if (kind == BENCH_RANK_MEASURED)
        fprintf(f, "\nbest measured: %s, %.1f GB/s%s\n", desc, r->m.gbs, tie);
    else if (kind == BENCH_RANK_PREDICTED)
        fprintf(f, "\nbest by the model: %s, predicted %.1f GB/s on %s%s\n", desc,
                pred, prof.name, tie);
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
        bench_block_text(r, blk, sizeof blk);
        bench_pad_text(r, pad, sizeof pad);
        bench_dtype_text(r, dt, sizeof dt);
        snprintf(size, sizeof size, "%lldx%lld", r->c.w, r->c.h);
        char pred[16] = "-", vs[16] = "-";
        double v;
        if (bench_predicted(b, r, &v) == 0)
            snprintf(pred, sizeof pred, "%.1f", v);
        if (bench_vs_predicted(b, r, &v) == 0)
            snprintf(vs, sizeof vs, "%.2f", v);
        fprintf(f, "%-13s %-6s %-12s %-*s %-4s %7s %7s %7s %7s %6s %9s  ",
                catalog_name(r->c.kernel), blk, size, bench_dtype_width(b), dt, pad, mc.ld, mc.st,
                mc.sst, mc.sld, mc.score, pred);
        if (runner_has_number(m)) {
            char peak[16] = "-", pm[16] = "-";
            if (m->pct_peak >= 0)
                snprintf(peak, sizeof peak, "%.1f", m->pct_peak);
            if (m->pct_memcpy >= 0)
                snprintf(pm, sizeof pm, "%.1f", m->pct_memcpy);
            fprintf(f, "%10.4f %9.1f %9s %6s %7s %5.2f%%  verified, %s%s\n", m->median_ms, m->gbs,
                    vs, peak, pm, 100.0 * m->noise, runner_badge_name(m->badge),
                    m->pct_peak > 100.0 ? ", ABOVE PEAK" : "");
        } else if (m->status == TPX_ST_OK && m->verified) {
            fprintf(f, "%10s %9s %9s %6s %7s %6s  verified (launched once)\n", "-", "-", "-", "-",
                    "-", "-");
        } else if (m->status == TPX_ST_OK) {
            fprintf(f, "%10s %9s %9s %6s %7s %6s  failed (not verified)\n", "-", "-", "-", "-",
                    "-", "-");
        } else {
            fprintf(f, "%10s %9s %9s %6s %7s %6s  %s", "-", "-", "-", "-", "-", "-",
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

