/* chrome: what the explorer draws around and over the views: the frame
 * (device line, config line, tabs, caption, message, hints), the bandwidth
 * strip, the tour's box, and the dialogs (help, kernel picker, block, size
 * and pad editors).  It sees the state (app_state.h: the views are rows of
 * a->views, called through their ops), never a view nor the dispatch. */
#ifndef TPX_CHROME_H
#define TPX_CHROME_H

#include "app_state.h"

extern const tpx_dialog help_dialog;
extern const tpx_dialog kernel_dialog;
extern const tpx_dialog block_dialog;
extern const tpx_dialog size_dialog;
extern const tpx_dialog pad_dialog;
extern const tpx_dialog kedit_dialog;

/* picker.c: the highlighted kernel (tests). */
int picker_cursor(const void *st);

/* frame.c: device line, config line, tabs, caption, message, strip, hints. */
void frame_draw(const tpx_app *a, tpx_canvas *cv, const tpx_layout *l);
/* The config field (its action) at column x of the config line. */
tpx_action frame_config_at(const tpx_app *a, const tpx_layout *l, int x);
/* The view whose tab is at column x, or -1. */
int frame_tab_at(const tpx_app *a, const tpx_layout *l, int x);
void frame_too_small(tpx_canvas *cv, const tpx_layout *l);

/* tour_box.c: the tour step's text, over the bottom of the body. */
void tour_box_draw(const tpx_app *a, tpx_canvas *cv, tpx_rect body);

/* strip.c: the live bandwidth strip. */
void strip_draw(const tpx_app *a, tpx_canvas *cv, tpx_rect r);

#endif
