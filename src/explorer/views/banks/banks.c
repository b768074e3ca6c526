/* Banks: the shared tile laid over the 32 four-byte banks, without and with
 * the cure (padding or swizzle) side by side.  Each cell is one word; the
 * selected warp's shared store and load mark the words they touch with the
 * lane (0-9, a-v); under the grid, the words each bank must serve, and each
 * instruction's wavefronts against the ideal. */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "app_state.h"
#include "widgets.h"

/* A panel: row labels, then 32 banks of cw columns (2, or 1 when narrow). */
#define LABEL_W 6
#define PANEL_W(cw) (LABEL_W + 32 * (cw))

static int is_pad(const tpx_tile *t, long long word)
{
    if (t->used)
        return !t->used[word];
    size_t e = config_tile_esize(&t->cfg);
    long long first = word * 4 / (long long)e, last = (word * 4 + 3) / (long long)e;
    for (long long i = first; i <= last; i++)
        if (i % t->pitch < t->width)
            return 0;
    return 1;
}

static const char *ways(const tpx_bank_detail *d, char *buf, size_t n)
{
    if (d->wavefronts <= d->ideal)
        snprintf(buf, n, "conflict-free");
    else if (d->wavefronts % d->ideal == 0)
        snprintf(buf, n, "%d-way conflict", d->wavefronts / d->ideal);
    else
        snprintf(buf, n, "%.2fx the ideal", (double)d->wavefronts / d->ideal);
    return buf;
}

/* Whether a lane is served in a wavefront beyond the fewest possible: the
 * cost of the conflict. */
static int extra_pass(const tpx_bank_detail *d, int lane)
{
    return d->pass[lane] >= d->ideal;
}

/* Per-bank counts: distinct words asked of each bank, one column per bank;
 * counts of 10 or more read downwards (tens, then ones) like the bank
 * numbers.  Returns the rows used (1 or 2). */
static int count_height(const tpx_bank_detail *d)
{
    int tens = 0;
    for (int b = 0; d && b < 32; b++)
        tens |= d->load[b] >= 10;
    return 1 + tens;
}

static int count_rows(tpx_canvas *cv, int x, int y, int cw, const char *label,
                      const tpx_bank_detail *d, tpx_role role)
{
    int tens = count_height(d) - 1;
    canvas_text(cv, x, y, LABEL_W, TPX_R_DIM, label);
    for (int b = 0; b < 32; b++) {
        int v = d ? d->load[b] : 0, cx = x + LABEL_W + cw * b;
        tpx_role r = v > 1 ? TPX_R_BAD : role;
        if (v >= 10)
            canvas_put(cv, cx, y, (uint32_t)('0' + v / 10 % 10), r);
        if (v == 0)
            canvas_glyph(cv, cx, y + tens, TPX_G_DOT, TPX_R_DIM);
        else
            canvas_put(cv, cx, y + tens, (uint32_t)('0' + v % 10), r);
    }
    return 1 + tens;
}

/* The first bank row to show: the one where the load (else the store)
 * begins, when the tile is taller than the room. */
static long long first_row(const tpx_tile *t, const int *ld, const int *st, int room)
{
    long long rows = (t->words + 31) / 32;
    if (rows <= room)
        return 0;
    for (long long w = 0; w < t->words; w++)
        if (ld[w] >= 0 || st[w] >= 0) {
            long long r = w / 32;
            return r + room > rows ? rows - room : r;
        }
    return 0;
}

/* The title (who: "A " or "B " when A is pinned, else "") and the tile's size. */
static void tile_head(tpx_canvas *cv, tpx_rect p, const tpx_tile *t, int live, const char *who)
{
    char buf[32];
    const char *what = t->cfg.swz ? "swizzled" : t->cfg.pad ? "padded" : "no padding";
    if (who[0])
        canvas_printf(cv, p.x, p.y, p.w, TPX_R_TITLE, "%s%s %dx%d: %s, pad %d%s", who,
                      catalog_name(t->cfg.kernel), t->cfg.bx, t->cfg.by, what, t->cfg.pad,
                      t->cfg.swz ? ", swizzle" : "");
    else
        canvas_printf(cv, p.x, p.y, p.w, live ? TPX_R_TITLE : TPX_R_NORMAL, "%s: pad %d%s%s",
                      what, t->cfg.pad, t->cfg.swz ? ", swizzle" : "",
                      live ? "  (this config)" : "");
    if (!t->valid)
        return;
    widget_bytes(buf, sizeof buf, t->words * 4);
    char of[48] = ""; /* seed 004: the tile's own element type, when not the matrix's */
    if (config_tile_differs(&t->cfg))
        snprintf(of, sizeof of, " of %s (%s data)", config_dtype_name(config_tile_dtype(&t->cfg)),
                 config_dtype_name(t->cfg.dtype));
    if (t->cfg.pad)
        canvas_printf(cv, p.x, p.y + 1, p.w, TPX_R_DIM, "%dx(%d+%d) tile%s: %lld words, %s",
                      t->rows, t->width, t->cfg.pad, of, t->words, buf);
    else
        canvas_printf(cv, p.x, p.y + 1, p.w, TPX_R_DIM, "%dx%d tile%s: %lld words, %s", t->rows,
                      t->width, of, t->words, buf);
}

