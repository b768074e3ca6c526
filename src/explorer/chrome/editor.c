/* editor: the dialogs that take typing: the block shape (BX and BY as two
 * fields, thread count and validity shown as you type), the size (typed, or
 * a preset) and a custom padding.  Nothing changes until Enter, and Enter
 * on an invalid value is refused with the reason, the old config kept. */
#include <stdio.h>
#include <string.h>

#include "edit.h"
#include "chrome.h"
#include "widgets.h"
#include "words.h"

#define FIELD 24

/* An editor's own state (each of the three dialogs has one). */
typedef struct editor_state {
    int pick;  /* preset cursor (size), -1: none */
    int field; /* which text field */
    int fresh; /* the next character replaces the field (just opened) */
    char text[2][FIELD];
} editor_state;

typedef int (*try_fn)(const tpx_app *a, const editor_state *e, tpx_config *c, char *msg, size_t n);

static int try_block(const tpx_app *a, const editor_state *e, tpx_config *c, char *msg, size_t n)
{
    return edit_block_text(c, e->text[0], e->text[1], &a->lim, msg, n);
}

static int try_size(const tpx_app *a, const editor_state *e, tpx_config *c, char *msg, size_t n)
{
    return edit_size_text(c, e->text[0], &a->lim, msg, n);
}

static int try_pad(const tpx_app *a, const editor_state *e, tpx_config *c, char *msg, size_t n)
{
    return edit_pad_text(c, e->text[0], &a->lim, msg, n);
}

static try_fn try_of(const tpx_app *a)
{
    return a->dialog == &block_dialog ? try_block : a->dialog == &size_dialog ? try_size : try_pad;
}

/* Opens with the fields holding the current values. */
static void editor_open(const tpx_app *a, void *st)
{
    editor_state *e = st;
    const tpx_config *c = &a->cfg;
    e->fresh = 1;
    if (a->dialog == &block_dialog) {
        snprintf(e->text[0], FIELD, "%d", c->bx);
        snprintf(e->text[1], FIELD, "%d", c->by);
    } else if (a->dialog == &size_dialog) {
        e->pick = -1;
        snprintf(e->text[0], FIELD, "%lldx%lld", c->w, c->h);
    } else {
        snprintf(e->text[0], FIELD, "%d", c->pad);
    }
}

/* A text field: [text_] with the cursor shown when it is the active one. */
static int draw_field(tpx_canvas *cv, int x, int y, const char *label, const char *text,
                      int active, int width)
{
    x += canvas_text(cv, x, y, 20, TPX_R_NORMAL, label);
    canvas_printf(cv, x, y, width + 2, active ? TPX_R_SELECT : TPX_R_NORMAL, "[%-*s]", width, text);
    return x + width + 3;
}

/* The candidate, and what it would be, under the fields. */
static void verdict(const tpx_app *a, const editor_state *e, tpx_canvas *cv, tpx_rect r)
{
    char msg[TPX_MSG];
    tpx_config c = a->cfg;
    if (try_of(a)(a, e, &c, msg, sizeof msg) != 0) {
        canvas_glyph(cv, r.x, r.y, TPX_G_CROSS, TPX_R_BAD);
        canvas_wrap(cv, rect_make(r.x + 2, r.y, r.w - 2, r.h), TPX_R_BAD, msg);
        return;
    }
    char line[TPX_MSG], bytes[24];
    if (a->dialog == &block_dialog) {
        snprintf(line, sizeof line, "%d thread%s = %d warp%s per block; grid %dx%d: Enter applies",
                 c.bx * c.by, words_s(c.bx * c.by), model_warps_per_block(&c),
                 words_s(model_warps_per_block(&c)), config_geom(&c).gx, config_geom(&c).gy);
    } else if (a->dialog == &size_dialog) {
        widget_bytes(bytes, sizeof bytes, c.w * c.h * (long long)config_esize(c.dtype));
        snprintf(line, sizeof line, "%lld columns x %lld rows, %s per matrix: Enter applies",
                 c.w, c.h, bytes);
    } else {
        widget_bytes(bytes, sizeof bytes, config_smem_bytes(&c));
        snprintf(line, sizeof line, "tile of %s with pad %d: Enter applies", bytes, c.pad);
    }
    canvas_glyph(cv, r.x, r.y, TPX_G_CHECK, TPX_R_GOOD);
    canvas_text(cv, r.x + 2, r.y, r.w - 2, TPX_R_GOOD, line);
}

static tpx_rect box_of(const tpx_app *a, tpx_rect screen)
{
    int presets = 0;
    const char *const *p;
    if (a->dialog == &size_dialog)
        presets = edit_size_presets(&p);
    return rect_centre(screen, 76, 9 + presets);
}

