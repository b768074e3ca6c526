/* views: the five views, the dialogs and the frame around them. */
#ifndef TPX_VIEWS_H
#define TPX_VIEWS_H

#include "app.h"

extern const tpx_view map_view;
extern const tpx_view banks_view;
extern const tpx_view coal_view;
extern const tpx_view order_view;
extern const tpx_view bandwidth_view;

extern const tpx_dialog help_dialog;
extern const tpx_dialog kernel_dialog;
extern const tpx_dialog block_dialog;
extern const tpx_dialog size_dialog;
extern const tpx_dialog pad_dialog;

/* frame.c: device line, config line, tabs, caption, message, strip, hints. */
void frame_draw(const tpx_app *a, tpx_canvas *cv, const tpx_layout *l);
/* The config field (its action) at column x of the config line. */
tpx_action frame_config_at(const tpx_app *a, const tpx_layout *l, int x);
/* The view whose tab is at column x, or -1. */
int frame_tab_at(const tpx_layout *l, int x);
void frame_too_small(tpx_canvas *cv, const tpx_layout *l);

/* tour_box.c: the tour step's text, over the bottom of the body. */
void tour_box_draw(const tpx_app *a, tpx_canvas *cv, tpx_rect body);

/* strip.c: the live bandwidth strip. */
void strip_draw(const tpx_app *a, tpx_canvas *cv, tpx_rect r);

#endif
