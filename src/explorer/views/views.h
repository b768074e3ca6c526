/* views: the five views, the dialogs and the frame around them.  A view
 * only paints what the scene and the live snapshot hold, and keeps its own
 * state (zoom, wave, scroll, ...) in a private struct that the app
 * allocates from st_size and hands to every call.  Views see the app's
 * state (app_state.h), never the dispatch above them (app.h). */
#ifndef TPX_VIEWS_H
#define TPX_VIEWS_H

#include <stddef.h>

#include "app_state.h"
#include "canvas.h"

/* A view: a small table of functions, one per file in views/. */
typedef struct tpx_view {
    const char *name;
    tpx_key_group keys; /* the group of its own keys */
    size_t st_size;     /* its private state, zeroed at start (0: none) */
    /* One line: what to look at. */
    void (*caption)(const tpx_app *a, const void *st, char *buf, size_t n);
    void (*draw)(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect r);
    int (*on_action)(tpx_app *a, void *st, tpx_action act);          /* may be NULL */
    int (*on_click)(tpx_app *a, void *st, tpx_rect r, int x, int y); /* may be NULL */
    int (*on_tick)(tpx_app *a, void *st);                           /* animation, may be NULL */
    /* The scene or the live snapshot changed (TPX_* bits): derive what the
     * view shows from them, so that drawing only paints.  May be NULL. */
    void (*on_change)(tpx_app *a, void *st, int bits);
} tpx_view;

/* A dialog drawn over the views; it sees raw keys (it may take typing). */
typedef struct tpx_dialog {
    const char *title;
    size_t st_size;                              /* its private state */
    void (*open)(const tpx_app *a, void *st);    /* fills the state; may be NULL */
    void (*draw)(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect screen);
    int (*on_key)(tpx_app *a, void *st, int key);
    int (*on_click)(tpx_app *a, void *st, tpx_rect screen, int x, int y); /* may be NULL */
} tpx_dialog;

/* The view with id (the app's table, in tab order). */
const tpx_view *views_get(const tpx_app *a, int id);

/* The detail views' shared handler: INST_NEXT / INST_PREV step the
 * repetition (app_step_rep). */
int views_step_rep(tpx_app *a, void *st, tpx_action act);

extern const tpx_view map_view;
extern const tpx_view banks_view;
extern const tpx_view coal_view;
extern const tpx_view order_view;
extern const tpx_view bandwidth_view;
extern const tpx_view compare_view;

extern const tpx_dialog help_dialog;
extern const tpx_dialog kernel_dialog;
extern const tpx_dialog block_dialog;
extern const tpx_dialog size_dialog;
extern const tpx_dialog pad_dialog;

/* map.c: the tour sets the Map's zoom. */
void map_set_zoom(void *st, int zoom);
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
