/* tpx bench: measure a sweep of kernels x blocks x sizes x dtypes x pads,
 * with the model's figures beside each row.  Invalid combinations are
 * skipped with a note; faults are reported per config. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "bench_replay.h"
#include "catalog.h"
#include "cli.h"
#include "commands.h"
#include "bench_sweep.h"
#include "file_write.h"
#include "results_find.h"
#include "results_read.h"
#include "runner_select.h"
#include "text.h"

const cli_opt cmd_bench_opts[] = {
    {"kernel", "LIST", "kernel ids, comma-separated, or all (default)"},
    {"block", "LIST", "block shapes, or all (every power-of-two shape); default "
                      "16x16,8x32,32x8,32x32"},
    {"size", "LIST", "matrix sizes WxH (N means NxN); default 4096"},
    {"dtype", "LIST", "element types f32, f64, f16; default f32"},
    {"pad", "LIST", "shared tile paddings, A..B for a range (tiled kernels only); default 0"},
    {"swizzle", NULL, "also run each tiled config with an XOR-swizzled tile (pad 0)"},
    {"tile-dtype", "LIST", "shared tile element types (tiled kernels only); default: the dtype"},
    {"hot", NULL, "back-to-back launches instead of flushing the L2 per sample"},
    {"samples", "N", "at least N samples per config (default 10)"},
    {"time-cap", "S", "stop sampling a config after S seconds once it has N (default 1)"},
    {"once", NULL, "expert: launch each config once and verify it, no timing (profilers)"},
    {"json", NULL, "the JSON result document instead of the table"},
    {"csv", NULL, "CSV instead of the table"},
    {"out", "FILE", "write the table, CSV or JSON to FILE instead of stdout"},
    {"save", "FILE", "also write the JSON result document to FILE (tpx can replay it)"},
    {"no-gpu", NULL, "model only: do not look for a GPU"},
    {"device", "N", "CUDA device to measure on (tpx list --devices); default 0"},
    {"replay", "FILE", "rank the results saved in FILE (or a shipped name: h200, h100) instead "
                       "of measuring; the sweep's options given select its rows"},
    CLI_PROFILE_OPT,
    {NULL, NULL, NULL},
};

static void bench_help(void)
{
    printf("usage: tpx bench [--kernel LIST|all] [--block LIST] [--size LIST] [--dtype LIST]\n"
           "                 [--pad LIST] [--swizzle] [--tile-dtype LIST] [--hot] [--samples N]\n"
           "                 [--time-cap S]\n"
           "                 [--json|--csv] [--out FILE] [--save FILE] [--no-gpu] [--device N]\n"
           "                 [--profile NAME]\n"
           "       tpx bench --replay FILE [--kernel LIST] [--block LIST] [--size LIST] ...\n\n"
           "Measures every combination of the lists (comma-separated) on the GPU: each config\n"
           "is verified on random data, then timed with CUDA events (L2 flushed before each\n"
           "sample unless --hot) until the noise is under 0.5%% or the time cap.  Bandwidth is\n"
           "2*W*H*bytes / median time, GB = 1e9 bytes, beside memcpy of the same bytes and the\n"
           "model's sectors per request and shared-memory conflicts.  Combinations a kernel\n"
           "refuses (e.g. smem with 32x8) are skipped with a note; pads apply to the tiled\n"
           "kernels only, and so do tile dtypes (a tile narrower than the data is skipped);\n"
           "memcpy and cublas run once per size and dtype.  Without a GPU the\n"
           "model's figures are shown and nothing is measured.  docs/results-format.md\n"
           "describes the --save file.  The 'predicted' column is the model's GB/s for the\n"
           "device (or the --profile without one) and meas/pred the measured over it.\n\n"
           "--replay FILE ranks the results a --save recorded, best measured first, in the\n"
           "same table (or --csv): the options --kernel, --block, --size, --dtype, --pad,\n"
           "--swizzle and --tile-dtype, where given, select the rows a live run with them\n"
           "would have measured; a selection the file lacks lists what it holds.\n\n"
           "--block all runs every shape whose sides are powers of two (1 to 1024) with at most\n"
           "1024 threads, plus any shapes listed after it (all,24x8); shapes the kernel refuses\n"
           "are listed as skipped.  --pad 0..3 is a range.  The 'model' column is the model's\n"
           "ranking figure (global efficiency charged for shared-memory conflicts,\n"
           "docs/model.md); the table ends with the best config, by measured GB/s where\n"
           "measured, else by the model's predicted GB/s (--save and --json hold it as\n"
           "model.predicted_gbs), else by that figure.\n\n"
           "example: tpx bench --kernel all --block 16x16,8x32,32x8,32x32 --size 8192 --pad 0,1\n"
           "         tpx bench --no-gpu --kernel tile_rows --block all --size 1024 --pad 0..1\n"
           "         tpx bench --replay h200 --kernel tile_rows,smem --size 8192\n\n"
           "options:\n");
    cli_print_options(stdout, cmd_bench_opts);
}

static int parse_opts(const cli_parsed *p, tpx_measure_opts *o, char *msg, size_t n)
{
    *o = runner_default_opts();
    o->hot = cli_has(p, "hot");
    o->once = cli_has(p, "once");
    const char *v;
    if ((v = cli_get(p, "samples"))) {
        if (config_parse_int(v, "samples", &o->min_samples, msg, n) != 0)
            return -1;
        if (o->min_samples < 1 || o->min_samples > o->max_samples) {
            snprintf(msg, n, "samples %s is out of range: use 1 to %d", v, o->max_samples);
            return -1;
        }
    }
    if ((v = cli_get(p, "time-cap"))) {
        /* digits with an optional fraction, as the other numbers are plain
         * digits: no sign, space, exponent or hex (strtod takes them all) */
        size_t d = strspn(v, "0123456789"), f = v[d] == '.' ? strspn(v + d + 1, "0123456789") : 0;
        double t = strtod(v, NULL);
        if (d == 0 || v[d + (v[d] == '.' ? 1 + f : 0)] != '\0' || (v[d] == '.' && f == 0) ||
            !(t > 0 && t <= 3600)) {
            snprintf(msg, n, "time-cap '%s' is not a number of seconds over 0 and at most 3600 (digits, e.g. 0.5)", v);
            return -1;
        }
        o->time_cap_s = t;
    }
    return 0;
}

