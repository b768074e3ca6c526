/* picker: the kernel list.  Each kernel says whether it accepts the current
 * block; the highlighted one shows its explanation from the catalog.
 * Enter applies (or is refused with config_validate's reason). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "edit.h"
#include "chrome.h"

#define LIST_W 18

/* The list's own state: the highlighted kernel. */
typedef struct picker_state {
    int pick;
} picker_state;

int picker_cursor(const void *st) { return ((const picker_state *)st)->pick; }

/* Opens on the current kernel. */
static void picker_open(const tpx_app *a, void *st) { ((picker_state *)st)->pick = a->cfg.kernel; }

static tpx_rect box_of(tpx_rect screen) { return rect_centre(screen, 104, TPX_K_COUNT + 10); }

static void picker_draw(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect screen)
{
    int pick = ((const picker_state *)st)->pick;
    tpx_rect b = box_of(screen);
    canvas_fill(cv, b, ' ', TPX_R_NORMAL);
    canvas_box(cv, b, TPX_R_NORMAL, "kernel: Up/Down, Enter applies, Esc keeps the old one");
    char why[TPX_MSG];
    for (int k = 0; k < TPX_K_COUNT && k < b.h - 2; k++) {
        tpx_config c = a->cfg;
        int ok = edit_kernel(&c, k, &a->lim, why, sizeof why) == 0;
        int y = b.y + 1 + k;
        tpx_role role = k == pick ? TPX_R_SELECT : TPX_R_NORMAL;
        if (k == pick)
            canvas_glyph(cv, b.x + 1, y, TPX_G_MARK, TPX_R_SELECT);
        canvas_glyph(cv, b.x + 2, y, ok ? TPX_G_CHECK : TPX_G_CROSS, ok ? TPX_R_GOOD : TPX_R_BAD);
        canvas_printf(cv, b.x + 4, y, LIST_W - 2, role, "%-14s", catalog_name((tpx_kernel_id)k));
    }
    const tpx_kernel_info *k = catalog_get((tpx_kernel_id)pick);
    tpx_rect t = rect_make(b.x + LIST_W + 4, b.y + 1, b.w - LIST_W - 6, b.h - 2);
    if (!k || t.w < 10)
        return;
    canvas_printf(cv, t.x, t.y, t.w, TPX_R_TITLE, "%s: %s", k->name, k->title);
    int y = t.y + 1;
    y += canvas_wrap(cv, rect_make(t.x, y, t.w, 2), TPX_R_CAPTION, k->idea);
    canvas_printf(cv, t.x, y++, t.w, TPX_R_DIM, "from %s", k->seed);
    y++;
    y += canvas_wrap(cv, rect_make(t.x, y, t.w, t.y + t.h - y - 2), TPX_R_NORMAL, k->text);
    tpx_config c = a->cfg;
    int ok = edit_kernel(&c, pick, &a->lim, why, sizeof why) == 0;
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
    tpx_config c = a->cfg;
    if (edit_kernel(&c, pick, &a->lim, msg, sizeof msg) != 0) {
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
    case TPX_ACT_D_UP: p->pick = (p->pick + TPX_K_COUNT - 1) % TPX_K_COUNT; return TPX_HANDLED;
    case TPX_ACT_D_DOWN: p->pick = (p->pick + 1) % TPX_K_COUNT; return TPX_HANDLED;
    case TPX_ACT_D_OK: return apply(a, p->pick);
    case TPX_ACT_D_CANCEL: app_close_dialog(a); return TPX_HANDLED;
    default: break;
    }
    /* A letter jumps to the next kernel whose name starts with it. */
    if (key < 128 && isalpha(key))
        for (int i = 1; i <= TPX_K_COUNT; i++) {
            int k = (p->pick + i) % TPX_K_COUNT;
            if (catalog_name((tpx_kernel_id)k)[0] == tolower(key)) {
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
    int k = y - b.y - 1;
    if (x < b.x + 2 || x >= b.x + LIST_W + 2 || k < 0 || k >= TPX_K_COUNT) {
        if (!rect_has(b, x, y))
            app_close_dialog(a);
        return TPX_HANDLED;
    }
    if (k == p->pick)
        return apply(a, p->pick);
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
