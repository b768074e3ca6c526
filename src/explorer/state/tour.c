#include "tour.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assets.h"
#include "file_read.h"
#include "catalog.h"
#include "user.h"

/* A step's kernel-file=PATH: relative to the tour file's folder (dir; NULL
 * when the tour is text without a file, where no file may be named), read
 * and added as --kernel-file adds one.  Its id, or -1 with a message. */
static int step_kernel_file(const char *v, const char *dir, char *msg, size_t n)
{
    char path[4096], why[TPX_MSG];
    if (!dir) {
        snprintf(msg, n, "kernel-file='%s': only a tour file names kernel files (their paths "
                 "are relative to it)", v);
        return -1;
    }
    if (!*v) {
        snprintf(msg, n, "kernel-file= names no file: give the path of a kernel file "
                 "(docs/language.md), relative to the tour file");
        return -1;
    }
    int len = v[0] == '/' ? snprintf(path, sizeof path, "%s", v)
                          : snprintf(path, sizeof path, "%s/%s", dir, v);
    if (len < 0 || (size_t)len >= sizeof path) {
        snprintf(msg, n, "kernel-file='%.64s...': the path is longer than %zu bytes", v,
                 sizeof path - 1);
        return -1;
    }
    size_t tlen;
    /* up to 1 MiB read, so that a kernel over UK_MAX_TEXT is refused in its own words */
    char *text = file_read_bounded(path, (size_t)1 << 20, "kernel file", &tlen, why, sizeof why);
    if (!text) {
        snprintf(msg, n, "kernel-file: %.230s", why);
        return -1;
    }
    int id = user_add(text, tlen, path, why, sizeof why);
    free(text);
    if (id < 0)
        snprintf(msg, n, "kernel-file: %.230s", why);
    return id;
}

/* One "key=value" of a step line into s (views: how many views a step may
 * name, from 1); 0, or -1 with a message. */
static int step_setting(tpx_tour_step *s, const char *kv, int views, const char *dir, char *msg,
                        size_t n)
{
    char key[32];
    const char *eq = strchr(kv, '=');
    if (!eq || eq - kv >= (long)sizeof key) {
        snprintf(msg, n, "'%s' is not key=value", kv);
        return -1;
    }
    snprintf(key, sizeof key, "%.*s", (int)(eq - kv), kv);
    const char *v = eq + 1;
    int k;
    if (strcmp(key, "view") == 0) {
        if (config_parse_int(v, "view", &s->view, msg, n) != 0 || s->view < 1 ||
            s->view > views) {
            snprintf(msg, n, "view '%s' is not 1 to %d", v, views);
            return -1;
        }
        s->view--;
        return 0;
    }
    if (strcmp(key, "kernel") == 0) {
        if ((k = catalog_find(v)) < 0) {
            snprintf(msg, n, "unknown kernel '%s'", v);
            return -1;
        }
        s->cfg.kernel = (tpx_kernel_id)k;
        return 0;
    }
    if (strcmp(key, "kernel-file") == 0) {
        if ((k = step_kernel_file(v, dir, msg, n)) < 0)
            return -1;
        s->cfg.kernel = (tpx_kernel_id)k;
        return 0;
    }
    if (strcmp(key, "block") == 0)
        return config_parse_block(v, &s->cfg.bx, &s->cfg.by, msg, n);
    if (strcmp(key, "size") == 0)
        return config_parse_size(v, &s->cfg.w, &s->cfg.h, msg, n);
    if (strcmp(key, "dtype") == 0)
        return config_parse_dtype(v, &s->cfg.dtype, msg, n);
    if (strcmp(key, "pad") == 0)
        return config_parse_pad(v, &s->cfg.pad, msg, n);
    if (strcmp(key, "tile") == 0) { /* the shared tile's element type (--tile-dtype) */
        tpx_dtype t;
        if (config_parse_tile_dtype(v, &t, msg, n) != 0)
            return -1;
        config_set_tile_dtype(&s->cfg, t);
        return 0;
    }
    if (strcmp(key, "swizzle") == 0)
        return config_parse_int(v, "swizzle", &s->cfg.swz, msg, n);
    if (strcmp(key, "zoom") == 0)
        return config_parse_int(v, "zoom", &s->zoom, msg, n);
    snprintf(msg, n, "unknown key '%s'", key);
    return -1;
}

/* Whether the settings name a kernel twice, by id and by file (prefix "" for
 * B's, "a." for A's); 1 with a message. */
static int two_kernels(char **toks, int nt, const char *prefix, char *msg, size_t n)
{
    char id[16], file[24];
    int has_id = 0, has_file = 0;
    snprintf(id, sizeof id, "%skernel=", prefix);
    snprintf(file, sizeof file, "%skernel-file=", prefix);
    for (int i = 0; i < nt; i++) {
        has_id |= strncmp(toks[i], id, strlen(id)) == 0;
        has_file |= strncmp(toks[i], file, strlen(file)) == 0;
    }
    if (has_id && has_file)
        snprintf(msg, n, "'%skernel' and '%skernel-file' name two kernels: give one", prefix,
                 prefix);
    return has_id && has_file;
}

