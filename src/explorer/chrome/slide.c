#include "slide.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "chrome.h"
#include "export.h"
#include "tour.h"

static void draw_once(const tpx_app *a, tpx_canvas *cv, int device)
{
    int note = tour_note_rows(a, cv->w);
    tpx_layout l = layout_slide(cv->w, cv->h, device, note);
    if (frame_and_view(a, cv, &l) == 0 && note)
        tour_note_draw(a, cv, l.note);
}

static int blank_row(const tpx_canvas *cv, int y)
{
    for (int x = 0; x < cv->w; x++) {
        const tpx_cell *c = &cv->cells[y * cv->w + x];
        if (c->cp != ' ' || theme_svg((tpx_role)c->role, 1).bg)
            return 0;
    }
    return 1;
}

/* Runs of blank rows (a view shorter than the screen) kept to one. */
static void squeeze(tpx_canvas *cv)
{
    int out = 0;
    for (int y = 0; y < cv->h; y++) {
        if (blank_row(cv, y) && out > 0 && blank_row(cv, out - 1))
            continue;
        if (out != y)
            memcpy(cv->cells + (size_t)out * cv->w, cv->cells + (size_t)y * cv->w,
                   sizeof(tpx_cell) * (size_t)cv->w);
        out++;
    }
    cv->h = out;
}

int slide_draw(tpx_app *a, int cols, int rows, int device, tpx_canvas *cv)
{
    int w = cols;
    a->slide = 1;
    /* a wider screen may lay out differently: drawn again until nothing is
     * cut or it stops growing */
    for (int tries = 0; tries < 8; tries++) {
        if (canvas_init(cv, w, rows) != 0) {
            a->slide = 0;
            return -1;
        }
        a->screen_w = w, a->screen_h = rows; /* views that size themselves see it */
        draw_once(a, cv, device);
        int need = cv->need_w < TPX_SLIDE_MAX_W ? cv->need_w : TPX_SLIDE_MAX_W;
        if (need <= w || tries == 7)
            break;
        canvas_free(cv);
        w = need + 1;
    }
    a->slide = 0;
    squeeze(cv);
    return 0;
}

int slide_or_screen(tpx_app *a, int cols, int rows, int slide, int device, tpx_canvas *cv)
{
    if (slide)
        return slide_draw(a, cols, rows, device, cv);
    if (canvas_init(cv, cols, rows) != 0)
        return -1;
    frame_screen(a, cv);
    return 0;
}

void slide_title(const tpx_app *a, char *buf, size_t n)
{
    char desc[160], step[48] = "";
    int nsteps;
    tour_steps(a, &nsteps);
    if (a->tour >= 0 && a->tour < nsteps)
        snprintf(step, sizeof step, "Tour step %d of %d, ", a->tour + 1, nsteps);
    config_describe(&a->cfg, desc, sizeof desc);
    if (a->pinned && (app_view(a, a->view)->flags & TPX_VIEW_AB)) {
        char pin[160];
        config_describe(&a->pin, pin, sizeof pin);
        snprintf(buf, n, "%s%s: A %s against B %s", step, app_view(a, a->view)->title, pin, desc);
    } else
        snprintf(buf, n, "%s%s: %s", step, app_view(a, a->view)->title, desc);
}

int slide_write_new(tpx_app *a, const char *dir, int slide, char *path, size_t pn, char *msg,
                    size_t n)
{
    int w = a->screen_w > 0 ? a->screen_w : 120, h = a->screen_h > 0 ? a->screen_h : 40;
    tpx_canvas cv;
    int rc = slide_or_screen(a, w, h, slide, 0, &cv);
    a->screen_w = w, a->screen_h = h; /* the terminal's size again, after a wider slide */
    if (rc != 0) {
        snprintf(msg, n, "out of memory");
        return -1;
    }
    char title[400];
    slide_title(a, title, sizeof title);
    tpx_export_doc d = {&cv, TPX_EXPORT_SVG, title, slide};
    const char *name = app_view(a, a->view)->name;
    rc = -1;
    for (int k = 1; k < 1000; k++) {
        char num[16] = "";
        if (k > 1)
            snprintf(num, sizeof num, "-%d", k);
        snprintf(path, pn, "%s/tpx-%s%s-%s%s.svg", dir, slide ? "slide-" : "", name,
                 catalog_name(a->cfg.kernel), num);
        rc = export_doc_file(path, &d, 1, msg, n);
        if (rc == 0 || errno != EEXIST)
            break;
    }
    canvas_free(&cv);
    return rc;
}
