#include "app.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "edit.h"
#include "export.h"
#include "tour.h"
#include "views.h"

static const tpx_view *const views[TPX_VIEW_COUNT] = {
    [TPX_VIEW_MAP] = &map_view,     [TPX_VIEW_BANKS] = &banks_view,
    [TPX_VIEW_COAL] = &coal_view,   [TPX_VIEW_ORDER] = &order_view,
    [TPX_VIEW_BW] = &bandwidth_view,
};

const tpx_view *app_view(int id)
{
    return id >= 0 && id < TPX_VIEW_COUNT ? views[id] : views[0];
}

tpx_app *app_new(const tpx_config *c, const tpx_limits *lim, const tpx_device *dev,
                 const char *why_no_gpu)
{
    tpx_app *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->live = calloc(1, sizeof *a->live);
    if (!a->live) {
        free(a);
        return NULL;
    }
    a->cfg = *c;
    a->lim = *lim;
    a->dev = *dev;
    snprintf(a->why_no_gpu, sizeof a->why_no_gpu, "%s", why_no_gpu ? why_no_gpu : "");
    /* The device line already says "model only". */
    size_t len = strlen(a->why_no_gpu), tail = strlen(": model only");
    if (len > tail && strcmp(a->why_no_gpu + len - tail, ": model only") == 0)
        a->why_no_gpu[len - tail] = '\0';
    a->dirty = 1;
    a->tour = -1;
    live_slots(a->live, c, lim);
    return a;
}

void app_free(tpx_app *a)
{
    if (!a)
        return;
    scene_free(&a->scene);
    free(a->live);
    free(a);
}

void app_resize(tpx_app *a, int w, int h)
{
    a->screen_w = w;
    a->screen_h = h;
}

int app_recalc(tpx_app *a)
{
    if (!a->dirty)
        return 0;
    a->dirty = 0;
    int rc = scene_build(&a->scene, &a->cfg, &a->lim, a->sel);
    a->sel = a->scene.sel;
    return rc;
}

void app_say(tpx_app *a, int error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->msg, sizeof a->msg, fmt, ap);
    va_end(ap);
    a->msg_error = error;
}

int app_edited(tpx_app *a, int rc, const char *msg)
{
    if (rc != 0) {
        app_say(a, 1, "refused: %s", msg);
        return TPX_HANDLED | TPX_REDRAW;
    }
    if (msg && msg[0])
        app_say(a, 0, "%s", msg);
    a->dirty = 1;
    a->order_wave = 0;
    return TPX_HANDLED | TPX_REDRAW | TPX_RECALC;
}

void app_open(tpx_app *a, const tpx_dialog *d)
{
    a->dialog = d;
    a->pick = 0;
    a->field = 0;
    a->fresh = 1;
    a->msg[0] = '\0';
    a->msg_error = 0;
    a->text[0][0] = a->text[1][0] = '\0';
    a->help_top = 0;
}

int app_step_rep(tpx_app *a, tpx_action act)
{
    int reps = a->scene.reps > 0 ? a->scene.reps : 1;
    if (act != TPX_ACT_INST_NEXT && act != TPX_ACT_INST_PREV)
        return TPX_UNHANDLED;
    a->sel.rep = (a->sel.rep + (act == TPX_ACT_INST_NEXT ? 1 : reps - 1)) % reps;
    a->dirty = 1;
    return TPX_HANDLED | TPX_RECALC;
}

int app_wants_sweeps(const tpx_app *a) { return a->view == TPX_VIEW_BW; }

static int set_view(tpx_app *a, int v)
{
    int before = app_wants_sweeps(a);
    a->view = (v + TPX_VIEW_COUNT) % TPX_VIEW_COUNT;
    return TPX_HANDLED | TPX_REDRAW | (before != app_wants_sweeps(a) ? TPX_SWEEPS : 0);
}

static int select_warp(tpx_app *a, tpx_sel s)
{
    s = scene_clamp(&a->cfg, s);
    if (s.bx == a->sel.bx && s.by == a->sel.by && s.warp == a->sel.warp)
        return TPX_HANDLED;
    a->sel = s;
    a->dirty = 1;
    return TPX_HANDLED | TPX_REDRAW | TPX_RECALC;
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
    return select_warp(a, s);
}

