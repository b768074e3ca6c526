/* tour_box: the guided tour's current step, in a box over the bottom of the
 * view, so that what it talks about stays visible above it.  Its first line
 * gives the step's number: measured GB/s (live, or recorded in a loaded
 * file), else the model's ranking figure; A and B and their ratio for an A/B
 * step. */
#include <stdio.h>
#include <string.h>

#include "sweep.h"
#include "tour.h"
#include "chrome.h"

static int slot_measured(const tpx_slot *s)
{
    return s->cfg_ok && s->have_meas && s->meas.m.status == TPX_ST_OK && s->meas.m.samples > 0;
}

static double slot_gbs(const tpx_slot *s) { return s->meas.nring ? s->median : s->meas.m.gbs; }

/* The model's figure of a slot, or -1 (not modelled yet, or a reference). */
static double slot_model(const tpx_slot *s)
{
    return s->cfg_ok && s->have_model && s->model.model_rc == 0
               ? sweep_model_score(&s->model.totals) : -1;
}


/* The step's numbers in one line; the role to draw it in. */
static tpx_role numbers(const tpx_app *a, int ab, char *buf, size_t n)
{
    const tpx_slot *b = &a->live->cur, *pa = &a->live->pin;
    char src[200];
    app_measured_where(a, src, sizeof src);
    if (ab && slot_measured(pa) && slot_measured(b)) {
        snprintf(buf, n, "measured: A %.1f GB/s, B %.1f GB/s, B/A %.2f (%s)", slot_gbs(pa),
                 slot_gbs(b), slot_gbs(b) / slot_gbs(pa), src);
        return TPX_R_GOOD;
    }
    if (!ab && slot_measured(b)) {
        snprintf(buf, n, "measured: %.1f GB/s %s%.1f%% (%s)", slot_gbs(b),
                 glyph_str(TPX_G_PLUSMINUS), 100.0 * b->meas.m.noise, src);
        return TPX_R_GOOD;
    }
    int pred = b->have_model && b->model.have_pred && (!ab || (pa->have_model && pa->model.have_pred));
    if (pred && ab && pa->model.pred_gbs > 0) {
        snprintf(buf, n, "not measured; the model predicts A %.0f GB/s, B %.0f GB/s, B/A %.2f",
                 pa->model.pred_gbs, b->model.pred_gbs, b->model.pred_gbs / pa->model.pred_gbs);
        return TPX_R_DIM;
    }
    if (pred && !ab) {
        snprintf(buf, n, "not measured; the model predicts %.0f GB/s", b->model.pred_gbs);
        return TPX_R_DIM;
    }
    double mb = slot_model(b), ma = slot_model(pa);
    if (ab && ma > 0 && mb >= 0)
        snprintf(buf, n, "not measured; model ranking figure: A %.1f%%, B %.1f%%, B/A %.2f",
                 100.0 * ma, 100.0 * mb, mb / ma);
    else if (mb >= 0)
        snprintf(buf, n, "not measured; model ranking figure %.1f%% (bytes used / moved, "
                 "charged for bank conflicts)", 100.0 * mb);
    else
        snprintf(buf, n, "not measured%s", b->have_model ? " (a reference: measured only)" : "");
    return TPX_R_DIM;
}

/* The box's rectangle at the bottom or the top of body, h rows high. */
static tpx_rect place(tpx_rect body, int w, int h, int top)
{
    if (h > body.h)
        h = body.h;
    return rect_make(body.x + (body.w - w) / 2, top ? body.y : body.y + body.h - h, w, h);
}

/* Whether box b would cover any of the step's evidence on the view drawn. */
static int covers(const tpx_canvas *cv, tpx_rect body, tpx_rect b, const tpx_tour_step *st)
{
    for (int i = 0; i < st->nevidence; i++) {
        int y = canvas_find(cv, body, st->evidence[i]);
        if (y >= b.y && y < b.y + b.h)
            return 1;
    }
    return 0;
}

/* Rows the step's text takes at width w (drawn once off-screen to count). */
static int text_rows(const char *text, int w)
{
    tpx_canvas scratch;
    int rows = 3;
    if (w > 0 && canvas_init(&scratch, w, 24) == 0) {
        rows = canvas_wrap(&scratch, rect_make(0, 0, w, 24), TPX_R_NORMAL, text);
        canvas_free(&scratch);
    }
    return rows;
}

void tour_box_draw(const tpx_app *a, tpx_canvas *cv, tpx_rect body)
{
    int n;
    const tpx_tour_step *steps = tour_steps(a, &n);
    if (a->tour < 0 || a->tour >= n)
        return;
    const tpx_tour_step *st = &steps[a->tour];
    int w = body.w - 2 < 104 ? body.w - 2 : 104;
    char text[1024], title[96], line[256]; /* text: with its {figures} filled in */
    tour_text_expand(st->text, a->live, text, sizeof text);
    if (a->tour_hidden) { /* one line in the corner: the step, and the key that recalls it */
        snprintf(title, sizeof title, " tour %d/%d: H shows its text, > next ", a->tour + 1, n);
        int tw = canvas_width(title);
        canvas_text(cv, body.x + body.w - tw, body.y + body.h - 1, tw, TPX_R_CAPTION, title);
        return;
    }
    int rows = text_rows(text, w - 4);
    /* Where the step's evidence is not: the bottom, else the top, else only
     * the numbers' line (the text one key away), at the bottom or the top. */
    tpx_rect b = place(body, w, rows + 3, 0);
    int full = 1;
    if (covers(cv, body, b, st))
        b = place(body, w, rows + 3, 1);
    if (covers(cv, body, b, st)) {
        full = 0;
        b = place(body, w, 3, 0);
        if (covers(cv, body, b, st))
            b = place(body, w, 3, 1);
    }
    snprintf(title, sizeof title, full ? "tour %d/%d:  > next  < back  H hides  T ends"
                                        : "tour %d/%d:  > next  < back  (the text would cover "
                                          "what it shows)  H hides",
             a->tour + 1, n);
    canvas_fill(cv, b, ' ', TPX_R_NORMAL);
    canvas_box(cv, b, TPX_R_CAPTION, title);
    tpx_role role = numbers(a, st->pinned && a->pinned, line, sizeof line);
    canvas_text(cv, b.x + 2, b.y + 1, b.w - 4, role, line);
    if (full)
        canvas_wrap(cv, rect_make(b.x + 2, b.y + 2, b.w - 4, b.h - 3), TPX_R_NORMAL, text);
}

int tour_note_rows(const tpx_app *a, int w)
{
    int n;
    const tpx_tour_step *steps = tour_steps(a, &n);
    if (a->tour < 0 || a->tour >= n)
        return 0;
    char text[1024];
    tour_text_expand(steps[a->tour].text, a->live, text, sizeof text);
    return 2 + text_rows(text, w - 2); /* the numbers, the text, a blank row */
}

void tour_note_draw(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    int n;
    const tpx_tour_step *steps = tour_steps(a, &n);
    if (a->tour < 0 || a->tour >= n || r.h < 2)
        return;
    const tpx_tour_step *st = &steps[a->tour];
    char text[1024], line[256];
    tour_text_expand(st->text, a->live, text, sizeof text);
    tpx_role role = numbers(a, st->pinned && a->pinned, line, sizeof line);
    canvas_text(cv, r.x + 1, r.y, r.w - 2, role, line);
    canvas_wrap(cv, rect_make(r.x + 1, r.y + 1, r.w - 2, r.h - 2), TPX_R_NORMAL, text);
}
