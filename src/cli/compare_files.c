#include "compare_files.h"

#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json.h"
#include "measure_judge.h"
#include "report.h"
#include "results_read.h"
#include "runner_replay.h"
#include "text.h"

typedef struct cf_row {
    const results_row *old, *new_;
    measure_judgement j;
} cf_row;

typedef struct cf_sum {
    int compared, faster, slower, same, only_old, only_new;
} cf_sum;

static int timed(const results_row *r) { return runner_has_number(&r->m) && r->m.samples > 0; }

/* NEW's timed row for OLD's config in the same mode, or NULL. */
static const results_row *match(const results_doc *d, const results_row *o)
{
    for (int i = 0; i < d->n; i++)
        if (timed(&d->rows[i]) && d->rows[i].m.hot == o->m.hot &&
            replay_same_config(&d->rows[i].c, &o->c))
            return &d->rows[i];
    return NULL;
}

/* The pairs, in OLD's order; *s counts them and what only one file has. */
static cf_row *pair_rows(const results_doc *od, const results_doc *nd, int *np, cf_sum *s)
{
    cf_row *rows = calloc((size_t)od->n + 1, sizeof *rows);
    if (!rows)
        return NULL;
    memset(s, 0, sizeof *s);
    int n = 0;
    for (int i = 0; i < od->n; i++) {
        const results_row *o = &od->rows[i];
        if (!timed(o))
            continue;
        const results_row *m = match(nd, o);
        if (!m) {
            s->only_old++;
            continue;
        }
        rows[n] = (cf_row){o, m, measure_judge_runs(&o->m, &m->m)};
        s->faster += rows[n].j.verdict == MEASURE_FASTER;
        s->slower += rows[n].j.verdict == MEASURE_SLOWER;
        s->same += rows[n].j.verdict == MEASURE_SAME;
        n++;
    }
    s->compared = n;
    for (int i = 0; i < nd->n; i++)
        s->only_new += timed(&nd->rows[i]) && !match(od, &nd->rows[i]);
    *np = n;
    return rows;
}

/* "NVIDIA H200, recorded 2026-11-22, commit bb9ca72 (dirty tree), host gpu1" */
static void describe_file(const results_doc *d, char *buf, size_t n)
{
    snprintf(buf, n, "%s%s%s, commit %.12s%s%s%s", d->dev.valid ? d->dev.name : "no GPU",
             d->date[0] ? ", recorded " : "", d->date, d->git_commit[0] ? d->git_commit : "unknown",
             d->git_dirty > 0 ? " (dirty tree)" : "", d->host[0] ? ", host " : "", d->host);
}

static void write_table(FILE *f, const char *paths[2], const results_doc *d[2], const cf_row *rows,
                        int n, const cf_sum *s)
{
    char what[320], safe[2][160];
    for (int i = 0; i < 2; i++) {
        text_sanitize(safe[i], sizeof safe[i], paths[i]);
        describe_file(d[i], what, sizeof what);
        fprintf(f, "%s: %s: %s\n", i ? "NEW" : "OLD", safe[i], what);
    }
    if (d[0]->dev.valid && d[1]->dev.valid && strcmp(d[0]->dev.name, d[1]->dev.name) != 0)
        fprintf(f, "   (two different GPUs: the verdicts compare the GPUs, not the code)\n");
    fprintf(f, "\n  %-42s %16s %16s %8s %8s  %s\n", "config (mode)", "OLD GB/s", "NEW GB/s",
            "NEW/OLD", "spread", "verdict");
    for (int i = 0; i < n; i++) {
        const cf_row *r = &rows[i];
        char cfg[160], a[48], b[48];
        config_describe(&r->old->c, cfg, sizeof cfg);
        snprintf(a, sizeof a, "%.1f ±%.1f%%", r->old->m.gbs, 100.0 * r->old->m.noise);
        snprintf(b, sizeof b, "%.1f ±%.1f%%", r->new_->m.gbs, 100.0 * r->new_->m.noise);
        size_t used = strlen(cfg);
        snprintf(cfg + used, sizeof cfg - used, " (%s)", r->old->m.hot ? "hot" : "cold");
        /* the widths count bytes; '±' is two */
        fprintf(f, "%c %-42s %17s %17s %8.2f %6s%.1f%%  %s\n",
                r->j.verdict == MEASURE_SAME ? ' ' : '*', cfg, a, b, 1.0 + r->j.difference,
                "±", 100.0 * r->j.spread, measure_verdict_name(r->j.verdict));
    }
    fprintf(f, "\n%d config%s timed in both: %d FASTER, %d SLOWER, %d SAME; %d only in OLD, "
               "%d only in NEW\n", s->compared, s->compared == 1 ? "" : "s", s->faster, s->slower,
            s->same, s->only_old, s->only_new);
    fprintf(f, "* a difference beyond the runs' spread: twice their combined noise, at least "
               "%.0f%% (docs/measuring.md).  GB = 1e9 bytes.\n", 100.0 * MEASURE_JUDGE_FLOOR);
}

