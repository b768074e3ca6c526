#include "compare.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json.h"
#include "report.h"

/* The figures compared, as paths into a `tpx report --json` object.  guard
 * names a count that must be non-zero for the figure to mean anything (the
 * model writes 0 for sectors per request when there are no requests). */
typedef struct fig_def {
    const char *id, *label, *path, *guard;
    int decimals, pct, in_table;
} fig_def;

static const fig_def defs[] = {
    {"global_load.sectors_per_request", "global load sectors/request",
     "model.global_load.sectors_per_request", "model.global_load.requests", 2, 0, 1},
    {"global_store.sectors_per_request", "global store sectors/request",
     "model.global_store.sectors_per_request", "model.global_store.requests", 2, 0, 1},
    {"global_load.efficiency", "global load efficiency", "model.global_load.efficiency",
     "model.global_load.requests", 1, 1, 1},
    {"global_store.efficiency", "global store efficiency", "model.global_store.efficiency",
     "model.global_store.requests", 1, 1, 1},
    {"shared_load.wavefronts", "shared load wavefronts", "model.shared_load.wavefronts",
     "model.shared_load.requests", 0, 0, 1},
    {"shared_load.conflict_ways", "shared load n-way conflict", "model.shared_load.conflict_ways",
     "model.shared_load.requests", 2, 0, 1},
    {"shared_store.wavefronts", "shared store wavefronts", "model.shared_store.wavefronts",
     "model.shared_store.requests", 0, 0, 1},
    {"shared_store.conflict_ways", "shared store n-way conflict",
     "model.shared_store.conflict_ways", "model.shared_store.requests", 2, 0, 1},
    {"launch.occupancy", "occupancy", "launch.occupancy", NULL, 0, 1, 1},
    {"launch.waves", "waves", "launch.waves", NULL, 0, 0, 1},
    {"model.predicted_gbs", "predicted GB/s", "model.predicted_gbs", NULL, 1, 0, 1},
    {"measured.gbs", "measured GB/s", "measured.gbs", NULL, 1, 0, 1},
    {"measured.pct_memcpy", "measured % of memcpy", "measured.pct_memcpy", NULL, 1, 0, 1},
    /* shown beside the measured GB/s in the table */
    {"measured.noise", "measured noise", "measured.noise", NULL, 2, 1, 0},
};

/* The number at a dotted path, or NULL. */
static const json_value *at_path(const json_value *v, const char *path)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", path);
    char *save = NULL;
    for (char *k = strtok_r(buf, ".", &save); k && v; k = strtok_r(NULL, ".", &save))
        v = v->type == JSON_OBJECT ? json_get(v, k) : NULL;
    return v && v->type == JSON_NUMBER ? v : NULL;
}

static json_value *side_json(const compare_result *r, int i)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return NULL;
    json_writer w;
    json_init(&w, f, 0);
    const compare_side *s = &r->side[i];
    report_json_object(&w, NULL, &s->c, &s->dev, s->modelled ? &s->t : NULL, &s->m, &s->prof);
    json_finish(&w);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    char msg[TPX_MSG];
    json_value *v = json_parse(text, msg, sizeof msg);
    free(text);
    return v;
}

static void changed_fields(compare_result *r)
{
    const tpx_config *a = &r->side[0].c, *b = &r->side[1].c;
    r->nchanged = 0;
    if (a->kernel != b->kernel)
        r->changed[r->nchanged++] = "kernel";
    if (a->bx != b->bx || a->by != b->by)
        r->changed[r->nchanged++] = "block";
    if (a->w != b->w || a->h != b->h)
        r->changed[r->nchanged++] = "size";
    if (a->dtype != b->dtype)
        r->changed[r->nchanged++] = "dtype";
    if (a->pad != b->pad)
        r->changed[r->nchanged++] = "pad";
    if (a->swz != b->swz)
        r->changed[r->nchanged++] = "swizzle";
    if (compare_two_gpus(r))
        r->changed[r->nchanged++] = "device";
}

int compare_two_gpus(const compare_result *r)
{
    return strcmp(r->side[0].dev.name, r->side[1].dev.name) != 0;
}

static void one_figure(compare_figure *g, const fig_def *d, json_value *const v[2])
{
    memset(g, 0, sizeof *g);
    g->id = d->id;
    g->label = d->label;
    g->decimals = d->decimals;
    g->pct = d->pct;
    g->in_table = d->in_table;
    for (int i = 0; i < 2; i++) {
        const json_value *x = at_path(v[i], d->path);
        const json_value *guard = d->guard ? at_path(v[i], d->guard) : NULL;
        g->present[i] = x && (!d->guard || (guard && guard->num != 0));
        g->v[i] = g->present[i] ? x->num : 0;
    }
    g->has_ratio = g->present[0] && g->present[1] && g->v[0] != 0;
    g->ratio = g->has_ratio ? g->v[1] / g->v[0] : 0;
    double scale = fmax(fabs(g->v[0]), fabs(g->v[1]));
    g->differs = g->present[0] != g->present[1] || fabs(g->v[1] - g->v[0]) > 1e-9 * scale;
}