static int config_action(tpx_app *a, tpx_action act)
{
    char msg[TPX_MSG] = "";
    tpx_config *c = &a->cfg;
    const tpx_limits *l = &a->lim;
    switch (act) {
    case TPX_ACT_KERNEL: app_open(a, &kernel_dialog); a->pick = c->kernel; return TPX_HANDLED | TPX_REDRAW;
    case TPX_ACT_BLOCK:
        app_open(a, &block_dialog);
        snprintf(a->text[0], TPX_FIELD, "%d", c->bx);
        snprintf(a->text[1], TPX_FIELD, "%d", c->by);
        return TPX_HANDLED | TPX_REDRAW;
    case TPX_ACT_SIZE:
        app_open(a, &size_dialog);
        a->pick = -1;
        snprintf(a->text[0], TPX_FIELD, "%lldx%lld", c->w, c->h);
        return TPX_HANDLED | TPX_REDRAW;
    case TPX_ACT_PAD_EDIT:
        if (!config_has_tile(c->kernel))
            return app_edited(a, -1, "this kernel has no shared tile, so pad does not apply; "
                                     "pick smem, smem_rect or tile_rows (K)");
        app_open(a, &pad_dialog);
        snprintf(a->text[0], TPX_FIELD, "%d", c->pad);
        return TPX_HANDLED | TPX_REDRAW;
    case TPX_ACT_KERNEL_PREV: return app_edited(a, edit_kernel_step(c, -1, l, msg, sizeof msg), msg);
    case TPX_ACT_KERNEL_NEXT: return app_edited(a, edit_kernel_step(c, 1, l, msg, sizeof msg), msg);
    case TPX_ACT_BX_DOWN: return app_edited(a, edit_block_scale(c, 0, 0, l, msg, sizeof msg), msg);
    case TPX_ACT_BX_UP: return app_edited(a, edit_block_scale(c, 0, 1, l, msg, sizeof msg), msg);
    case TPX_ACT_BY_DOWN: return app_edited(a, edit_block_scale(c, 1, 0, l, msg, sizeof msg), msg);
    case TPX_ACT_BY_UP: return app_edited(a, edit_block_scale(c, 1, 1, l, msg, sizeof msg), msg);
    case TPX_ACT_DTYPE: return app_edited(a, edit_dtype_next(c, l, msg, sizeof msg), msg);
    case TPX_ACT_PAD: return app_edited(a, edit_pad_toggle(c, l, msg, sizeof msg), msg);
    case TPX_ACT_SWIZZLE: return app_edited(a, edit_swizzle_toggle(c, l, msg, sizeof msg), msg);
    default: return TPX_UNHANDLED;
    }
}

/* Shows step k of the tour (ends it past the last step). */
static int tour_go(tpx_app *a, int k)
{
    int n;
    const tpx_tour_step *steps = tour_builtin(&n);
    if (k < 0)
        k = 0;
    if (k >= n) {
        a->tour = -1;
        app_say(a, 0, "end of the tour (T starts it again)");
        return TPX_HANDLED | TPX_REDRAW;
    }
    char msg[TPX_MSG] = "";
    a->tour = k;
    int r = set_view(a, steps[k].view) | TPX_RECALC;
    if (edit_apply(&a->cfg, &steps[k].cfg, &a->lim, msg, sizeof msg) != 0)
        app_say(a, 1, "this step's config is refused here: %s", msg);
    a->sel = (tpx_sel){0, 0, 0, 0};
    if (steps[k].zoom >= 0)
        a->map_zoom = steps[k].zoom;
    a->order_wave = 0;
    a->dirty = 1;
    return r;
}

static int export_key(tpx_app *a)
{
    char path[TPX_MSG];
    if (export_app_view(a, path, sizeof path) == 0)
        app_say(a, 0, "wrote %s", path);
    else
        app_say(a, 1, "export failed: %s", path);
    return TPX_HANDLED | TPX_REDRAW;
}