/* The settings of a step line: B's first, then A = B with the "a."
 * settings (a.pad=0: A differs from B in its pad). */
static int step_line(tpx_tour_step *s, char *line, int views, const char *dir, char *msg,
                     size_t n)
{
    char *toks[32], *save = NULL;
    int nt = 0;
    for (char *tok = strtok_r(line, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        if (nt == 32) {
            snprintf(msg, n, "more than 32 settings");
            return -1;
        }
        /* a setting twice: the last would silently win */
        size_t klen = strcspn(tok, "=");
        for (int i = 0; i < nt; i++)
            if (strncmp(toks[i], tok, klen) == 0 && strcspn(toks[i], "=") == klen) {
                snprintf(msg, n, "'%.*s' given twice (%s and %s)", (int)klen, tok, toks[i], tok);
                return -1;
            }
        toks[nt++] = tok;
    }
    if (two_kernels(toks, nt, "", msg, n) || two_kernels(toks, nt, "a.", msg, n))
        return -1;
    for (int i = 0; i < nt; i++)
        if (strncmp(toks[i], "a.", 2) != 0 && step_setting(s, toks[i], views, dir, msg, n) != 0)
            return -1;
    tpx_tour_step a = *s;
    for (int i = 0; i < nt; i++) {
        if (strncmp(toks[i], "a.", 2) != 0)
            continue;
        if (strncmp(toks[i] + 2, "view=", 5) == 0 || strncmp(toks[i] + 2, "zoom=", 5) == 0) {
            snprintf(msg, n, "'%s': A takes config settings only (kernel, block, size, dtype, "
                     "tile, pad, swizzle)", toks[i]);
            return -1;
        }
        if (step_setting(&a, toks[i] + 2, views, dir, msg, n) != 0)
            return -1;
        s->pinned = 1;
    }
    s->pin = a.cfg;
    return 0;
}

/* A line of the text at p into line (CR before its LF dropped, as a text
 * file from Windows has it); the start of the next line, or NULL when the
 * line is longer than TPX_TOUR_LINE_MAX. */
static const char *next_line(const char *p, char line[TPX_TOUR_LINE_MAX])
{
    const char *end = strchr(p, '\n');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    const char *next = p + len + (end ? 1 : 0);
    if (len && p[len - 1] == '\r')
        len--;
    if (len >= TPX_TOUR_LINE_MAX)
        return NULL;
    memcpy(line, p, len);
    line[len] = '\0';
    return next;
}

/* Appends a line of text to step s; -1 when the step cannot hold it. */
static int add_text(tpx_tour_step *s, const char *line)
{
    size_t used = strlen(s->text), len = strlen(line);
    if (used + (used ? 1 : 0) + len >= sizeof s->text)
        return -1;
    if (used)
        s->text[used++] = ' ';
    memcpy(s->text + used, line, len + 1);
    return 0;
}

/* A claim line ("? B/A >= 2") of step s. */
static int claim_line(tpx_tour_step *s, const char *text, int lineno, char *msg, size_t n)
{
    if (s->nclaims == TPX_TOUR_CLAIMS) {
        snprintf(msg, n, "more than %d claims in one step", TPX_TOUR_CLAIMS);
        return -1;
    }
    tpx_tour_claim *c = &s->claims[s->nclaims];
    if (tour_claim_parse(text, c, msg, n) != 0)
        return -1;
    c->line = lineno;
    s->sweeps |= tour_claim_sweeps(c);
    s->nclaims++;
    return 0;
}

/* An evidence line ("! load:  32 wavefronts") of step s. */
static int evidence_line(tpx_tour_step *s, const char *text, char *msg, size_t n)
{
    while (*text == ' ')
        text++;
    size_t len = strlen(text);
    if (s->nevidence == TPX_TOUR_EVIDENCE || len == 0 || len >= sizeof s->evidence[0]) {
        snprintf(msg, n, s->nevidence == TPX_TOUR_EVIDENCE ? "more than %d evidence lines"
                         : "an evidence line is text of the screen, 1 to %d bytes",
                 s->nevidence == TPX_TOUR_EVIDENCE ? TPX_TOUR_EVIDENCE
                                                   : (int)sizeof s->evidence[0] - 1);
        return -1;
    }
    memcpy(s->evidence[s->nevidence++], text, len + 1);
    return 0;
}

/* The {figures} of every step's text; the step count, or -1 naming the step. */
static int figures_check(tpx_tour_step *steps, int count, char *msg, size_t n)
{
    char why[TPX_MSG];
    for (int i = 0; i < count; i++)
        if (tour_text_check(steps[i].text, &steps[i].sweeps, why, sizeof why) != 0) {
            snprintf(msg, n, "tour line %d (step %d): its text: %s", steps[i].line, i + 1, why);
            return -1;
        }
    return count;
}

/* tour_parse with the tour file's folder (NULL: no file). */
static int parse(const char *text, const char *dir, tpx_tour_step *steps, int max, int views,
                 char *msg, size_t n)
{
    int count = -1, lineno = 0;
    const char *p = text ? text : "";
    char err[TPX_MSG], line[TPX_TOUR_LINE_MAX];
    if (strncmp(p, "\xef\xbb\xbf", 3) == 0) /* a byte-order mark: not part of the first line */
        p += 3;
    while (*p) {
        lineno++;
        if (!(p = next_line(p, line))) {
            snprintf(msg, n, "tour line %d: longer than %d bytes", lineno, TPX_TOUR_LINE_MAX - 1);
            return -1;
        }
        if (line[0] == '#')
            continue;
        if (line[0] == '@') {
            if (++count >= max) {
                snprintf(msg, n, "tour line %d: more than %d steps", lineno, max);
                return -1;
            }
            tpx_tour_step *s = &steps[count];
            memset(s, 0, sizeof *s);
            s->line = lineno;
            s->cfg = config_default();
            s->zoom = -1;
            if (step_line(s, line + 1, views, dir, err, sizeof err) != 0) {
                snprintf(msg, n, "tour line %d (step %d): %s", lineno, count + 1, err);
                return -1;
            }
            continue;
        }
        if (count < 0 || !line[0])
            continue;
        if (line[0] == '!') {
            if (evidence_line(&steps[count], line + 1, err, sizeof err) != 0) {
                snprintf(msg, n, "tour line %d (step %d): %s", lineno, count + 1, err);
                return -1;
            }
            continue;
        }
        if (line[0] == '?') {
            if (claim_line(&steps[count], line + 1, lineno, err, sizeof err) != 0) {
                snprintf(msg, n, "tour line %d (step %d): %s", lineno, count + 1, err);
                return -1;
            }
            continue;
        }
        if (add_text(&steps[count], line) != 0) {
            snprintf(msg, n, "tour line %d (step %d): its text is longer than %zu bytes; say it "
                     "in fewer words, or in two steps", lineno, count + 1,
                     sizeof steps[count].text - 1);
            return -1;
        }
    }
    return figures_check(steps, count + 1, msg, n);
}

int tour_parse(const char *text, tpx_tour_step *steps, int max, int views, char *msg, size_t n)
{
    return parse(text, NULL, steps, max, views, msg, n);
}

/* The folder of path: "." for a bare name, "/" at the root. */
static void dir_of(const char *path, char *dir, size_t n)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, n, ".");
    else if (slash == path)
        snprintf(dir, n, "/");
    else
        snprintf(dir, n, "%.*s", (int)(slash - path), path);
}

