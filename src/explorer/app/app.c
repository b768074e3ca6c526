#include "app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "chrome.h"
#include "edit.h"
#include "slide.h"
#include "tour.h"
#include "views.h"

static const tpx_dialog *const dialogs[TPX_DIALOG_MAX] = {
    &help_dialog, &kernel_dialog, &block_dialog, &size_dialog, &pad_dialog, &kedit_dialog,
};

/* The private state of dialog d (preallocated; NULL for none). */
void *app_dialog_state(const tpx_app *a, const tpx_dialog *d)
{
    for (int i = 0; i < TPX_DIALOG_MAX; i++)
        if (dialogs[i] && dialogs[i] == d)
            return a->dialog_st[i];
    return NULL;
}

/* Each view's and dialog's private state, zeroed; -1 when out of memory. */
static int alloc_states(tpx_app *a)
{
    a->views = views_table(&a->nviews);
    a->dialogs = dialogs;
    for (int i = 0; i < a->nviews; i++)
        if (a->views[i].ops->st_size && !(a->view_st[i] = calloc(1, a->views[i].ops->st_size)))
            return -1;
    for (int i = 0; i < TPX_DIALOG_MAX; i++)
        if (dialogs[i] && dialogs[i]->st_size &&
            !(a->dialog_st[i] = calloc(1, dialogs[i]->st_size)))
            return -1;
    return 0;
}

tpx_app *app_new(const tpx_config *c, const tpx_limits *lim, const tpx_device *dev,
                 const char *why_no_gpu)
{
    tpx_app *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->live = calloc(1, sizeof *a->live);
    a->cfg = *c;
    a->lim = *lim;
    a->dev = *dev;
    a->tour = -1;
    snprintf(a->why_no_gpu, sizeof a->why_no_gpu, "%s", why_no_gpu ? why_no_gpu : "");
    /* The device line already says "model only". */
    size_t len = strlen(a->why_no_gpu), tail = strlen(": model only");
    if (len > tail && strcmp(a->why_no_gpu + len - tail, ": model only") == 0)
        a->why_no_gpu[len - tail] = '\0';
    if (!a->live || alloc_states(a) != 0) {
        app_free(a);
        return NULL;
    }
    live_slots(a->live, c, lim);
    app_update(a, TPX_CONFIG); /* an out-of-memory scene shows as empty */
    return a;
}

void app_free(tpx_app *a)
{
    if (!a)
        return;
    scene_free(&a->scene);
    scene_free(&a->scene_a);
    ucheck_map_release(a->draft_marks);
    for (int i = 0; i < TPX_VIEW_MAX; i++)
        free(a->view_st[i]);
    for (int i = 0; i < TPX_DIALOG_MAX; i++)
        free(a->dialog_st[i]);
    free(a->live);
    free(a);
}

void app_resize(tpx_app *a, int w, int h)
{
    a->screen_w = w;
    a->screen_h = h;
}

int app_update(tpx_app *a, int bits)
{
    int rc = 0;
    if (bits & TPX_CONFIG)
        rc = scene_build(&a->scene, &a->cfg, &a->lim, a->sel);
    else if (bits & TPX_SELECT)
        rc = scene_select(&a->scene, a->sel);
    if (bits & (TPX_CONFIG | TPX_LIVE))
        scene_check(&a->scene); /* the check's marks come with the model's results */
    /* the editor's draft's marks, as soon as the memo has them (a lookup) */
    int drafting = a->dialog == &kedit_dialog;
    app_draft_marks(a, drafting);
    if (bits & TPX_RECALC)
        a->sel = a->scene.sel;
    if ((bits & TPX_CONFIG) && a->gpus)
        gpus_fill(a->gpus, &a->cfg, &a->lim);
    if ((bits & (TPX_RECALC | TPX_LIVE)) &&
        scene_pin(&a->scene_a, &a->have_a, a->pinned ? &a->pin : NULL, &a->lim, a->sel) != 0)
        rc = -1;
    if ((bits & TPX_LIVE) && a->have_a)
        scene_check(&a->scene_a); /* A's marks, when A is a user kernel */
    if (bits & (TPX_RECALC | TPX_LIVE))
        for (int i = 0; i < a->nviews; i++)
            if (a->views[i].ops->on_change)
                a->views[i].ops->on_change(a, a->view_st[i], bits);
    return rc;
}