static void file_json(json_writer *w, const char *key, const char *path, const results_doc *d)
{
    json_begin_object(w, key);
    json_string(w, "file", path);
    json_string(w, "device", d->dev.valid ? d->dev.name : NULL);
    json_string(w, "date", d->date[0] ? d->date : NULL);
    json_string(w, "git_commit", d->git_commit[0] ? d->git_commit : NULL);
    json_end_object(w);
}

static void write_json(FILE *f, const char *paths[2], const results_doc *d[2], const cf_row *rows,
                       int n, const cf_sum *s)
{
    json_writer w;
    json_init(&w, f, 1);
    json_begin_object(&w, NULL);
    file_json(&w, "old", paths[0], d[0]);
    file_json(&w, "new", paths[1], d[1]);
    json_begin_array(&w, "configs");
    for (int i = 0; i < n; i++) {
        const cf_row *r = &rows[i];
        json_begin_object(&w, NULL);
        report_config_json(&w, "config", &r->old->c);
        json_string(&w, "mode", r->old->m.hot ? "hot" : "cold");
        json_double(&w, "old_gbs", r->old->m.gbs, 1);
        json_double(&w, "old_noise", r->old->m.noise, 5);
        json_double(&w, "new_gbs", r->new_->m.gbs, 1);
        json_double(&w, "new_noise", r->new_->m.noise, 5);
        json_double(&w, "difference", r->j.difference, 6);
        json_double(&w, "spread", r->j.spread, 6);
        json_string(&w, "verdict", measure_verdict_id(r->j.verdict));
        json_end_object(&w);
    }
    json_end_array(&w);
    json_begin_object(&w, "summary");
    json_int(&w, "compared", s->compared);
    json_int(&w, "faster", s->faster);
    json_int(&w, "slower", s->slower);
    json_int(&w, "same", s->same);
    json_int(&w, "only_old", s->only_old);
    json_int(&w, "only_new", s->only_new);
    json_end_object(&w);
    json_end_object(&w);
    json_finish(&w);
}

int compare_files(const char *old_path, const char *new_path, int json, FILE *f)
{
    results_doc od, nd;
    char msg[TPX_MSG];
    if (results_load(old_path, &od, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx compare: %s\n", msg);
        return CLI_USAGE;
    }
    if (results_load(new_path, &nd, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx compare: %s\n", msg);
        results_free(&od);
        return CLI_USAGE;
    }
    int n = 0, rc = CLI_FAIL;
    cf_sum s;
    cf_row *rows = pair_rows(&od, &nd, &n, &s);
    const char *paths[2] = {old_path, new_path};
    const results_doc *d[2] = {&od, &nd};
    if (!rows) {
        fprintf(stderr, "tpx compare: out of memory\n");
    } else {
        if (json)
            write_json(f, paths, d, rows, n, &s);
        else
            write_table(f, paths, d, rows, n, &s);
        if (fflush(f) != 0 || ferror(f))
            fprintf(stderr, "tpx compare: writing the comparison failed\n");
        else if (n == 0)
            fprintf(stderr, "tpx compare: the two files have no timed config in common: "
                            "nothing was compared\n");
        else
            rc = s.slower > 0 ? COMPARE_FILES_SLOWER : CLI_OK;
    }
    free(rows);
    results_free(&od);
    results_free(&nd);
    return rc;
}