int compare_figures(compare_result *r)
{
    for (int i = 0; i < 2; i++)
        if (!r->side[i].has_dev) {
            r->side[i].dev = r->dev;
            r->side[i].prof = r->prof;
            r->side[i].has_dev = 1;
        }
    json_value *v[2] = {side_json(r, 0), side_json(r, 1)};
    if (!v[0] || !v[1]) {
        json_free(v[0]);
        json_free(v[1]);
        return -1;
    }
    r->nfig = 0;
    for (size_t k = 0; k < sizeof defs / sizeof defs[0] && r->nfig < COMPARE_MAX_FIGURES; k++) {
        compare_figure *g = &r->fig[r->nfig];
        one_figure(g, &defs[k], v);
        /* unmeasured is shown as unmeasured, not left out */
        if (g->present[0] || g->present[1] || strcmp(g->id, "measured.gbs") == 0)
            r->nfig++;
    }
    json_free(v[0]);
    json_free(v[1]);
    /* a measured figure differs only beyond the runs' noise, never by a
     * difference the next run could reverse */
    r->judged = measure_judge_runs(&r->side[0].m, &r->side[1].m);
    for (int i = 0; i < r->nfig; i++) {
        compare_figure *g = &r->fig[i];
        if (strncmp(g->id, "measured.", 9) == 0 && g->present[0] && g->present[1])
            g->differs = r->judged.verdict == MEASURE_FASTER || r->judged.verdict == MEASURE_SLOWER;
    }
    changed_fields(r);
    r->moved[0] = '\0';
    for (int i = 0; i < 2; i++) {
        const compare_side *s = &r->side[i];
        report_predict(&s->c, s->modelled ? &s->t : NULL, &s->prof, &r->pred[i]);
    }
    if (r->pred[0].valid && r->pred[1].valid)
        predict_compare(&r->pred[0], &r->pred[1], r->moved, sizeof r->moved);
    return 0;
}

const compare_figure *compare_find(const compare_result *r, const char *id)
{
    for (int i = 0; i < r->nfig; i++)
        if (strcmp(r->fig[i].id, id) == 0)
            return &r->fig[i];
    return NULL;
}

void compare_free(compare_result *r) { (void)r; }

static void cell(char *buf, size_t n, const compare_figure *g, int i, const compare_figure *noise)
{
    if (!g->present[i]) {
        snprintf(buf, n, "%s", strncmp(g->id, "measured.", 9) == 0 ? "unmeasured" : "-");
        return;
    }
    int used = snprintf(buf, n, "%.*f%s", g->decimals, g->pct ? 100.0 * g->v[i] : g->v[i],
                        g->pct ? "%" : "");
    if (noise && noise->present[i] && used > 0 && (size_t)used < n)
        snprintf(buf + used, n - (size_t)used, " ±%.1f%%", 100.0 * noise->v[i]);
}

static void measured_note(FILE *f, const char *who, const compare_side *s)
{
    if (s->m.status == TPX_ST_OK)
        return;
    fprintf(f, "%s measured: %s (%s)\n", who, runner_status_name(s->m.status),
            s->m.message[0] ? s->m.message : "no reason given");
}

void compare_write_table(FILE *f, const compare_result *r)
{
    char da[160], db[160];
    config_describe(&r->side[0].c, da, sizeof da);
    config_describe(&r->side[1].c, db, sizeof db);
    if (compare_two_gpus(r))
        fprintf(f, "A: %s on %s\nB: %s on %s\n", da, r->side[0].dev.name, db,
                r->side[1].dev.name);
    else
        fprintf(f, "A: %s\nB: %s\n", da, db);
    if (r->nchanged == 0)
        fprintf(f, "   (B is the same config as A)\n");
    else {
        fprintf(f, "   B changes:");
        for (int i = 0; i < r->nchanged; i++)
            fprintf(f, "%s %s", i ? "," : "", r->changed[i]);
        fputc('\n', f);
    }
    fprintf(f, "\n  %-30s %16s %16s %8s\n", "figure", "A", "B", "B/A");
    const compare_figure *noise = compare_find(r, "measured.noise");
    for (int i = 0; i < r->nfig; i++) {
        const compare_figure *g = &r->fig[i];
        if (!g->in_table)
            continue;
        const compare_figure *nz = strcmp(g->id, "measured.gbs") == 0 ? noise : NULL;
        char a[48], b[48], q[24];
        cell(a, sizeof a, g, 0, nz);
        cell(b, sizeof b, g, 1, nz);
        if (g->has_ratio)
            snprintf(q, sizeof q, "%.2f", g->ratio);
        else
            snprintf(q, sizeof q, "-");
        /* the widths count bytes; '±' is two */
        fprintf(f, "%c %-30s %*s %*s %8s\n", g->differs ? '*' : ' ', g->label,
                16 + (nz && nz->present[0]), a, 16 + (nz && nz->present[1]), b, q);
    }
    if (r->moved[0]) /* why B is faster or slower, in the model's words */
        fprintf(f, "\n  binding limit (predicted): A %s, B %s\n  the model: %s\n",
                predict_limiter_words(r->pred[0].limiter),
                predict_limiter_words(r->pred[1].limiter), r->moved);
    if (r->judged.verdict != MEASURE_UNJUDGED) {
        char why[160];
        measure_judgement_describe(&r->judged, why, sizeof why);
        fprintf(f, "\n  measured, B against A: %s\n", why);
    }
    fprintf(f, "\n* differs between A and B (a measured figure: beyond the runs' spread, twice\n"
               "  their combined noise and at least %.0f%%).  GB = 1e9 bytes.\n",
            100.0 * MEASURE_JUDGE_FLOOR);
    measured_note(f, "A", &r->side[0]);
    measured_note(f, "B", &r->side[1]);
}