typedef struct progress_ctx {
    int on, i, n;
    char what[160];
} progress_ctx;

static void show_progress(void *vp, double f)
{
    progress_ctx *pc = vp;
    /* the line redraws itself: its own control sequence, past the gate */
    fprintf(text_raw_stderr(), "\r\033[K[%d/%d] %s %3.0f%%", pc->i, pc->n, pc->what, 100.0 * f);
    fflush(text_raw_stderr());
}

/* One config: validated, modelled, measured; a row or a skip note. */
static int run_one(tpx_runner *r, const tpx_limits *lim, const tpx_measure_opts *o,
                   const tpx_config *c, progress_ctx *pc, bench_result *b)
{
    char msg[TPX_MSG];
    if (config_validate(c, lim, msg, sizeof msg) != 0)
        return bench_add_skip(b, c, msg);
    bench_row row;
    memset(&row, 0, sizeof row);
    row.c = *c;
    row.modelled = model_totals(c, &row.t, NULL) == 0;
    pc->i++;
    config_describe(c, pc->what, sizeof pc->what);
    if (pc->on)
        show_progress(pc, 0.0);
    runner_measure(r, c, o, &row.m, NULL, pc->on ? show_progress : NULL, pc);
    return bench_add_row(b, &row);
}

/* The tiled variants of one config: each pad, swizzle (with pad 0), tile dtype. */
static int run_tiled(tpx_runner *r, const tpx_limits *lim, const bench_sweep *s,
                     const tpx_measure_opts *o, int count_only, progress_ctx *pc,
                     bench_result *b, tpx_config c)
{
    int total = 0;
    for (int ti = 0; ti < (s->ntd ? s->ntd : 1); ti++)
        for (int pi = 0; pi < s->np; pi++)
            for (int z = 0; z <= (s->swizzle && s->pad[pi] == 0); z++) {
                config_set_tile_dtype(&c, s->ntd ? s->tdt[ti] : c.dtype);
                c.pad = s->pad[pi];
                c.swz = z;
                total++;
                if (!count_only && run_one(r, lim, o, &c, pc, b) != 0)
                    return -1;
            }
    return total;
}

