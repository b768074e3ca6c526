/* The Map view: its keys (zoom, colouring), clicks that select a warp, the
 * zoom a tour step sets, and its table for the explorer. */
#include "map_parts.h"
#include "tour.h"

static int map_action(tpx_app *a, void *st, tpx_action act)
{
    map_state *m = st;
    tpx_rect body = map_body_of(a);
    switch (act) {
    case TPX_ACT_ZOOM_IN:
        m->zoom = map_zoom_of(a, m, body);
        if (m->zoom > 0)
            m->zoom--;
        return TPX_HANDLED;
    case TPX_ACT_ZOOM_OUT:
        m->zoom = map_zoom_of(a, m, body);
        if (m->zoom < map_max_zoom(a, body))
            m->zoom++;
        else
            app_say(a, 0, "the whole matrix is in view");
        return TPX_HANDLED;
    case TPX_ACT_COLOUR_BY:
        m->colour = (m->colour + 1) % COLOUR_COUNT;
        return TPX_HANDLED;
    default:
        return TPX_UNHANDLED;
    }
}

/* A click on an element selects the warp that moves it. */
static int map_click(tpx_app *a, void *st, tpx_rect body, int x, int y)
{
    if (!a->scene.modelled || !a->scene.fp.side[0].ok)
        return TPX_UNHANDLED;
    tpx_rect half[2];
    if (map_ab_split(a, body, half)) /* A pinned beside: only B's map selects */
        body = half[1];
    for (int side = 0; side < 2; side++) {
        map_geo g;
        map_geometry(a, st, body, side, &g);
        int i = y - g.panel.y - g.top, j = (x - g.panel.x - g.lw) / g.cellw;
        if (!rect_has(g.panel, x, y) || i < 0 || x < g.panel.x + g.lw || j >= g.vc)
            continue;
        tpx_who w;
        if (footprint_who(&a->scene.fp, side, g.r0 + i * g.s, g.c0 + j * g.s, &w) != 0)
            return TPX_UNHANDLED;
        tpx_sel s = a->sel;
        s.bx = w.bx;
        s.by = w.by;
        s.warp = w.warp;
        return app_select(a, s) | TPX_REDRAW;
    }
    return TPX_UNHANDLED;
}

/* A tour step sets the zoom (zoom=N; -1: leave it). */
static void map_tour(tpx_app *a, void *st, const tpx_tour_step *step)
{
    (void)a;
    if (step->zoom >= 0)
        ((map_state *)st)->zoom = step->zoom;
}

const tpx_view_ops map_view = {
    .st_size = sizeof(map_state),
    .caption = map_caption,
    .draw = map_draw,
    .on_action = map_action,
    .on_click = map_click,
    .on_tour = map_tour,
};