static void bank_numbers(tpx_canvas *cv, tpx_rect p, int cw)
{
    canvas_text(cv, p.x, p.y + 3, LABEL_W, TPX_R_DIM, "bank");
    for (int b = 0; b < 32; b++) {
        int x = p.x + LABEL_W + cw * b;
        canvas_put(cv, x, p.y + 2, b >= 10 ? (uint32_t)('0' + b / 10) : ' ', TPX_R_DIM);
        canvas_put(cv, x, p.y + 3, (uint32_t)('0' + b % 10), TPX_R_DIM);
    }
}

/* One word of the grid: the load's lane (red when served in an extra
 * wavefront), else the store's, else padding or an untouched word. */
static void draw_word(tpx_canvas *cv, int x, int y, const tpx_tile *t, long long w)
{
    const int *st = t->lane[0], *ld = t->lane[1];
    if (ld[w] >= 0)
        canvas_put(cv, x, y, (uint32_t)widget_base36(ld[w]),
                   extra_pass(&t->bank[t->sld], ld[w]) ? TPX_R_BAD : TPX_R_LOAD);
    else if (st[w] >= 0)
        canvas_put(cv, x, y, (uint32_t)widget_base36(st[w]), TPX_R_STORE);
    else if (is_pad(t, w))
        canvas_glyph(cv, x, y, TPX_G_LIGHT, TPX_R_PAD);
    else
        canvas_glyph(cv, x, y, TPX_G_DOT, TPX_R_DIM);
}

/* The rows of words that fit in `room` rows from y; returns the next row. */
static int word_rows(tpx_canvas *cv, tpx_rect p, int y, const tpx_tile *t, int room, int cw)
{
    long long rows = (t->words + 31) / 32;
    if (rows > room)
        room--; /* for the line saying how many more */
    long long top = first_row(t, t->lane[1], t->lane[0], room);
    int y0 = y;
    for (long long r = top; r < rows && y < y0 + room; r++, y++) {
        canvas_printf(cv, p.x, y, LABEL_W - 1, TPX_R_DIM, "%*lld", LABEL_W - 1, r);
        for (int b = 0; b < 32 && r * 32 + b < t->words; b++)
            draw_word(cv, p.x + LABEL_W + cw * b, y, t, r * 32 + b);
    }
    if (top + room < rows)
        canvas_printf(cv, p.x, y++, p.w, TPX_R_DIM, "  %s %lld more row%s",
                      glyph_str(TPX_G_DARROW), rows - top - room, rows - top - room == 1 ? "" : "s");
    return y;
}

/* A verdict per instruction: wavefronts against the ideal. */
static void verdicts(tpx_canvas *cv, tpx_rect p, int y, const tpx_tile *t)
{
    char buf[96];
    for (int k = 0; k < 2; k++) {
        int i = k ? t->sld : t->sst;
        if (i < 0)
            continue;
        const tpx_bank_detail *d = &t->bank[i];
        char ideal[24] = "";
        if (d->ideal > 1) /* wide types: a warp needs several passes anyway */
            snprintf(ideal, sizeof ideal, " (ideal %d)", d->ideal);
        canvas_printf(cv, p.x, y++, p.w, d->wavefronts > d->ideal ? TPX_R_BAD : TPX_R_GOOD,
                      "%s %d wavefront%s%s, %s", k ? "load: " : "store:", d->wavefronts,
                      d->wavefronts == 1 ? "" : "s", ideal, ways(d, buf, sizeof buf));
    }
}

static void draw_tile(tpx_canvas *cv, tpx_rect p, const tpx_tile *t, int live, int cw,
                      const char *who)
{
    tile_head(cv, p, t, live, who);
    if (!t->valid) {
        canvas_wrap(cv, rect_make(p.x, p.y + 1, p.w, 3), TPX_R_WARN, t->why);
        return;
    }
    bank_numbers(cv, p, cw);
    int si = t->sst, li = t->sld;
    const tpx_bank_detail *sd = si >= 0 ? &t->bank[si] : NULL, *ldd = li >= 0 ? &t->bank[li] : NULL;
    /* Below the grid: the counts, and a verdict per instruction. */
    int room = p.h - 4 - count_height(sd) - count_height(ldd) - (si >= 0) - (li >= 0);
    int y = word_rows(cv, p, p.y + 4, t, room, cw);
    y += count_rows(cv, p.x, y, cw, "store", sd, TPX_R_STORE);
    y += count_rows(cv, p.x, y, cw, "load", ldd, TPX_R_LOAD);
    verdicts(cv, p, y, t);
}

