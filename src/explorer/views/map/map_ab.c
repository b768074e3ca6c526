/* The Map with A pinned: A's map beside B's (or above it), each titled with
 * its config.  A's picture is drawn from A's scene (built by the app), by
 * the same painter as B's. */
#include <stdio.h>

#include "map_parts.h"

/* The least room one config's map is worth drawing in: a 32-lane row in
 * two-column cells beside a 30-column panel; a title row and a few rows. */
enum { MAP_AB_MIN_W = 104, MAP_AB_MIN_H = 12 };

static int mapped(const tpx_scene *sc) { return sc->modelled && sc->fp.side[0].ok; }

int map_ab_split(const tpx_app *a, tpx_rect r, tpx_rect out[2])
{
    if (!a->have_a || !mapped(&a->scene_a) || !mapped(&a->scene))
        return 0;
    if (r.w >= 2 * MAP_AB_MIN_W + 2) {
        int w = (r.w - 2) / 2;
        out[0] = rect_make(r.x, r.y + 1, w, r.h - 1);
        out[1] = rect_make(r.x + w + 2, r.y + 1, r.w - w - 2, r.h - 1);
        return 1;
    }
    if (r.h >= 2 * MAP_AB_MIN_H + 1) {
        int h = (r.h - 1) / 2;
        out[0] = rect_make(r.x, r.y + 1, r.w, h - 1);
        out[1] = rect_make(r.x, r.y + h + 2, r.w, r.h - h - 2);
        return 1;
    }
    return 0;
}

static void title(tpx_canvas *cv, tpx_rect half, const char *who, const tpx_config *c)
{
    char desc[160];
    config_describe(c, desc, sizeof desc);
    canvas_printf(cv, half.x, half.y - 1, half.w, TPX_R_TITLE, "%s: %s", who, desc);
}

void map_draw(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect r)
{
    tpx_rect half[2];
    if (!map_ab_split(a, r, half)) {
        map_draw_one(a, st, cv, r);
        return;
    }
    /* A's map: the same painter over a view of the app whose scene is A's */
    tpx_app va = *a;
    va.scene = a->scene_a;
    va.cfg = a->pin;
    va.drafting = 0; /* the editor's draft is B's: A's marks are A's own */
    title(cv, half[0], "A (pinned)", &a->pin);
    map_draw_one(&va, st, cv, half[0]);
    title(cv, half[1], "B", &a->cfg);
    map_draw_one(a, st, cv, half[1]);
}
