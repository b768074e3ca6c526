/* app: the explorer above its views.  It owns the table of views and
 * dialogs, creates the state (app_state.h) with each view's private state,
 * turns keys and clicks into handler calls, and is the one place that acts
 * on what the handlers return (app_update).  Keys and clicks come in as
 * plain codes (keys.h), frames go out as a canvas.
 *
 * The cycle: a key becomes an action (keys.h); the dialog, the view or the
 * app handles it and returns TPX_* bits; the loop passes them to
 * app_update, which rebuilds the scene (all of it for a config change, the
 * selection part for a selection change) and lets every view derive its
 * figures; then the frame is painted from the scene and the snapshot. */
#ifndef TPX_APP_H
#define TPX_APP_H

#include "app_state.h"
#include "canvas.h"

/* A new app at config c (valid for lim) for a runner's device (and why there
 * is none, for the device line), its scene built; NULL when out of memory. */
tpx_app *app_new(const tpx_config *c, const tpx_limits *lim, const tpx_device *dev,
                 const char *why_no_gpu);
void app_free(tpx_app *a);

/* The terminal size changed (views such as the Map size their zoom to it). */
void app_resize(tpx_app *a, int w, int h);

/* Acts on what the handlers returned: rebuilds the scene as the bits say
 * and lets the views derive their figures.  0, or -1 when out of memory. */
int app_update(tpx_app *a, int bits);

/* A key (keys.h codes) or a click; returns the TPX_* bits. */
int app_key(tpx_app *a, int key);
int app_click(tpx_app *a, int w, int h, int x, int y);
/* Time passes (animation); returns the TPX_* bits. */
int app_tick(tpx_app *a);

/* The whole frame at the canvas's size. */
void app_draw(const tpx_app *a, tpx_canvas *cv);

/* Starts the tour over steps (NULL: the built-in tour), which must outlive
 * the app; returns the TPX_* bits of showing its first step. */
struct tpx_tour_step;
int app_tour_start(tpx_app *a, const struct tpx_tour_step *steps, int n);
/* The private state of dialog d. */
void *app_dialog_state(const tpx_app *a, const tpx_dialog *d);
/* Opens a dialog (its state filled by its open hook). */
void app_open(tpx_app *a, const tpx_dialog *d);

#endif