/* With A pinned and tiled: A's tile and B's, each the variant its config
 * runs (the generalisation of pad 0 against pad 1).  0 when not pinned. */
static int pinned_tiles(const tpx_app *a, const tpx_tile *ab[2])
{
    if (!a->have_a || !config_has_tile(a->scene_a.cfg.kernel))
        return 0;
    ab[0] = &a->scene_a.tile[scene_live_tile(&a->scene_a)];
    ab[1] = &a->scene.tile[scene_live_tile(&a->scene)];
    return 1;
}

static void banks_draw(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect r)
{
    (void)st;
    const tpx_scene *sc = &a->scene;
    if (!config_has_tile(a->cfg.kernel)) {
        char tiled[128];
        catalog_join(tiled, sizeof tiled, config_has_tile, " or ");
        canvas_printf(cv, r.x + 2, r.y + 1, r.w - 4, TPX_R_WARN,
                      "%s has no shared tile, so there are no banks to show.",
                      catalog_name(a->cfg.kernel));
        canvas_printf(cv, r.x + 2, r.y + 3, r.w - 4, TPX_R_NORMAL,
                      "Pick %s (K) to see the tile over the 32 banks.", tiled);
        return;
    }
    int live = scene_live_tile(sc);
    int x = r.x + 1;
    x += canvas_printf(cv, x, r.y, r.x + r.w - x, TPX_R_NORMAL,
                       "warp %d of block (%d,%d), repetition %d of %d:  ", sc->sel.warp, sc->sel.bx,
                       sc->sel.by, sc->sel.rep + 1, sc->reps);
    x += canvas_text(cv, x, r.y, r.x + r.w - x, TPX_R_STORE, "store lanes  ");
    x += canvas_text(cv, x, r.y, r.x + r.w - x, TPX_R_LOAD, "load lanes  ");
    x += canvas_text(cv, x, r.y, r.x + r.w - x, TPX_R_BAD, "load lanes in an extra wavefront  ");
    canvas_printf(cv, x, r.y, r.x + r.w - x, TPX_R_DIM, "%s word  %s padding",
                  glyph_str(TPX_G_DOT), glyph_str(TPX_G_LIGHT));
    tpx_rect body = rect_make(r.x + 1, r.y + 2, r.w - 1, r.h - 2);
    int cw = body.w >= 2 * PANEL_W(2) + 3 ? 2 : 1;
    tpx_rect p[2];
    rect_columns(rect_make(body.x, body.y, 2 * PANEL_W(cw) + 3, body.h), 2, 3, p);
    const tpx_tile *ab[2];
    if (pinned_tiles(a, ab)) { /* A's tile beside B's, each as its config has it */
        draw_tile(cv, p[0], ab[0], 1, cw, "A (pinned) ");
        draw_tile(cv, p[1], ab[1], 1, cw, "B ");
        return;
    }
    draw_tile(cv, p[0], &sc->tile[0], live == 0, cw, "");
    draw_tile(cv, p[1], &sc->tile[1], live == 1, cw, "");
}

static void banks_caption(const tpx_app *a, const void *st, char *buf, size_t n)
{
    (void)st;
    const tpx_scene *sc = &a->scene;
    if (!config_has_tile(a->cfg.kernel)) {
        snprintf(buf, n, "%s keeps nothing in shared memory: %s", catalog_name(a->cfg.kernel),
                 catalog_get(a->cfg.kernel)->idea);
        return;
    }
    const tpx_tile *t = &sc->tile[scene_live_tile(sc)];
    if (!t->valid) {
        snprintf(buf, n, "%s", t->why);
        return;
    }
    int li = t->sld, si = t->sst;
    for (int k = 0; k < 2; k++) {
        int i = k ? si : li;
        if (i < 0 || t->bank[i].wavefronts <= t->bank[i].ideal)
            continue;
        const tpx_bank_detail *d = &t->bank[i];
        int worst = 0;
        for (int b = 1; b < 32; b++)
            worst = d->load[b] > d->load[worst] ? b : worst;
        snprintf(buf, n, "shared %s: %d wavefronts where %d would do: bank %d must serve %d "
                 "different words%s",
                 k ? "store" : "load", d->wavefronts, d->ideal, worst, d->load[worst],
                 t->cfg.pad || t->cfg.swz || a->slide || !sc->tile[1].valid
                     ? "" /* tile_sec takes no pad: the padded tile says why */
                     : " (p pads each row by one bank)");
        return;
    }
    snprintf(buf, n, "no bank conflicts: every shared access takes the ideal number of "
             "wavefronts%s", t->cfg.pad ? ", thanks to the padding" : t->cfg.swz ? ", thanks to "
             "the swizzle" : "");
}

const tpx_view_ops banks_view = {
    .caption = banks_caption,
    .draw = banks_draw,
    .on_action = app_view_step_rep,
};
