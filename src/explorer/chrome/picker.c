/* picker: the kernel list: the catalog, then the kernels written in the
 * kernel language this run (user.h).  Each kernel says whether it accepts
 * the current block; the highlighted one shows its explanation from the
 * catalog, or with Tab its source in the kernel language.  Enter applies (or
 * is refused with config_validate's reason); Ctrl-E writes a new kernel from
 * the highlighted one (the kernel editor, kedit.c). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "assets.h"
#include "catalog.h"
#include "origin.h"
#include "edit.h"
#include "chrome.h"
#include "user.h"

#define LIST_W 18

/* The list's own state: the highlighted row, and whether the source shows. */
typedef struct picker_state {
    int pick;
    int source;
} picker_state;

/* Rows: the catalog's kernels, the exercises (the classic one with its
 * blanks: ids -1, -2, never a config's, only a start for the editor), then
 * the user kernels (ids from TPX_K_USER) that were used, not the editor's
 * drafts. */
static const char *const exercises[] = {"exercise", "exercise_tile"};
#define NEX ((int)(sizeof exercises / sizeof exercises[0]))
static int rows(void) { return TPX_K_COUNT + NEX + user_listed_count(); }
static int id_of(int row)
{
    return row < TPX_K_COUNT ? row
           : row < TPX_K_COUNT + NEX ? -(row - TPX_K_COUNT) - 1
                                     : user_listed_id(row - TPX_K_COUNT - NEX);
}
static int row_of(int id)
{
    int u = id >= TPX_K_USER ? user_listed_index(id) : -1;
    return id < 0 ? TPX_K_COUNT - id - 1 : id < TPX_K_COUNT ? id : u >= 0 ? TPX_K_COUNT + NEX + u : 0;
}
static const char *name_of(int id) { return id < 0 ? exercises[-id - 1] : catalog_name((tpx_kernel_id)id); }

/* Whether kernel id takes the config (an exercise never does: its blanks). */
static int takes(const tpx_app *a, int id, char *why, size_t n)
{
    tpx_config c = a->cfg;
    if (id < 0) {
        snprintf(why, n, "%s has blanks (FIXME) to fill: Ctrl-E writes it", name_of(id));
        return 0;
    }
    return edit_kernel(&c, id, &a->lim, why, n) == 0;
}

int picker_cursor(const void *st) { return id_of(((const picker_state *)st)->pick); }

/* Opens on the current kernel. */
static void picker_open(const tpx_app *a, void *st)
{
    ((picker_state *)st)->pick = row_of(a->cfg.kernel);
}

static tpx_rect box_of(tpx_rect screen) { return rect_centre(screen, 104, rows() + 10); }

/* The highlighted kernel's source in the kernel language, in the text area. */
static void draw_source(tpx_canvas *cv, tpx_rect t, int id)
{
    char path[96];
    const char *text = user_text(id);
    if (!text && (id < 0 || !config_is_reference((tpx_kernel_id)id))) {
        snprintf(path, sizeof path, "kernels/%s.tpxk", name_of(id));
        text = assets_get(path, NULL);
    }
    if (!text) {
        const char *why = id >= 0 ? catalog_no_source((tpx_kernel_id)id) : NULL;
        char msg[256];
        snprintf(msg, sizeof msg,
                 "no source in the kernel language: %s (kernels/tpx_tsec.h, docs/kernels.md)",
                 why ? why : "?");
        canvas_wrap(cv, t, TPX_R_DIM,
                    id >= 0 && config_is_reference((tpx_kernel_id)id)
                        ? "a reference: measured, not written as a kernel"
                        : msg);
        return;
    }
    for (int y = t.y; *text && y < t.y + t.h; y++) {
        const char *nl = strchr(text, '\n');
        int n = nl ? (int)(nl - text) : (int)strlen(text);
        canvas_printf(cv, t.x, y, t.w, text[0] == '#' ? TPX_R_DIM : TPX_R_NORMAL, "%.*s", n, text);
        text += n + (nl != NULL);
    }
}

