/* frame: everything around the view: device line, config line, tabs, the
 * caption, the message line, the bandwidth strip and the key hints. */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "chrome.h"
#include "words.h"

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static void device_line(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    canvas_fill(cv, r, ' ', TPX_R_BAR);
    const tpx_device *d = &a->dev;
    if (d->valid) {
        int x = r.x + 1;
        x += canvas_fitf(cv, x, r.y, r.w - 2, TPX_R_BAR,
                      "%s %s sm_%d%d %s %d SMs %s %.0f GB/s theoretical (GB = 10^9) %s L2 %lld MiB"
                      "%s%s",
                      d->name, glyph_str(TPX_G_DOT), d->cc_major, d->cc_minor,
                      glyph_str(TPX_G_DOT), d->sms, glyph_str(TPX_G_DOT), d->peak_gbs,
                      glyph_str(TPX_G_DOT), d->l2_bytes >> 20,
                      a->source[0] ? "  replayed from " : "", base_name(a->source));
        /* --profile with a GPU: the predictions are not for the device shown */
        if (a->live->prof.name[0] && strcmp(a->live->prof.name, d->name) != 0)
            canvas_fitf(cv, x, r.y, r.x + r.w - 1 - x, TPX_R_BAR,
                        "  predictions for the %s profile", a->live->prof.name);
    } else {
        const char *prof = a->live->prof.name;
        canvas_fitf(cv, r.x + 1, r.y, r.w - 2, TPX_R_BAR, "no GPU: model only%s%s%s%s%s%s",
                      a->why_no_gpu[0] ? " (" : "", a->why_no_gpu, a->why_no_gpu[0] ? ")" : "",
                      prof[0] ? "  predictions for the " : "", prof,
                      prof[0] ? " profile (--profile NAME)" : "");
    }
}

/* The config line's fields: the key that changes each, and its text. */
typedef struct cfg_field {
    tpx_action act;
    char text[64];
} cfg_field;

/* Fields in full (wide) or short form; returns how many. */
static int config_fields(const tpx_config *c, int wide, cfg_field *f)
{
    int n = 0;
    f[n].act = TPX_ACT_KERNEL;
    snprintf(f[n++].text, sizeof f->text, "%s", catalog_name(c->kernel));
    f[n].act = TPX_ACT_BLOCK;
    if (wide)
        snprintf(f[n++].text, sizeof f->text, "block %dx%d (%d thread%s, %d warp%s)", c->bx,
                 c->by, c->bx * c->by, words_s(c->bx * c->by), model_warps_per_block(c),
                 words_s(model_warps_per_block(c)));
    else
        snprintf(f[n++].text, sizeof f->text, "%dx%d (%d thr)", c->bx, c->by, c->bx * c->by);
    f[n].act = TPX_ACT_SIZE;
    snprintf(f[n++].text, sizeof f->text, "%s%lldx%lld", wide ? "size " : "", c->w, c->h);
    f[n].act = TPX_ACT_DTYPE;
    snprintf(f[n++].text, sizeof f->text, "%s", config_dtype_name(c->dtype));
    if (config_tile_differs(c)) { /* seed 004: the tile's own type, only when it differs */
        f[n].act = TPX_ACT_TILE_DTYPE;
        snprintf(f[n++].text, sizeof f->text, "tile %s", config_dtype_name(config_tile_dtype(c)));
    }
    f[n].act = TPX_ACT_PAD;
    snprintf(f[n++].text, sizeof f->text, "pad %d", c->pad);
    if (config_has_tile(c->kernel)) {
        f[n].act = TPX_ACT_SWIZZLE;
        snprintf(f[n++].text, sizeof f->text, "%s %s", wide ? "swizzle" : "swz", c->swz ? "on" : "off");
    }
    return n;
}

static int key_width(tpx_action act)
{
    return (int)strcspn(keys_def(act)->label, " ");
}

/* "grid 128x512" after the fields, "" for a reference (no grid of its own). */
static void grid_text(const tpx_config *c, char *buf, size_t n)
{
    buf[0] = '\0';
    if (!config_is_reference(c->kernel)) {
        tpx_geom g = config_geom(c);
        snprintf(buf, n, "grid %dx%d", g.gx, g.gy);
    }
}

/* The fields that fit in width w, each with where it starts; returns how
 * many.  Drawing and clicking both use it.  The wide form only when the
 * grid fits after it too. */