static void editor_draw(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect screen)
{
    const editor_state *e = st;
    tpx_rect b = box_of(a, screen);
    canvas_fill(cv, b, ' ', TPX_R_NORMAL);
    canvas_box(cv, b, TPX_R_NORMAL, a->dialog->title);
    int x = b.x + 2, y = b.y + 2;
    if (a->dialog == &block_dialog) {
        x = draw_field(cv, x, y, "BX ", e->text[0], e->field == 0, 5);
        canvas_glyph(cv, x, y, TPX_G_TIMES, TPX_R_NORMAL);
        draw_field(cv, x + 2, y, "BY ", e->text[1], e->field == 1, 5);
        canvas_text(cv, b.x + 2, y + 1, b.w - 4, TPX_R_DIM,
                    "digits type, Up/Down double/halve, Left/Right or Tab switch field");
    } else if (a->dialog == &size_dialog) {
        draw_field(cv, x, y, "size ", e->text[0], 1, 16);
        canvas_text(cv, b.x + 2, y + 1, b.w - 4, TPX_R_DIM,
                    "WxH (W columns, H rows) or N for NxN; Up/Down pick a preset");
        const char *const *p;
        int n = edit_size_presets(&p);
        for (int i = 0; i < n; i++) {
            if (i == e->pick)
                canvas_glyph(cv, b.x + 3, y + 5 + i, TPX_G_MARK, TPX_R_SELECT);
            canvas_printf(cv, b.x + 4, y + 5 + i, 20, i == e->pick ? TPX_R_SELECT : TPX_R_NORMAL,
                          "%-12s", p[i]);
        }
    } else {
        draw_field(cv, x, y, "pad ", e->text[0], 1, 4);
        canvas_text(cv, b.x + 2, y + 1, b.w - 4, TPX_R_DIM,
                    "elements added to each shared tile row (0 to 64); Up/Down step");
    }
    verdict(a, e, cv, rect_make(b.x + 2, y + 2, b.w - 4, 2));
}

/* Every printable character goes into the field as typed, so that Enter
 * judges exactly what is shown with the command line's parser (1e3 or -1
 * are refused with its words, not read as 13 or 1).  A full field takes
 * nothing more, and says so, rather than applying a cut value. */
static void type(tpx_app *a, editor_state *e, int key)
{
    char *t = e->text[e->field];
    size_t len = e->fresh ? 0 : strlen(t);
    if (len + 1 >= FIELD) {
        app_say(a, 1, "refused: the field holds at most %d characters", FIELD - 1);
        return;
    }
    t[len] = (char)key;
    t[len + 1] = '\0';
    e->fresh = 0;
}

/* Up/Down: double/halve a block field, step the pad, move through presets. */
static void step(tpx_app *a, editor_state *e, int up)
{
    if (a->dialog == &size_dialog) {
        const char *const *p;
        int n = edit_size_presets(&p);
        e->pick = e->pick < 0 ? 0 : (e->pick + (up ? n - 1 : 1)) % n;
        snprintf(e->text[0], FIELD, "%s", p[e->pick]);
        e->fresh = 1;
        return;
    }
    int v;
    char msg[TPX_MSG];
    const char *what = a->dialog == &pad_dialog ? "pad" : e->field ? "BY" : "BX";
    if (config_parse_int(e->text[e->field], what, &v, msg, sizeof msg) != 0) {
        app_say(a, 1, "refused: %s", msg); /* the text stays as typed */
        return;
    }
    if (a->dialog == &block_dialog)
        v = up ? (v < (1 << 20) ? v * 2 : v) : (v > 1 ? v / 2 : 1);
    else
        v = up ? v + 1 : (v > 0 ? v - 1 : 0);
    snprintf(e->text[e->field], FIELD, "%d", v);
    e->fresh = 1;
}

static int editor_key(tpx_app *a, void *st, int key)
{
    editor_state *e = st;
    char msg[TPX_MSG];
    switch (keys_lookup(key, TPX_KG_BIT(DIALOG))) {
    case TPX_ACT_D_OK: {
        tpx_config c = a->cfg;
        if (try_of(a)(a, e, &c, msg, sizeof msg) != 0) {
            app_say(a, 1, "refused: %s", msg);
            return TPX_HANDLED;
        }
        app_close_dialog(a);
        return app_edited(a, edit_apply(&a->cfg, &c, &a->lim, msg, sizeof msg), "");
    }
    case TPX_ACT_D_CANCEL: app_close_dialog(a); return TPX_HANDLED;
    case TPX_ACT_D_UP: step(a, e, 1); return TPX_HANDLED;
    case TPX_ACT_D_DOWN: step(a, e, 0); return TPX_HANDLED;
    case TPX_ACT_D_PREV:
    case TPX_ACT_D_NEXT:
        if (a->dialog == &block_dialog)
            e->field = !e->field;
        e->fresh = 1;
        return TPX_HANDLED;
    case TPX_ACT_D_ERASE: {
        size_t len = strlen(e->text[e->field]);
        if (len)
            e->text[e->field][len - 1] = '\0';
        e->fresh = 0;
        return TPX_HANDLED;
    }
    default: break;
    }
    if (key >= ' ' && key <= '~')
        type(a, e, key);
    return TPX_HANDLED;
}

#define EDITOR(name, t)                                                                          \
    const tpx_dialog name = {.title = t, .st_size = sizeof(editor_state), .open = editor_open,  \
                             .draw = editor_draw, .on_key = editor_key}
EDITOR(block_dialog, "block shape");
EDITOR(size_dialog, "matrix size");
EDITOR(pad_dialog, "padding");