static void picker_draw(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect screen)
{
    const picker_state *p = st;
    int pick = id_of(p->pick);
    tpx_rect b = box_of(screen);
    canvas_fill(cv, b, ' ', TPX_R_NORMAL);
    canvas_box(cv, b, TPX_R_NORMAL, "kernel: Up/Down, Enter applies, Tab source, Ctrl-E write "
                                    "your own from it, Esc keeps the old one");
    char why[TPX_MSG];
    int top = p->pick < b.h - 2 ? 0 : p->pick - (b.h - 3);
    for (int row = top; row < rows() && row - top < b.h - 2; row++) {
        int k = id_of(row);
        int ok = takes(a, k, why, sizeof why);
        int y = b.y + 1 + row - top;
        tpx_role role = row == p->pick ? TPX_R_SELECT : TPX_R_NORMAL;
        if (row == p->pick)
            canvas_glyph(cv, b.x + 1, y, TPX_G_MARK, TPX_R_SELECT);
        canvas_glyph(cv, b.x + 2, y, ok ? TPX_G_CHECK : TPX_G_CROSS, ok ? TPX_R_GOOD : TPX_R_BAD);
        canvas_printf(cv, b.x + 4, y, LIST_W - 2, role, "%-14s", name_of(k));
    }
    tpx_rect t = rect_make(b.x + LIST_W + 4, b.y + 1, b.w - LIST_W - 6, b.h - 2);
    if (t.w < 10)
        return;
    if (pick < 0) { /* an exercise: its text is what it is */
        canvas_printf(cv, t.x, t.y, t.w, TPX_R_TITLE, "%s: the exercise, with blanks to fill "
                      "(Ctrl-E)", name_of(pick));
        draw_source(cv, rect_make(t.x, t.y + 1, t.w, t.h - 1), pick);
        return;
    }
    const tpx_kernel_info *k = catalog_get((tpx_kernel_id)pick);
    if (!k)
        return;
    canvas_printf(cv, t.x, t.y, t.w, TPX_R_TITLE, "%s: %s", k->name, k->title);
    if (p->source) {
        draw_source(cv, rect_make(t.x, t.y + 1, t.w, t.h - 1), pick);
        return;
    }
    int y = t.y + 1;
    y += canvas_wrap(cv, rect_make(t.x, y, t.w, 2), TPX_R_CAPTION, k->idea);
    char from[600];
    origin_words(k->seed, from + 5, sizeof from - 5);
    memcpy(from, "from ", 5);
    y += canvas_wrap(cv, rect_make(t.x, y, t.w, 2), TPX_R_DIM, from);
    y++;
    y += canvas_wrap(cv, rect_make(t.x, y, t.w, t.y + t.h - y - 2), TPX_R_NORMAL, k->text);
    int ok = takes(a, pick, why, sizeof why);
    tpx_rect v = rect_make(t.x, t.y + t.h - 2, t.w, 2);
    if (ok)
        canvas_printf(cv, v.x, v.y + 1, v.w, TPX_R_GOOD, "%s accepts block %dx%d",
                      glyph_str(TPX_G_CHECK), a->cfg.bx, a->cfg.by);
    else
        canvas_wrap(cv, v, TPX_R_BAD, why);
}

static int apply(tpx_app *a, int pick)
{
    char msg[TPX_MSG] = "";
    if (!takes(a, pick, msg, sizeof msg)) {
        app_say(a, 1, "refused: %s", msg);
        return TPX_HANDLED;
    }
    app_close_dialog(a);
    return app_edited(a, edit_kernel(&a->cfg, pick, &a->lim, msg, sizeof msg), msg);
}

static int picker_key(tpx_app *a, void *st, int key)
{
    picker_state *p = st;
    switch (keys_lookup(key, TPX_KG_BIT(DIALOG))) {
    case TPX_ACT_D_UP: p->pick = (p->pick + rows() - 1) % rows(); return TPX_HANDLED;
    case TPX_ACT_D_DOWN: p->pick = (p->pick + 1) % rows(); return TPX_HANDLED;
    case TPX_ACT_D_OK: return apply(a, id_of(p->pick));
    case TPX_ACT_D_NEXT:
    case TPX_ACT_D_PREV: p->source = !p->source; return TPX_HANDLED;
    case TPX_ACT_D_WRITE:
        a->write_from = id_of(p->pick);
        return TPX_HANDLED | TPX_WRITE;
    case TPX_ACT_D_CANCEL: app_close_dialog(a); return TPX_HANDLED;
    default: break;
    }
    /* A letter jumps to the next kernel whose name starts with it. */
    if (key < 128 && isalpha(key))
        for (int i = 1; i <= rows(); i++) {
            int k = (p->pick + i) % rows();
            if (name_of(id_of(k))[0] == tolower(key)) {
                p->pick = k;
                break;
            }
        }
    return TPX_HANDLED;
}

/* A click on a name highlights it; a click on the highlighted one applies. */
static int picker_click(tpx_app *a, void *st, tpx_rect screen, int x, int y)
{
    picker_state *p = st;
    tpx_rect b = box_of(screen);
    int top = p->pick < b.h - 2 ? 0 : p->pick - (b.h - 3);
    int k = y - b.y - 1 + top;
    if (x < b.x + 2 || x >= b.x + LIST_W + 2 || k < 0 || k >= rows() || k - top >= b.h - 2) {
        if (!rect_has(b, x, y))
            app_close_dialog(a);
        return TPX_HANDLED;
    }
    if (k == p->pick)
        return apply(a, id_of(p->pick));
    p->pick = k;
    return TPX_HANDLED;
}

const tpx_dialog kernel_dialog = {
    .title = "kernel",
    .st_size = sizeof(picker_state),
    .open = picker_open,
    .draw = picker_draw,
    .on_key = picker_key,
    .on_click = picker_click,
};
