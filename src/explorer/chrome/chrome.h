/* chrome: what the explorer draws around and over the views: the frame
 * (device line, config line, tabs, caption, message, hints), the bandwidth
 * strip, the tour's box, and the dialogs (help, kernel picker, block, size
 * and pad editors), and slides (slide.h).  It sees the state (app_state.h: the views are rows of
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
/* The parts of the frame that l gives rows, and the view: nothing over them
 * (a slide); -1 when l is too small ("terminal too small" drawn instead). */
int frame_and_view(const tpx_app *a, tpx_canvas *cv, const tpx_layout *l);
/* The whole screen: frame, view, the tour's box and an open dialog. */
void frame_screen(const tpx_app *a, tpx_canvas *cv);

/* tour_box.c: the tour step's text, over the bottom of the body. */
void tour_box_draw(const tpx_app *a, tpx_canvas *cv, tpx_rect body);
/* A slide's form of it: the step's numbers and text in r, no box, no keys;
 * the rows it needs at width w (0 outside the tour). */
int tour_note_rows(const tpx_app *a, int w);
void tour_note_draw(const tpx_app *a, tpx_canvas *cv, tpx_rect r);

/* strip.c: the live bandwidth strip. */
void strip_draw(const tpx_app *a, tpx_canvas *cv, tpx_rect r);

#endif
