/* app: the explorer's state and the one place that acts on what handlers
 * return.  Keys and clicks come in as plain codes (keys.h), frames go out as
 * a canvas: nothing here knows curses or threads, so the whole UI runs
 * headless in the tests.
 *
 * The cycle: a key becomes an action (keys.h); the dialog, the view or the
 * app handles it and returns what happened; a config or selection change
 * marks the scene dirty; the loop rebuilds the scene once and every view
 * repaints from it. */
#ifndef TPX_APP_H
#define TPX_APP_H

#include <stddef.h>

#include "canvas.h"
#include "config.h"
#include "keys.h"
#include "layout.h"
#include "live.h"
#include "profile.h"
#include "runner.h"
#include "scene.h"

/* What a handler did (bits). */
enum {
    TPX_UNHANDLED = 0,
    TPX_HANDLED = 1,
    TPX_REDRAW = 2,  /* repaint */
    TPX_RECALC = 4,  /* config or selection changed: rebuild the scene, new wants */
    TPX_SWEEPS = 8,  /* the sweeps are wanted or no longer wanted (Bandwidth view) */
    TPX_QUIT = 16,
    TPX_REMEASURE = 32,
};

typedef enum tpx_view_id {
    TPX_VIEW_MAP,
    TPX_VIEW_BANKS,
    TPX_VIEW_COAL,
    TPX_VIEW_ORDER,
    TPX_VIEW_BW,
    TPX_VIEW_COUNT
} tpx_view_id;

typedef struct tpx_app tpx_app;

/* A view: a small table of functions, one per file in views/. */
typedef struct tpx_view {
    const char *name;
    tpx_key_group keys; /* the group of its own keys */
    /* One line: what to look at. */
    void (*caption)(const tpx_app *a, char *buf, size_t n);
    void (*draw)(const tpx_app *a, tpx_canvas *cv, tpx_rect r);
    int (*on_action)(tpx_app *a, tpx_action act); /* may be NULL */
    int (*on_click)(tpx_app *a, tpx_rect r, int x, int y); /* may be NULL */
    int (*on_tick)(tpx_app *a); /* animation, may be NULL */
} tpx_view;

/* A dialog drawn over the views; it sees raw keys (it may take typing). */
typedef struct tpx_dialog {
    const char *title;
    void (*draw)(const tpx_app *a, tpx_canvas *cv, tpx_rect screen);
    int (*on_key)(tpx_app *a, int key);
    int (*on_click)(tpx_app *a, tpx_rect screen, int x, int y); /* may be NULL */
} tpx_dialog;

enum { TPX_COLOUR_WARP, TPX_COLOUR_BLOCK, TPX_COLOUR_THREAD, TPX_COLOUR_COUNT };

#define TPX_FIELD 24

struct tpx_app {
    tpx_config cfg;
    tpx_limits lim;
    tpx_device dev;      /* .valid = 0 without a GPU */
    char why_no_gpu[TPX_MSG];
    char source[TPX_MSG]; /* replayed file, if any */
    tpx_sel sel;
    tpx_scene scene;
    int dirty;           /* scene out of date */
    tpx_live *live;      /* snapshot of the asynchronous results */
    int view;
    int screen_w, screen_h; /* the terminal, for views that size themselves */
    const tpx_dialog *dialog;
    char msg[TPX_MSG];
    int msg_error;
    /* view state */
    int map_zoom;        /* 0: lane numbers, 1: an element per column, k: 2^(k-1) */
    int map_colour;
    long long order_wave;
    int order_animate;
    int help_top;        /* help overlay scroll */
    int tour;            /* step of the guided tour, -1 when it is not running */
    /* dialog state */
    int pick;            /* kernel list cursor, preset cursor */
    int field;           /* which text field */
    int fresh;           /* the next character replaces the field (just opened) */
    char text[2][TPX_FIELD];
};

/* A new app at config c (valid for lim) for a runner's device (and why there
 * is none, for the device line); NULL when out of memory. */
tpx_app *app_new(const tpx_config *c, const tpx_limits *lim, const tpx_device *dev,
                 const char *why_no_gpu);
void app_free(tpx_app *a);

/* The terminal size changed (views such as the Map size their zoom to it). */
void app_resize(tpx_app *a, int w, int h);

/* Rebuilds the scene if dirty; 0, or -1 when out of memory. */
int app_recalc(tpx_app *a);

/* A key (keys.h codes) or a click; returns the TPX_* bits. */
int app_key(tpx_app *a, int key);
int app_click(tpx_app *a, int w, int h, int x, int y);
/* Time passes (animation); returns the TPX_* bits. */
int app_tick(tpx_app *a);

/* The whole frame at the canvas's size. */
void app_draw(const tpx_app *a, tpx_canvas *cv);

/* The views in tab order. */
const tpx_view *app_view(int id);
/* Whether the sweeps should be measured now (the Bandwidth view is open). */
int app_wants_sweeps(const tpx_app *a);

/* Helpers for handlers. */
void app_say(tpx_app *a, int error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Applies a config edit's outcome: RECALC on success, else the refusal. */
int app_edited(tpx_app *a, int rc, const char *msg);
void app_open(tpx_app *a, const tpx_dialog *d);
/* INST_NEXT / INST_PREV: the repetition the detail views show. */
int app_step_rep(tpx_app *a, tpx_action act);

#endif