static int config_place(const tpx_config *c, int w, cfg_field *f, int *x0)
{
    int n = 0, width = 0;
    char grid[48];
    grid_text(c, grid, sizeof grid);
    for (int wide = 1; wide >= 0; wide--) {
        n = config_fields(c, wide, f);
        width = 1 + canvas_width(grid);
        for (int i = 0; i < n; i++)
            width += key_width(f[i].act) + 1 + canvas_width(f[i].text) + 3;
        if (width <= w)
            break;
    }
    int x = 1;
    for (int i = 0; i < n; i++) {
        x0[i] = x;
        x += key_width(f[i].act) + 1 + canvas_width(f[i].text) + 3;
    }
    x0[n] = x;
    return n;
}

static void config_line(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    cfg_field f[8];
    int x0[9];
    canvas_fill(cv, r, ' ', TPX_R_BAR);
    int n = config_place(&a->cfg, r.w, f, x0);
    for (int i = 0; i < n; i++) {
        int x = r.x + x0[i];
        x += canvas_printf(cv, x, r.y, r.x + r.w - x, TPX_R_BAR_KEY, "%.*s", key_width(f[i].act),
                           keys_def(f[i].act)->label) + 1;
        canvas_text(cv, x, r.y, r.x + r.w - x, TPX_R_BAR, f[i].text);
    }
    char grid[48];
    grid_text(&a->cfg, grid, sizeof grid);
    canvas_fit(cv, r.x + x0[n], r.y, r.w - x0[n], TPX_R_BAR, grid);
}

tpx_action frame_config_at(const tpx_app *a, const tpx_layout *l, int x)
{
    cfg_field f[8];
    int x0[9];
    int n = config_place(&a->cfg, l->config.w, f, x0);
    for (int i = 0; i < n; i++)
        if (x >= l->config.x + x0[i] && x < l->config.x + x0[i + 1] - 2)
            return f[i].act;
    return TPX_ACT_NONE;
}

/* Tab i's text: " 1 Map " (its key, its title). */
static void tab_label(const tpx_app *a, int i, char *buf, size_t n)
{
    char key[16];
    const tpx_view *v = app_view(a, i);
    keys_name(v->key, key, sizeof key);
    snprintf(buf, n, " %s %s ", key, v->title);
}

/* Tab i spans [x0, x1), its last blank the gap before the next one. */
static void tab_span(const tpx_app *a, int i, int *x0, int *x1)
{
    char label[64];
    int x = 1;
    for (int k = 0; k < i; k++) {
        tab_label(a, k, label, sizeof label);
        x += canvas_width(label);
    }
    tab_label(a, i, label, sizeof label);
    *x0 = x;
    *x1 = x + canvas_width(label) - 1;
}

int frame_tab_at(const tpx_app *a, const tpx_layout *l, int x)
{
    (void)l;
    for (int i = 0; i < a->nviews; i++) {
        int x0, x1;
        tab_span(a, i, &x0, &x1);
        if (x >= x0 && x < x1)
            return i;
    }
    return -1;
}

static void tabs(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    char label[64], first[16], last[16], how[64];
    for (int i = 0; i < a->nviews; i++) {
        int x0, x1;
        tab_span(a, i, &x0, &x1);
        tab_label(a, i, label, sizeof label);
        canvas_text(cv, r.x + x0, r.y, x1 - x0, i == a->view ? TPX_R_TAB_ACTIVE : TPX_R_TAB,
                    label);
    }
    int x0, x1;
    tab_span(a, a->nviews - 1, &x0, &x1);
    keys_name(app_view(a, 0)->key, first, sizeof first);
    keys_name(app_view(a, a->nviews - 1)->key, last, sizeof last);
    snprintf(how, sizeof how, "(%s-%s, Tab, or click)", first, last);
    canvas_fit(cv, r.x + x1 + 2, r.y, r.w - x1 - 2, TPX_R_DIM, how);
}

/* "Up/Down warp": a row with a hint word, joined with the row before it
 * when that one says "&". */
static int hint(tpx_canvas *cv, int x, tpx_rect r, const tpx_keydef *t, int i)
{
    char keys[48];
    int len = (int)strcspn(t[i].label, " ");
    if (i > 0 && strcmp(t[i - 1].hint, "&") == 0)
        snprintf(keys, sizeof keys, "%.*s/%.*s", (int)strcspn(t[i - 1].label, " "),
                 t[i - 1].label, len, t[i].label);
    else
        snprintf(keys, sizeof keys, "%.*s", len, t[i].label);
    int need = canvas_width(keys) + 1 + canvas_width(t[i].hint);
    if (x + need > r.x + r.w)
        return x;
    x += canvas_text(cv, x, r.y, need, TPX_R_KEY, keys) + 1;
    x += canvas_text(cv, x, r.y, r.x + r.w - x, TPX_R_DIM, t[i].hint);
    return x + 2;
}