static int app_action(tpx_app *a, tpx_action act)
{
    switch (act) {
    case TPX_ACT_HELP: app_open(a, &help_dialog); return TPX_HANDLED | TPX_REDRAW;
    case TPX_ACT_QUIT: return TPX_QUIT;
    case TPX_ACT_TOUR:
        if (a->tour >= 0) {
            a->tour = -1;
            return TPX_HANDLED | TPX_REDRAW;
        }
        return tour_go(a, 0);
    case TPX_ACT_TOUR_NEXT: return tour_go(a, a->tour + 1);
    case TPX_ACT_TOUR_PREV: return tour_go(a, a->tour - 1);
    case TPX_ACT_CANCEL: a->msg[0] = '\0'; return TPX_HANDLED | TPX_REDRAW;
    case TPX_ACT_REDRAW: return TPX_HANDLED | TPX_REDRAW;
    case TPX_ACT_EXPORT: return export_key(a);
    case TPX_ACT_VIEW_MAP: return set_view(a, TPX_VIEW_MAP);
    case TPX_ACT_VIEW_BANKS: return set_view(a, TPX_VIEW_BANKS);
    case TPX_ACT_VIEW_COAL: return set_view(a, TPX_VIEW_COAL);
    case TPX_ACT_VIEW_ORDER: return set_view(a, TPX_VIEW_ORDER);
    case TPX_ACT_VIEW_BW: return set_view(a, TPX_VIEW_BW);
    case TPX_ACT_VIEW_NEXT: return set_view(a, a->view + 1);
    case TPX_ACT_VIEW_PREV: return set_view(a, a->view - 1);
    default: break;
    }
    int r = move(a, act);
    return r ? r : config_action(a, act);
}

int app_key(tpx_app *a, int key)
{
    if (key == TPX_KEY_RESIZE)
        return TPX_REDRAW;
    if (a->dialog)
        return a->dialog->on_key(a, key) | TPX_REDRAW;
    const tpx_view *v = app_view(a->view);
    unsigned mask = TPX_KG_BIT(GENERAL) | TPX_KG_BIT(VIEWS) | TPX_KG_BIT(MOVE) |
                    TPX_KG_BIT(CONFIG) | (1u << v->keys) | (a->tour >= 0 ? TPX_KG_BIT(TOUR) : 0);
    tpx_action act = keys_lookup(key, mask);
    a->msg[0] = '\0';
    a->msg_error = 0;
    if (act == TPX_ACT_NONE) {
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
    if (keys_def(act)->group == v->keys && v->on_action)
        return v->on_action(a, act) | TPX_HANDLED | TPX_REDRAW;
    return app_action(a, act);
}

int app_click(tpx_app *a, int w, int h, int x, int y)
{
    tpx_layout l = layout_compute(w, h);
    if (!l.ok)
        return TPX_UNHANDLED;
    tpx_rect screen = rect_make(0, 0, w, h);
    if (a->dialog)
        return a->dialog->on_click ? a->dialog->on_click(a, screen, x, y) | TPX_REDRAW
                                   : TPX_UNHANDLED;
    if (rect_has(l.tabs, x, y)) {
        int v = frame_tab_at(&l, x);
        return v >= 0 ? set_view(a, v) : TPX_UNHANDLED;
    }
    if (rect_has(l.config, x, y)) { /* a field: as if its key was pressed */
        tpx_action act = frame_config_at(a, &l, x);
        a->msg[0] = '\0';
        return act != TPX_ACT_NONE ? app_action(a, act) : TPX_UNHANDLED;
    }
    const tpx_view *v = app_view(a->view);
    if (rect_has(l.body, x, y) && v->on_click)
        return v->on_click(a, l.body, x, y);
    return TPX_UNHANDLED;
}

int app_tick(tpx_app *a)
{
    const tpx_view *v = app_view(a->view);
    return !a->dialog && v->on_tick ? v->on_tick(a) : TPX_UNHANDLED;
}

void app_draw(const tpx_app *a, tpx_canvas *cv)
{
    canvas_clear(cv);
    tpx_layout l = layout_compute(cv->w, cv->h);
    if (!l.ok) {
        frame_too_small(cv, &l);
        return;
    }
    const tpx_view *v = app_view(a->view);
    frame_draw(a, cv, &l);
    v->draw(a, cv, l.body);
    if (a->tour >= 0)
        tour_box_draw(a, cv, l.body);
    if (a->dialog)
        a->dialog->draw(a, cv, rect_make(0, 0, cv->w, cv->h));
}