int tour_load(const char *path, tpx_tour_step *steps, int max, int views, char *msg, size_t n)
{
    size_t len = 0;
    char why[TPX_MSG];
    /* a regular file of at most 1 MiB, read without blocking: a FIFO, a
     * directory or a read error is said so, never taken for "no steps" */
    char *text = file_read_bounded(path, (size_t)1 << 20, "tour file", &len, why, sizeof why);
    if (!text) {
        snprintf(msg, n, "%s", why);
        return -1;
    }
    char dir[4096];
    dir_of(path, dir, sizeof dir);
    int count = strlen(text) != len ? -2 : parse(text, dir, steps, max, views, why, sizeof why);
    free(text);
    if (count == -2)
        snprintf(why, sizeof why, "holds a NUL byte: not a text file");
    else if (count == 0)
        snprintf(why, sizeof why, "no steps (a step starts with a line \"@ view=N ...\")");
    if (count <= 0)
        snprintf(msg, n, "%s: %s", path, why);
    return count > 0 ? count : -1;
}

const tpx_tour_step *tour_builtin(int *n)
{
    static tpx_tour_step steps[TPX_TOUR_MAX];
    static int count = -2;
    if (count == -2) {
        char msg[TPX_MSG];
        /* the views are the dispatch's; test_tour holds the steps to the table */
        count = tour_parse(assets_get("tour.txt", NULL), steps, TPX_TOUR_MAX, TPX_VIEW_MAX, msg,
                           sizeof msg);
        if (count < 0)
            count = 0; /* the test of the asset says why */
    }
    *n = count;
    return steps;
}

const tpx_tour_step *tour_steps(const tpx_app *a, int *n)
{
    if (a->tour_steps) {
        *n = a->tour_n;
        return a->tour_steps;
    }
    return tour_builtin(n);
}

int tour_check(const tpx_tour_step *steps, int n, const tpx_limits *lim, char *msg, size_t len)
{
    char why[TPX_MSG];
    for (int i = 0; i < n; i++) {
        const char *who = NULL;
        if (config_validate(&steps[i].cfg, lim, why, sizeof why) != 0)
            who = "its config";
        else if (steps[i].pinned && config_validate(&steps[i].pin, lim, why, sizeof why) != 0)
            who = "its A (a.*)";
        if (who) {
            snprintf(msg, len, "tour line %d (step %d): %s is refused: %s", steps[i].line, i + 1,
                     who, why);
            return -1;
        }
    }
    return 0;
}