void app_open(tpx_app *a, const tpx_dialog *d)
{
    void *st = app_dialog_state(a, d);
    a->dialog = d;
    a->msg[0] = '\0';
    a->msg_error = 0;
    if (st)
        memset(st, 0, d->st_size);
    if (d->open)
        d->open(a, st);
}

static int set_view(tpx_app *a, int v)
{
    int before = app_wants_sweeps(a);
    a->view = (v + a->nviews) % a->nviews;
    return TPX_HANDLED | TPX_REDRAW | (before != app_wants_sweeps(a) ? TPX_SWEEPS : 0);
}

static int move(tpx_app *a, tpx_action act)
{
    if (config_is_reference(a->cfg.kernel)) {
        app_say(a, 0, "%s is a reference: it has no warps to select", catalog_name(a->cfg.kernel));
        return TPX_HANDLED | TPX_REDRAW;
    }
    tpx_geom g = config_geom(&a->cfg);
    int wpb = model_warps_per_block(&a->cfg);
    tpx_sel s = a->sel;
    switch (act) {
    case TPX_ACT_WARP_NEXT:
        if (++s.warp >= wpb && s.by + 1 < g.gy)
            s.warp = 0, s.by++;
        break;
    case TPX_ACT_WARP_PREV:
        if (--s.warp < 0 && s.by > 0)
            s.warp = wpb - 1, s.by--;
        break;
    case TPX_ACT_BLOCK_LEFT: s.bx--; break;
    case TPX_ACT_BLOCK_RIGHT: s.bx++; break;
    case TPX_ACT_BLOCK_UP: s.by--; break;
    case TPX_ACT_BLOCK_DOWN: s.by++; break;
    case TPX_ACT_FIRST: s.bx = s.by = s.warp = 0; break;
    case TPX_ACT_LAST: s.bx = g.gx - 1, s.by = g.gy - 1, s.warp = wpb - 1; break;
    default: return TPX_UNHANDLED;
    }
    return app_select(a, s);
}

/* P on a kernel without a shared tile: name the kernels that have one (the
 * catalog's, so a new tiled kernel is named too). */
static int pad_refused(tpx_app *a)
{
    char msg[TPX_MSG], tiled[TPX_MSG / 2];
    catalog_join(tiled, sizeof tiled, config_has_tile, " or ");
    snprintf(msg, sizeof msg, "this kernel has no shared tile, so pad does not apply; pick %s (K)",
             tiled);
    return app_edited(a, -1, msg);
}

/* The config keys that open a dialog. */
static int open_dialog(tpx_app *a, tpx_action act)
{
    switch (act) {
    case TPX_ACT_KERNEL: app_open(a, &kernel_dialog); break;
    case TPX_ACT_KERNEL_WRITE:
        a->write_from = a->cfg.kernel;
        app_open(a, &kedit_dialog);
        break;
    case TPX_ACT_BLOCK: app_open(a, &block_dialog); break;
    case TPX_ACT_SIZE: app_open(a, &size_dialog); break;
    case TPX_ACT_PAD_EDIT:
        if (!config_has_tile(a->cfg.kernel))
            return pad_refused(a);
        app_open(a, &pad_dialog);
        break;
    default: return TPX_UNHANDLED;
    }
    return TPX_HANDLED | TPX_REDRAW;
}

static int config_action(tpx_app *a, tpx_action act)
{
    char msg[TPX_MSG] = "";
    tpx_config *c = &a->cfg;
    const tpx_limits *l = &a->lim;
    switch (act) {
    case TPX_ACT_KERNEL_PREV: return app_edited(a, edit_kernel_step(c, -1, l, msg, sizeof msg), msg);
    case TPX_ACT_KERNEL_NEXT: return app_edited(a, edit_kernel_step(c, 1, l, msg, sizeof msg), msg);
    case TPX_ACT_BX_DOWN: return app_edited(a, edit_block_scale(c, 0, 0, l, msg, sizeof msg), msg);
    case TPX_ACT_BX_UP: return app_edited(a, edit_block_scale(c, 0, 1, l, msg, sizeof msg), msg);
    case TPX_ACT_BY_DOWN: return app_edited(a, edit_block_scale(c, 1, 0, l, msg, sizeof msg), msg);
    case TPX_ACT_BY_UP: return app_edited(a, edit_block_scale(c, 1, 1, l, msg, sizeof msg), msg);
    case TPX_ACT_DTYPE: return app_edited(a, edit_dtype_next(c, l, msg, sizeof msg), msg);
    case TPX_ACT_PAD: return app_edited(a, edit_pad_toggle(c, l, msg, sizeof msg), msg);
    case TPX_ACT_SWIZZLE: return app_edited(a, edit_swizzle_toggle(c, l, msg, sizeof msg), msg);
    case TPX_ACT_TILE_DTYPE:
        return app_edited(a, edit_tile_dtype_next(c, l, msg, sizeof msg), msg);
    default: return open_dialog(a, act);
    }
}