static void hints(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    int n;
    const tpx_keydef *t = keys_table(&n);
    /* The tour's keys while it runs, then help and quit, the view's own
     * keys, and the rest; in a dialog only the dialog's. */
    tpx_key_group order[6];
    int ngroups = 0;
    if (a->dialog) {
        order[ngroups++] = TPX_KG_DIALOG;
    } else {
        if (a->tour >= 0)
            order[ngroups++] = TPX_KG_TOUR;
        order[ngroups++] = TPX_KG_GENERAL;
        if (app_view(a, a->view)->keys != TPX_KG_GENERAL) /* GENERAL: none of its own */
            order[ngroups++] = app_view(a, a->view)->keys;
        order[ngroups++] = TPX_KG_VIEWS;
        order[ngroups++] = TPX_KG_MOVE;
        order[ngroups++] = TPX_KG_CONFIG;
    }
    int x = r.x + 1;
    for (int g = 0; g < ngroups; g++)
        for (int i = 0; i < n; i++)
            if (t[i].group == order[g] && t[i].hint[0] && strcmp(t[i].hint, "&") != 0)
                x = hint(cv, x, r, t, i);
}

void frame_draw(const tpx_app *a, tpx_canvas *cv, const tpx_layout *l)
{
    char caption[TPX_MSG];
    /* a part with no rows is not drawn (a slide leaves them out) */
    if (l->device.h)
        device_line(a, cv, l->device);
    if (l->config.h)
        config_line(a, cv, l->config);
    if (l->tabs.h)
        tabs(a, cv, l->tabs);
    caption[0] = '\0';
    app_view(a, a->view)->ops->caption(a, a->view_st[a->view], caption, sizeof caption);
    canvas_wrap(cv, rect_make(l->caption.x + 1, l->caption.y, l->caption.w - 2, l->caption.h),
                TPX_R_CAPTION, caption);
    if (a->msg[0])
        canvas_fit(cv, l->message.x + 1, l->message.y, l->message.w - 2,
                   a->msg_error ? TPX_R_ERROR : TPX_R_WARN, a->msg);
    strip_draw(a, cv, l->strip);
    if (l->hints.h)
        hints(a, cv, l->hints);
}

void frame_too_small(tpx_canvas *cv, const tpx_layout *l)
{
    char buf[96];
    snprintf(buf, sizeof buf, "terminal too small (need %d%s%d, have %d%s%d)", l->need_w,
             glyph_str(TPX_G_TIMES), l->need_h, l->w, glyph_str(TPX_G_TIMES), l->h);
    int y = cv->h / 2, w = canvas_width(buf);
    int x = w < cv->w ? (cv->w - w) / 2 : 0;
    canvas_text(cv, x, y, cv->w, TPX_R_WARN, buf);
    if (y + 1 < cv->h)
        canvas_text(cv, x, y + 1, cv->w, TPX_R_DIM, "q quits");
}

int frame_and_view(const tpx_app *a, tpx_canvas *cv, const tpx_layout *l)
{
    canvas_clear(cv);
    if (!l->ok) {
        frame_too_small(cv, l);
        return -1;
    }
    frame_draw(a, cv, l);
    app_view(a, a->view)->ops->draw(a, a->view_st[a->view], cv, l->body);
    return 0;
}

/* The open dialog's private state (the app's table of dialogs holds it). */
static void *open_dialog_state(const tpx_app *a)
{
    for (int i = 0; a->dialogs && i < TPX_DIALOG_MAX; i++)
        if (a->dialogs[i] == a->dialog)
            return a->dialog_st[i];
    return NULL;
}

void frame_screen(const tpx_app *a, tpx_canvas *cv)
{
    tpx_layout l = layout_compute(cv->w, cv->h);
    if (frame_and_view(a, cv, &l) != 0)
        return;
    if (a->tour >= 0)
        tour_box_draw(a, cv, l.body);
    if (a->dialog)
        a->dialog->draw(a, open_dialog_state(a), cv, rect_make(0, 0, cv->w, cv->h));
}
