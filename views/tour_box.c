/* tour_box: the guided tour's current step, in a box over the bottom of the
 * view, so that what it talks about stays visible above it. */
#include <stdio.h>

#include "tour.h"
#include "views.h"

void tour_box_draw(const tpx_app *a, tpx_canvas *cv, tpx_rect body)
{
    int n;
    const tpx_tour_step *steps = tour_builtin(&n);
    if (a->tour < 0 || a->tour >= n)
        return;
    int w = body.w - 2 < 104 ? body.w - 2 : 104;
    /* Rows the text needs at this width, drawn once off-screen to count. */
    tpx_canvas scratch;
    int rows = 3;
    if (canvas_init(&scratch, w - 4, 12) == 0) {
        rows = canvas_wrap(&scratch, rect_make(0, 0, w - 4, 12), TPX_R_NORMAL, steps[a->tour].text);
        canvas_free(&scratch);
    }
    int h = rows + 2 < body.h ? rows + 2 : body.h;
    tpx_rect b = rect_make(body.x + (body.w - w) / 2, body.y + body.h - h, w, h);
    char title[64];
    snprintf(title, sizeof title, "tour %d/%d:  > next  < back  T ends", a->tour + 1, n);
    canvas_fill(cv, b, ' ', TPX_R_NORMAL);
    canvas_box(cv, b, TPX_R_CAPTION, title);
    canvas_wrap(cv, rect_make(b.x + 2, b.y + 1, b.w - 4, b.h - 2), TPX_R_NORMAL,
                steps[a->tour].text);
}