/* Shows step k of the tour (ends it past the last step). */
static int tour_go(tpx_app *a, int k)
{
    int n;
    const tpx_tour_step *steps = tour_steps(a, &n);
    if (k < 0)
        k = 0;
    if (k >= n) {
        a->tour = -1;
        app_say(a, 0, "end of the tour (T starts it again)");
        return TPX_HANDLED | TPX_REDRAW | TPX_SWEEPS;
    }
    char msg[TPX_MSG] = "";
    a->tour = k;
    a->tour_sweeps = steps[k].sweeps;
    int r = set_view(a, steps[k].view) | TPX_CONFIG | TPX_SWEEPS;
    if (edit_apply(&a->cfg, &steps[k].cfg, &a->lim, msg, sizeof msg) != 0)
        app_say(a, 1, "this step's config is refused here: %s", msg);
    a->sel = (tpx_sel){0, 0, 0, 0};
    for (int i = 0; i < a->nviews; i++) /* each view takes the step's settings it has */
        if (a->views[i].ops->on_tour)
            a->views[i].ops->on_tour(a, a->view_st[i], &steps[k]);
    if (steps[k].pinned) { /* an A/B step: A pinned as the A key would */
        a->pinned = 1;
        a->pin = steps[k].pin;
        r |= TPX_SWEEPS | TPX_LIVE;
    }
    return r;
}

/* E and S: the screen as it is, or as a slide, written to a new file in
 * the current directory (numbered, never over one), and where it went. */
static int export_key(tpx_app *a, int slide)
{
    char dir[2048], path[2200], msg[TPX_MSG];
    if (!getcwd(dir, sizeof dir))
        snprintf(dir, sizeof dir, ".");
    if (slide_write_new(a, dir, slide, path, sizeof path, msg, sizeof msg) == 0)
        app_say(a, 0, "wrote %s", path);
    else
        app_say(a, 1, "export failed: %s", msg);
    return TPX_HANDLED | TPX_REDRAW;
}

/* A: the current config becomes A; what the user changes next is B. */
static int pin_key(tpx_app *a)
{
    char desc[160];
    a->pinned = 1;
    a->pin = a->cfg;
    config_describe(&a->cfg, desc, sizeof desc);
    app_say(a, 0, "pinned A: %s; change the config (B) and press 6 to compare", desc);
    /* new wants: A is measured beside the current config */
    return TPX_HANDLED | TPX_REDRAW | TPX_SWEEPS | TPX_LIVE;
}

int app_tour_start(tpx_app *a, const tpx_tour_step *steps, int n)
{
    a->tour_steps = steps;
    a->tour_n = n;
    return tour_go(a, 0);
}

static int app_action(tpx_app *a, tpx_action act)
{
    switch (act) {
    case TPX_ACT_HELP: app_open(a, &help_dialog); return TPX_HANDLED | TPX_REDRAW;
    case TPX_ACT_QUIT: return TPX_QUIT;
    case TPX_ACT_TOUR:
        if (a->tour >= 0) {
            a->tour = -1;
            return TPX_HANDLED | TPX_REDRAW | TPX_SWEEPS;
        }
        return tour_go(a, 0);
    case TPX_ACT_TOUR_NEXT: return tour_go(a, a->tour + 1);
    case TPX_ACT_TOUR_PREV: return tour_go(a, a->tour - 1);
    case TPX_ACT_TOUR_HIDE: a->tour_hidden = !a->tour_hidden; return TPX_HANDLED | TPX_REDRAW;
    case TPX_ACT_CANCEL: a->msg[0] = '\0'; return TPX_HANDLED | TPX_REDRAW;
    case TPX_ACT_REDRAW: return TPX_HANDLED | TPX_REDRAW;
    case TPX_ACT_EXPORT: return export_key(a, 0);
    case TPX_ACT_SLIDE: return export_key(a, 1);
    case TPX_ACT_PIN: return pin_key(a);
    case TPX_ACT_VIEW_NEXT: return set_view(a, a->view + 1);
    case TPX_ACT_VIEW_PREV: return set_view(a, a->view - 1);
    default: break;
    }
    int r = move(a, act);
    return r ? r : config_action(a, act);
}