/* Every config of the sweep, in order; refs once per size and dtype. */
static int run_sweep(tpx_runner *r, const bench_sweep *s, const tpx_measure_opts *o,
                     int count_only,
                     progress_ctx *pc, bench_result *b)
{
    tpx_limits lim;
    runner_limits(r, &lim);
    int total = 0;
    for (int si = 0; si < s->ns; si++)
        for (int di = 0; di < s->nd; di++)
            for (int ki = 0; ki < s->nk; ki++) {
                tpx_kernel_id k = (tpx_kernel_id)s->kernels[ki];
                int ref = config_is_reference(k);
                for (int bi = 0; bi < (ref ? 1 : s->nb); bi++) {
                    tpx_config c = config_default();
                    c.kernel = k;
                    c.w = s->w[si];
                    c.h = s->h[si];
                    c.dtype = s->dt[di];
                    c.bx = ref ? 32 : s->bx[bi];
                    c.by = ref ? 8 : s->by[bi];
                    int n = 1;
                    if (config_has_tile(k))
                        n = run_tiled(r, &lim, s, o, count_only, pc, b, c);
                    else if (!count_only && run_one(r, &lim, o, &c, pc, b) != 0)
                        return -1;
                    if (n < 0)
                        return -1;
                    total += n;
                }
            }
    return total;
}

typedef struct doc_writer {
    void (*write)(FILE *, const bench_result *);
    const bench_result *b;
} doc_writer;

static int write_doc(FILE *f, const void *ctx)
{
    const doc_writer *d = ctx;
    d->write(f, d->b);
    return ferror(f) ? -1 : 0;
}

/* Writes the document to path whole or not at all (file_write_atomic); a
 * write error anywhere (a full disk, a size limit) is an error with its
 * reason. */
