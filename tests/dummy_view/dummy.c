/* The dummy view's folder: what a new view's folder holds (its private
 * state, a caption, a draw that only paints, its table of functions), for
 * tests/test_view_dummy.c.  Nothing else in the project names it. */
#include <stdio.h>

#include "app_state.h"
#include "catalog.h"

typedef struct dummy_state {
    int changes; /* on_change calls: the view derives, the draw only paints */
} dummy_state;

static void dummy_caption(const tpx_app *a, const void *st, char *buf, size_t n)
{
    (void)st;
    snprintf(buf, n, "the dummy view of %s", catalog_name(a->cfg.kernel));
}

static void dummy_draw(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect r)
{
    const dummy_state *d = st;
    canvas_printf(cv, r.x + 1, r.y + 1, r.w - 2, TPX_R_NORMAL, "dummy body: %s, %d change(s)",
                  catalog_name(a->cfg.kernel), d->changes > 0 ? 1 : 0);
}

static void dummy_change(tpx_app *a, void *st, int bits)
{
    (void)a, (void)bits;
    ((dummy_state *)st)->changes++;
}

const tpx_view_ops dummy_view = {
    .st_size = sizeof(dummy_state),
    .caption = dummy_caption,
    .draw = dummy_draw,
    .on_change = dummy_change,
};