/* A key no group in force takes: say where it works. */
static int unbound(tpx_app *a, int key, unsigned mask)
{
    char name[32];
    keys_name(key, name, sizeof name);
    int g = keys_group_of(key, mask | TPX_KG_BIT(DIALOG));
    if (g == TPX_KG_TOUR)
        app_say(a, 0, "%s steps through the tour: T starts it", name);
    else if (g >= 0)
        app_say(a, 0, "%s works in the %s view (press ? for every key)", name,
                keys_group_title((tpx_key_group)g));
    else
        app_say(a, 0, "%s does nothing here (press ? for every key)", name);
    return TPX_HANDLED | TPX_REDRAW;
}

int app_key(tpx_app *a, int key)
{
    if (key == TPX_KEY_RESIZE)
        return TPX_REDRAW;
    if (a->dialog) {
        int bits = a->dialog->on_key(a, app_dialog_state(a, a->dialog), key) | TPX_REDRAW;
        if (bits & TPX_WRITE) /* the kernel list hands over to the editor */
            app_open(a, &kedit_dialog);
        return bits & ~TPX_WRITE;
    }
    const tpx_view *v = app_view(a, a->view);
    unsigned mask = TPX_KG_BIT(GENERAL) | TPX_KG_BIT(VIEWS) | TPX_KG_BIT(MOVE) |
                    TPX_KG_BIT(CONFIG) | (1u << v->keys) | (a->tour >= 0 ? TPX_KG_BIT(TOUR) : 0);
    tpx_action act = keys_lookup(key, mask);
    a->msg[0] = '\0';
    a->msg_error = 0;
    int to = app_view_of_key(a, key); /* the views' keys come from their table */
    if (to >= 0)
        return set_view(a, to);
    if (act == TPX_ACT_NONE)
        return unbound(a, key, mask);
    if (keys_def(act)->group == v->keys && v->keys != TPX_KG_GENERAL && v->ops->on_action)
        return v->ops->on_action(a, a->view_st[a->view], act) | TPX_HANDLED | TPX_REDRAW;
    return app_action(a, act);
}

int app_click(tpx_app *a, int w, int h, int x, int y)
{
    tpx_layout l = layout_compute(w, h);
    if (!l.ok)
        return TPX_UNHANDLED;
    tpx_rect screen = rect_make(0, 0, w, h);
    if (a->dialog)
        return a->dialog->on_click
                   ? a->dialog->on_click(a, app_dialog_state(a, a->dialog), screen, x, y) | TPX_REDRAW
                   : TPX_UNHANDLED;
    if (rect_has(l.tabs, x, y)) {
        int v = frame_tab_at(a, &l, x);
        return v >= 0 ? set_view(a, v) : TPX_UNHANDLED;
    }
    if (rect_has(l.config, x, y)) { /* a field: as if its key was pressed */
        tpx_action act = frame_config_at(a, &l, x);
        a->msg[0] = '\0';
        return act != TPX_ACT_NONE ? app_action(a, act) : TPX_UNHANDLED;
    }
    const tpx_view *v = app_view(a, a->view);
    if (rect_has(l.body, x, y) && v->ops->on_click)
        return v->ops->on_click(a, a->view_st[a->view], l.body, x, y);
    return TPX_UNHANDLED;
}

int app_tick(tpx_app *a)
{
    const tpx_view *v = app_view(a, a->view);
    if (a->dialog)
        return a->dialog->on_tick ? a->dialog->on_tick(a, app_dialog_state(a, a->dialog))
                                  : TPX_UNHANDLED;
    return v->ops->on_tick ? v->ops->on_tick(a, a->view_st[a->view]) : TPX_UNHANDLED;
}

void app_draw(const tpx_app *a, tpx_canvas *cv) { frame_screen(a, cv); }