static int write_to(const char *path, const bench_result *b,
                    void (*writer)(FILE *, const bench_result *))
{
    char msg[TPX_MSG + 64];
    doc_writer d = {writer, b};
    if (file_write_atomic(path, write_doc, &d, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx bench: %s\n", msg);
        return -1;
    }
    return 0;
}

/* A sweep that measured nothing must not look like a success: every config
 * refused is a bad command line (2); none measured on a GPU run is a failed
 * run (1).  --no-gpu asks for the model's figures only, so that is fine. */
static int nothing_measured(const bench_result *b, int no_gpu, int rc)
{
    if (b->n == 0) {
        fprintf(stderr, "tpx bench: nothing to run: all %d config(s) were refused (see the "
                        "skip notes)\n", b->nskip);
        return CLI_USAGE;
    }
    if (no_gpu)
        return rc;
    for (int i = 0; i < b->n; i++)
        if (b->rows[i].m.status == TPX_ST_OK)
            return rc;
    fprintf(stderr, "tpx bench: nothing was measured%s%s (--no-gpu for the model's figures "
                    "only)\n", b->rows[0].m.message[0] ? ": " : "", b->rows[0].m.message);
    return rc == CLI_OK ? CLI_FAIL : rc;
}

/* The sweep measured on the runner the options ask for (or modelled), into
 * b; the exit code so far. */
static int measure(const cli_parsed *p, int argc, char **argv, bench_result *b)
{
    bench_sweep s;
    tpx_measure_opts o;
    char msg[TPX_MSG];
    if (bench_sweep_parse(p, &s, msg, sizeof msg) != 0 ||
        parse_opts(p, &o, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx bench: %s\n", msg);
        return CLI_USAGE;
    }
    int usage;
    tpx_runner *r = runner_from_options(cli_get(p, "device"), cli_has(p, "no-gpu"), NULL, msg,
                                        sizeof msg, &usage);
    if (!r) {
        fprintf(stderr, "tpx bench: %s\n", usage ? msg : "out of memory");
        return usage ? CLI_USAGE : CLI_FAIL;
    }
    runner_device(r, &b->dev);
    b->runner = runner_name(r);
    b->hot = o.hot;
    b->once = o.once;
    bench_describe_command(b, argc, argv);
    progress_ctx pc = {isatty(STDERR_FILENO) && b->dev.valid, 0, 0, ""};
    pc.n = run_sweep(r, &s, &o, 1, &pc, b);
    if (pc.n > RESULTS_MAX_ROWS && (cli_has(p, "save") || cli_has(p, "json"))) {
        /* refused before it runs: a file tpx could not read back */
        fprintf(stderr, "tpx bench: the sweep has %d configs; a result file (--save, --json) "
                        "holds at most %d: split it into smaller sweeps\n", pc.n,
                RESULTS_MAX_ROWS);
        runner_close(r);
        return CLI_USAGE;
    }
    int rc = run_sweep(r, &s, &o, 0, &pc, b) < 0 ? CLI_FAIL : CLI_OK;
    if (pc.on)
        fprintf(text_raw_stderr(), "\r\033[K");
    runner_device(r, &b->dev); /* again: the clocks (NVML) as they were while measuring */
    runner_close(r);
    if (rc != CLI_OK)
        fprintf(stderr, "tpx bench: out of memory\n");
    return rc;
}

/* --replay FILE: the file's rows ranked; the options that say how to
 * measure, or write a result document, are refused with why. */
static int replay(const cli_parsed *p, const char *saved, bench_result *b)
{
    static const char *const live_only[][2] = {
        {"once", "it says how to measure"},   {"samples", "it says how to measure"},
        {"time-cap", "it says how to measure"}, {"save", "the file is the result document"},
        {"json", "the file is the result document; --csv or the table rank it"},
    };
    for (size_t i = 0; i < sizeof live_only / sizeof live_only[0]; i++)
        if (cli_has(p, live_only[i][0])) {
            fprintf(stderr, "tpx bench: --%s does not apply to --replay (%s)\n", live_only[i][0],
                    live_only[i][1]);
            return CLI_USAGE;
        }
    char msg[2 * TPX_MSG + 1024], path[RESULTS_PATH_MAX];
    int usage = 1;
    if (results_find(saved, path, sizeof path, msg, sizeof msg) != 0 ||
        bench_replay(p, path, b, &usage, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx bench: %s\n", msg);
        return usage ? CLI_USAGE : CLI_FAIL;
    }
    return CLI_OK;
}

int cmd_bench(int argc, char **argv)
{
    cli_parsed p;
    char msg[TPX_MSG];
    int rc = cli_start(argc, argv, cmd_bench_opts, "tpx bench", bench_help, &p);
    if (rc >= 0)
        return rc;
    if (cli_profile(&p, msg, sizeof msg) != 0) {
        fprintf(stderr, "tpx bench: %s\n", msg);
        return CLI_USAGE;
    }
    const char *out = cli_get(&p, "out"), *save = cli_get(&p, "save");
    if (out && save && file_same(out, save)) {
        fprintf(stderr, "tpx bench: --out and --save name the same file (%s); the second "
                        "would overwrite the first: give two files\n", out);
        return CLI_USAGE;
    }
    bench_result b;
    memset(&b, 0, sizeof b);
    const char *saved = cli_get(&p, "replay");
    rc = saved ? replay(&p, saved, &b) : measure(&p, argc, argv, &b);
    if (rc == CLI_USAGE) {
        bench_free(&b);
        return rc;
    }
    bench_predict_rows(&b);
    void (*writer)(FILE *, const bench_result *) =
        cli_has(&p, "json") ? bench_write_json : cli_has(&p, "csv") ? bench_write_csv
                                                                      : bench_write_table;
    if (out ? write_to(out, &b, writer) != 0 : (writer(stdout, &b), 0))
        rc = CLI_FAIL;
    if (save && write_to(save, &b, bench_write_json) != 0)
        rc = CLI_FAIL;
    if (writer == bench_write_csv || (writer == bench_write_json && !out))
        for (int i = 0; i < b.nskip; i++)
            fprintf(stderr, "tpx bench: skipped %s: %s\n", b.skips[i].what, b.skips[i].why);
    /* A config that ran and failed fails the run; not measuring does not. */
    for (int i = 0; i < b.n; i++)
        if (b.rows[i].m.status == TPX_ST_VERIFY_FAILED || b.rows[i].m.status == TPX_ST_LAUNCH_ERROR)
            rc = CLI_FAIL;
    if (!saved)
        rc = nothing_measured(&b, cli_has(&p, "no-gpu"), rc);
    bench_free(&b);
    return rc;
}
