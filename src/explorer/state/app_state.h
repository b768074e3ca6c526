/* app_state: the explorer's state, which the views read and their handlers
 * change, and the bits a handler returns to say what it changed.  It knows
 * nothing of the views (they sit above it and are handed in as an opaque
 * table) nor of curses or threads, so the whole UI runs headless in tests.
 *
 * The one change channel: a handler changes the state and returns TPX_*
 * bits; the loop alone acts on them (app_update in app.h: a config change
 * rebuilds the whole scene, a selection change only its selection part,
 * and the loop passes new wants to the workers). */
#ifndef TPX_APP_STATE_H
#define TPX_APP_STATE_H

#include <stddef.h>

#include "canvas.h"
#include "config.h"
#include "gpus.h"
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
    TPX_REDRAW = 2,    /* repaint */
    TPX_CONFIG = 4,    /* the config changed: rebuild the scene, new wants for the workers */
    TPX_SELECT = 8,    /* the selected warp or repetition changed: rebuild its part */
    TPX_SWEEPS = 16,   /* the sweeps are wanted or no longer wanted: new wants */
    TPX_QUIT = 32,
    TPX_REMEASURE = 64,
    TPX_LIVE = 128,    /* new asynchronous results arrived (the loop sets it) */
    TPX_WRITE = 256,   /* open the kernel editor on a->write_from (the dispatch does) */
    TPX_DRAFT = 512,   /* the kernel editor's draft changed: new wants (its check) */
};
/* Either change that rebuilds (part of) the scene. */
#define TPX_RECALC (TPX_CONFIG | TPX_SELECT)

/* The views the state can hold: the table (src/explorer/views/views.def)
 * may list up to this many. */
enum { TPX_VIEW_MAX = 12 };

/* What a view's row says about it besides its keys (flag bits). */
enum {
    TPX_VIEW_SWEEPS = 1, /* shows every kernel and block shape: the sweeps are measured */
    TPX_VIEW_AB = 2,     /* shows the pinned A beside B (tpx export takes --vs) */
};

/* The dialogs, for the state each one owns. */
enum { TPX_DIALOG_MAX = 8 };

struct tpx_view;
struct tpx_dialog;
struct tpx_tour_step;

typedef struct tpx_app {
    tpx_config cfg;
    tpx_limits lim;
    tpx_device dev;      /* .valid = 0 without a GPU */
    char why_no_gpu[TPX_MSG];
    char source[TPX_MSG]; /* replayed file, if any */
    tpx_sel sel;
    tpx_scene scene;
    tpx_live *live;      /* snapshot of the asynchronous results */
    int view;            /* index into views */
    int screen_w, screen_h; /* the terminal, for views that size themselves */
    const struct tpx_dialog *dialog; /* open over the views, or NULL */
    char msg[TPX_MSG];
    int msg_error;
    int tour;            /* step of the guided tour, -1 when it is not running */
    /* The tour's steps: the built-in one, or a file's (tpx tour FILE). */
    const struct tpx_tour_step *tour_steps;
    int tour_n;
    int tour_hidden;     /* H: the tour's box folded to one line in a corner */
    int tour_sweeps;     /* the step on screen needs every kernel's bar (its claims, its figures) */
    int pinned;          /* pin holds the config pinned as A (the Compare view's A) */
    tpx_config pin;
    /* Several loaded result files (one per GPU), or NULL: not owned. */
    tpx_gpus *gpus;
    /* A's scene while A is pinned (have_a), so that views draw A beside B. */
    tpx_scene scene_a;
    int have_a;
    /* The views in tab order (the table's rows) and each one's private state
     * (like tig's view->private), handed in by the dispatch, which knows them. */
    const struct tpx_view *views;
    int nviews;
    void *view_st[TPX_VIEW_MAX];
    int write_from;      /* the kernel the kernel editor starts from */
    /* The kernel editor's text, once it has paused and checks, as the config
     * with it for kernel (a draft: user_add_draft): the model worker checks
     * it at the config's size so the Map marks what it gets wrong. */
    int have_draft;
    tpx_config draft;
    /* While the editor is open (drafting), the Map shows the draft's check
     * instead of the config's (app_draft_marks): the last one that came,
     * NULL before the first. */
    int drafting;
    ucheck_map *draft_marks;
    int slide;           /* drawing a slide (slide.h): the views leave their key hints out */
    const struct tpx_dialog *const *dialogs;
    void *dialog_st[TPX_DIALOG_MAX];
} tpx_app;

