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

void tour_box_draw(const tpx_app *a, tpx_canvas *cv, tpx_rect body)
{
    int n;
    const tpx_tour_step *steps = tour_steps(a, &n);
    if (a->tour < 0 || a->tour >= n)
        return;
    const tpx_tour_step *st = &steps[a->tour];
    int w = body.w - 2 < 104 ? body.w - 2 : 104;
    /* Rows the text needs at this width, drawn once off-screen to count. */
    tpx_canvas scratch;
    int rows = 3;
    if (canvas_init(&scratch, w - 4, 12) == 0) {
        rows = canvas_wrap(&scratch, rect_make(0, 0, w - 4, 12), TPX_R_NORMAL, st->text);
        canvas_free(&scratch);
    }
    int h = rows + 3 < body.h ? rows + 3 : body.h;
    tpx_rect b = rect_make(body.x + (body.w - w) / 2, body.y + body.h - h, w, h);
    char title[64], line[256];
    snprintf(title, sizeof title, "tour %d/%d:  > next  < back  T ends", a->tour + 1, n);
    canvas_fill(cv, b, ' ', TPX_R_NORMAL);
    canvas_box(cv, b, TPX_R_CAPTION, title);
    tpx_role role = numbers(a, st->pinned && a->pinned, line, sizeof line);
    canvas_text(cv, b.x + 2, b.y + 1, b.w - 4, role, line);
    canvas_wrap(cv, rect_make(b.x + 2, b.y + 2, b.w - 4, b.h - 3), TPX_R_NORMAL, st->text);
}