/* delta.measured: the verdict on the measured GB/s, null when unjudged */
static void measured_json(json_writer *w, const measure_judgement *j)
{
    if (j->verdict == MEASURE_UNJUDGED) {
        json_null(w, "measured");
        return;
    }
    json_begin_object(w, "measured");
    json_string(w, "verdict", measure_verdict_id(j->verdict));
    json_double(w, "difference", j->difference, 6);
    json_double(w, "spread", j->spread, 6);
    json_end_object(w);
}

static void delta_json(json_writer *w, const compare_result *r)
{
    json_begin_object(w, "delta");
    json_begin_array(w, "config_changed");
    for (int i = 0; i < r->nchanged; i++)
        json_string(w, NULL, r->changed[i]);
    json_end_array(w);
    json_begin_object(w, "figures");
    for (int i = 0; i < r->nfig; i++) {
        const compare_figure *g = &r->fig[i];
        json_begin_object(w, g->id);
        for (int s = 0; s < 2; s++) {
            if (g->present[s])
                json_double(w, s ? "b" : "a", g->v[s], 6);
            else
                json_null(w, s ? "b" : "a");
        }
        if (g->has_ratio)
            json_double(w, "ratio", g->ratio, 6);
        else
            json_null(w, "ratio");
        json_bool(w, "differs", g->differs);
        json_end_object(w);
    }
    json_end_object(w);
    measured_json(w, &r->judged);
    if (r->moved[0]) {
        json_begin_object(w, "limit");
        json_string(w, "a", predict_limiter_name(r->pred[0].limiter));
        json_string(w, "b", predict_limiter_name(r->pred[1].limiter));
        json_bool(w, "moved", r->pred[0].limiter != r->pred[1].limiter);
        json_string(w, "words", r->moved);
        json_end_object(w);
    } else {
        json_null(w, "limit");
    }
    json_end_object(w);
}

void compare_write_json(FILE *f, const compare_result *r)
{
    json_writer w;
    json_init(&w, f, 1);
    json_begin_object(&w, NULL);
    for (int s = 0; s < 2; s++) {
        const compare_side *x = &r->side[s];
        report_json_object(&w, s ? "b" : "a", &x->c, &x->dev, x->modelled ? &x->t : NULL, &x->m,
                           &x->prof);
    }
    delta_json(&w, r);
    json_end_object(&w);
    json_finish(&w);
}

/* After --vs only what changes the config is accepted. */
const cli_opt compare_vs_opts[] = {
    CLI_CONFIG_OPTS,
    {"no-swizzle", NULL, "B without the swizzle A has"},
    {NULL, NULL, NULL},
};

int compare_split_vs(int argc, char **argv)
{
    for (int i = 0; i < argc; i++)
        if (strcmp(argv[i], "--vs") == 0)
            return i;
    return -1;
}

/* B from A and the options after --vs.  0, or -1 with why. */
int compare_build_b(int argc, char **argv, const tpx_config *a, const tpx_limits *lim,
                   tpx_config *b, int *help, char *msg, size_t n)
{
    cli_parsed p;
    char why[TPX_MSG];
    if (argc == 0) {
        snprintf(msg, n, "--vs needs at least one config option that changes B, e.g. --vs --pad 1");
        return -1;
    }
    if (cli_parse(argc, argv, compare_vs_opts, &p, why, sizeof why) != 0) {
        snprintf(msg, n, "after --vs: %.200s; B takes config options (--kernel, --block, "
                 "--size, --dtype, --pad, --swizzle, --no-swizzle, --tile-dtype), its --replay "
                 "file, and the command's own (--json, --no-gpu, --hot, --device, --profile)",
                 why);
        return -1;
    }
    *help = p.help;
    *b = *a;
    /* B names a kernel but no block: the kernel's usual block if A's does not fit */
    if (cli_config_apply(&p, b, why, sizeof why) != 0 ||
        (cli_has(&p, "block") || !cli_has(&p, "kernel")
             ? config_validate(b, lim, why, sizeof why)
             : cli_fit_block(b, lim, why, sizeof why)) != 0) {
        char desc[160];
        config_describe(b, desc, sizeof desc);
        snprintf(msg, n, "B is invalid (%.150s): %.250s", desc, why);
        return -1;
    }
    return 0;
}