/* A view: its row of the table (views.def) and its behaviour (its folder's
 * tpx_view_ops).  The state holds them as data and calls nothing in them;
 * the frame and the dispatch do. */
typedef struct tpx_view_ops {
    size_t st_size; /* its private state, zeroed at start (0: none) */
    /* One line: what to look at. */
    void (*caption)(const tpx_app *a, const void *st, char *buf, size_t n);
    void (*draw)(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect r);
    int (*on_action)(tpx_app *a, void *st, tpx_action act);          /* may be NULL */
    int (*on_click)(tpx_app *a, void *st, tpx_rect r, int x, int y); /* may be NULL */
    int (*on_tick)(tpx_app *a, void *st);                           /* animation, may be NULL */
    /* The scene or the live snapshot changed (TPX_* bits): derive what the
     * view shows from them, so that drawing only paints.  May be NULL. */
    void (*on_change)(tpx_app *a, void *st, int bits);
    /* A tour step opens the view: take its settings (the Map its zoom).  May be NULL. */
    void (*on_tour)(tpx_app *a, void *st, const struct tpx_tour_step *step);
} tpx_view_ops;

typedef struct tpx_view {
    const char *name;    /* "map": tpx export --view NAME, and its folder */
    const char *title;   /* "Map": its tab */
    int key;             /* the key that opens it ('1') */
    tpx_key_group keys;  /* the group of its own keys (GENERAL: none) */
    unsigned flags;      /* TPX_VIEW_SWEEPS, TPX_VIEW_AB */
    const char *help;    /* what it shows, for the help and the man page */
    const tpx_view_ops *ops;
} tpx_view;

/* A dialog drawn over the views; it sees raw keys (it may take typing). */
typedef struct tpx_dialog {
    const char *title;
    size_t st_size;                              /* its private state */
    void (*open)(const tpx_app *a, void *st);    /* fills the state; may be NULL */
    void (*draw)(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect screen);
    int (*on_key)(tpx_app *a, void *st, int key);
    int (*on_click)(tpx_app *a, void *st, tpx_rect screen, int x, int y); /* may be NULL */
    int (*on_tick)(tpx_app *a, void *st); /* time passes (a pause in typing); may be NULL */
} tpx_dialog;

/* Helpers for handlers. */
void app_say(tpx_app *a, int error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Applies a config edit's outcome: CONFIG on success, else the refusal. */
int app_edited(tpx_app *a, int rc, const char *msg);
/* Selects a warp (clamped to the grid): SELECT when it is a new one. */
int app_select(tpx_app *a, tpx_sel s);
/* INST_NEXT / INST_PREV: the repetition the detail views show. */
int app_step_rep(tpx_app *a, tpx_action act);
/* The same as a view's on_action (Banks and Coalescing use it). */
int app_view_step_rep(tpx_app *a, void *st, tpx_action act);
/* Closes the open dialog (and forgets the kernel editor's draft). */
void app_close_dialog(tpx_app *a);
/* The view at index id (the first when out of range). */
const tpx_view *app_view(const tpx_app *a, int id);
/* The index of the view that key opens, or -1. */
int app_view_of_key(const tpx_app *a, int key);
/* The kernel editor's draft's marks: drafting while it is open, with the
 * draft a->draft (when have_draft) at the config's size.  Takes its check
 * from the memo (check_memo.h) when it has come, keeping the last draft's
 * until then; none when there is no draft (the text does not parse, the
 * config refuses it) or its B is not this B.  1 when that changed.  A
 * lookup when nothing did: the dispatch calls it at every update. */
int app_draft_marks(tpx_app *a, int drafting);
/* The check whose marks the Map shows: the draft's while drafting, else the
 * config's (either may be NULL). */
const ucheck_map *app_marks(const tpx_app *a);
/* Whether the measurements are recorded (a loaded result file), not live. */
int app_recorded(const tpx_app *a);
/* Where the measured numbers come from: "recorded 2026-11-22 on NVIDIA H200"
 * (the date when the file has one), or "live on NVIDIA H200". */
void app_measured_where(const tpx_app *a, char *buf, size_t n);
/* Whether the sweeps should be measured now (a TPX_VIEW_SWEEPS view is open). */
int app_wants_sweeps(const tpx_app *a);

#endif
