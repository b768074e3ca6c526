/* kedit: the kernel editor.  A kernel in the kernel language (docs/
 * language.md), starting from the one it was opened on, typed line by line;
 * after every key the text is parsed and, when it parses, checked on the
 * CPU at a small size (the verdict under the text, in the check's words),
 * so a mistake shows as it is made; Ctrl-F goes to the next blank (the
 * exercise's FIXME) and clears it.  Ctrl-X uses the kernel: it joins the
 * registry of user kernels (the kernel list has it from then on) and becomes
 * the config's kernel, modelled, drawn and checked at the config's own size
 * (the verdict on the strip).  Esc leaves, the config as it was.
 *
 * A pause in typing (KEDIT_PAUSE ticks) hands the text, when it checks at
 * the config, to the model worker as a draft (user_add_draft, a->draft):
 * checked at the config's own size off the key path, its marks show on the
 * Map wherever it is visible beside the editor, and are there at once when
 * Ctrl-X makes the same text the config's kernel. */
#include <stdio.h>
#include <string.h>

#include "assets.h"
#include "catalog.h"
#include "chrome.h"
#include "edit.h"
#include "file_write.h"
#include "ucheck.h"
#include "ucheck_map.h"
#include "user.h"

#define PREVIEW 128 /* the check as you type: at most PREVIEW x PREVIEW elements */
#define KEDIT_PAUSE 2 /* ticks (0.4 s each) without a key: 0.4 to 0.8 s */

typedef struct kedit_state {
    char text[UK_MAX_TEXT + 1];
    int len, cur, top;
    int ok;                  /* 1 parses and checks correct, -1 wrong, 0 does not parse */
    int quiet;               /* ticks since the text changed; -1: its draft is handed on */
    char status[TPX_MSG * 2];
} kedit_state;

static tpx_rect box_of(tpx_rect screen)
{
    return rect_centre(screen, screen.w - 4 < 110 ? screen.w - 4 : 110, screen.h - 2);
}

/* The parse and the check at a small size, after every change. */
static void kedit_recheck(const tpx_app *a, kedit_state *e)
{
    ukernel k;
    ulang_err err;
    if (ukernel_parse(e->text, (size_t)e->len, &k, &err) != 0) {
        e->ok = 0;
        snprintf(e->status, sizeof e->status, "line %d, column %d: %s", err.line, err.col,
                 err.msg);
        ukernel_free(&k);
        return;
    }
    tpx_config c = a->cfg;
    c.w = c.w < PREVIEW ? c.w : PREVIEW;
    c.h = c.h < PREVIEW ? c.h : PREVIEW;
    ucheck_report r;
    char v[TPX_MSG + 128];
    if (ucheck_kernel(&k, &c, &r, NULL) != 0) {
        e->ok = -1;
        snprintf(e->status, sizeof e->status, "%s", r.msg);
    } else {
        e->ok = ucheck_ok(&r) ? 1 : -1;
        ucheck_verdict(&c, &r, v, sizeof v);
        snprintf(e->status, sizeof e->status, "at %lldx%lld: %s", c.w, c.h, v);
    }
    ukernel_free(&k);
}

/* The text to start from: a user kernel's own, a catalog kernel's source
 * (assets/kernels), or the exercise for a reference. */
static void kedit_open(const tpx_app *a, void *st)
{
    kedit_state *e = st;
    const char *text = user_text(a->write_from);
    char path[96];
    size_t len = 0;
    if (!text) { /* ids -1, -2: the exercises of the kernel list */
        snprintf(path, sizeof path, "kernels/%s.tpxk",
                 a->write_from == -2 ? "exercise_tile"
                 : a->write_from < 0 || config_is_reference((tpx_kernel_id)a->write_from)
                     ? "exercise"
                     : catalog_name((tpx_kernel_id)a->write_from));
        text = assets_get(path, &len);
    }
    /* a catalog kernel without a source (catalog_no_source) starts from the
     * tile it grew from, saying so */
    char from[UK_MAX_TEXT + 1];
    const char *why =
        !text && a->write_from >= 0 ? catalog_no_source((tpx_kernel_id)a->write_from) : NULL;
    if (why) {
        const char *rows = assets_get("kernels/tile_rows.tpxk", NULL);
        snprintf(from, sizeof from,
                 "# %s has no source in the kernel language:\n# %s.\n"
                 "# Here is tile_rows, the tile it grew from.\n%s",
                 catalog_name((tpx_kernel_id)a->write_from), why, rows ? rows : "");
        text = from;
    }
    len = text ? strlen(text) : 0;
    len = len > UK_MAX_TEXT ? UK_MAX_TEXT : len;
    memcpy(e->text, text ? text : "", len);
    e->text[len] = '\0';
    e->len = (int)len;
    e->cur = 0;
    e->quiet = 0;
    kedit_recheck(a, e);
}

/* Line and column (0-based) of a text offset. */
static void line_col(const kedit_state *e, int off, int *line, int *col)
{
    *line = *col = 0;
    for (int i = 0; i < off; i++) {
        if (e->text[i] == '\n')
            (*line)++, *col = 0;
        else
            (*col)++;
    }
}

/* The offset of (line, col), clamped to the line's end. */
static int offset_of(const kedit_state *e, int line, int col)
{
    int i = 0;
    for (int l = 0; l < line && i < e->len; i++)
        if (e->text[i] == '\n')
            l++;
    for (int c = 0; c < col && i < e->len && e->text[i] != '\n'; c++)
        i++;
    return i;
}

static void kedit_draw(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect screen)
{
    const kedit_state *e = st;
    (void)a;
    tpx_rect b = box_of(screen);
    canvas_fill(cv, b, ' ', TPX_R_NORMAL);
    canvas_box(cv, b, TPX_R_NORMAL, "your kernel: type; Ctrl-F next blank, Ctrl-X use it, "
                                    "Ctrl-O save it, Esc leave it (docs/language.md)");
    int rows = b.h - 5, cl, cc;
    line_col(e, e->cur, &cl, &cc);
    int top = cl < rows ? 0 : cl - rows + 1;
    int line = 0, x = 0, y = b.y + 1;
    for (int i = 0; i <= e->len && y < b.y + 1 + rows; i++) {
        if (line >= top && x == 0)
            canvas_printf(cv, b.x + 1, y, 4, TPX_R_DIM, "%3d", line + 1);
        if (line >= top && i == e->cur) /* the cursor: the cell under it, inverted */
            canvas_printf(cv, b.x + 5 + x, y, 1, TPX_R_SELECT, "%c",
                          i < e->len && e->text[i] != '\n' ? e->text[i] : ' ');
        if (i == e->len)
            break;
        if (e->text[i] == '\n') {
            line++, x = 0;
            y += line > top;
            continue;
        }
        if (line >= top && i != e->cur && x < b.w - 7)
            canvas_printf(cv, b.x + 5 + x, y, 1, TPX_R_NORMAL, "%c", e->text[i]);
        x++;
    }
    tpx_role role = e->ok > 0 ? TPX_R_GOOD : TPX_R_BAD;
    const char *head = e->ok != 0 ? "check " : "does not parse ";
    int hx = canvas_text(cv, b.x + 2, b.y + b.h - 4, b.w - 4, TPX_R_TITLE, head);
    canvas_wrap(cv, rect_make(b.x + 2 + hx, b.y + b.h - 4, b.w - 4 - hx, 3), role, e->status);
}

static void insert(kedit_state *e, char ch)
{
    if (e->len >= UK_MAX_TEXT)
        return;
    memmove(e->text + e->cur + 1, e->text + e->cur, (size_t)(e->len - e->cur + 1));
    e->text[e->cur++] = ch;
    e->len++;
}

static void erase(kedit_state *e)
{
    if (e->cur == 0)
        return;
    memmove(e->text + e->cur - 1, e->text + e->cur, (size_t)(e->len - e->cur + 1));
    e->cur--;
    e->len--;
}

/* After the pause: the text as a draft at the config (none when it does
 * not parse or the config refuses it: no marks then).  DRAFT when it is
 * another one than before. */
static int publish(tpx_app *a, const kedit_state *e)
{
    tpx_config old = a->draft, c = a->cfg;
    int had = a->have_draft, id = -1;
    char msg[TPX_MSG];
    if (e->ok != 0)
        id = user_add_draft(e->text, (size_t)e->len, msg, sizeof msg);
    a->have_draft = id >= 0 && edit_kernel(&c, id, &a->lim, msg, sizeof msg) == 0;
    if (a->have_draft)
        a->draft = c;
    if (had == a->have_draft && (!had || config_same(&old, &a->draft)))
        return TPX_UNHANDLED;
    return TPX_HANDLED | TPX_DRAFT | TPX_REDRAW;
}

static int kedit_tick(tpx_app *a, void *st)
{
    kedit_state *e = st;
    if (e->quiet >= 0 && ++e->quiet >= KEDIT_PAUSE) {
        e->quiet = -1;
        return publish(a, e);
    }
    /* the draft's check still coming: the next update looks for it */
    const ucheck_map *m = a->draft_marks;
    return a->have_draft && (!m || !config_same(&m->cfg, &a->draft)) ? TPX_REDRAW
                                                                      : TPX_UNHANDLED;
}

/* Ctrl-X: into the registry and the config, or refused with the reason. */
static int use(tpx_app *a, kedit_state *e)
{
    char msg[TPX_MSG] = "";
    int id = user_add(e->text, (size_t)e->len, NULL, msg, sizeof msg);
    if (id < 0) {
        app_say(a, 1, "refused: %s", msg);
        return TPX_HANDLED;
    }
    tpx_config c = a->cfg;
    if (edit_kernel(&c, id, &a->lim, msg, sizeof msg) != 0) {
        app_say(a, 1, "refused: %s", msg);
        return TPX_HANDLED;
    }
    app_close_dialog(a);
    return app_edited(a, edit_kernel(&a->cfg, id, &a->lim, msg, sizeof msg), msg) | TPX_DRAFT;
}

static int move(kedit_state *e, int dl, int dc)
{
    int l, c;
    line_col(e, e->cur, &l, &c);
    if (dc)
        e->cur = dc < 0 ? (e->cur > 0 ? e->cur - 1 : 0) : (e->cur < e->len ? e->cur + 1 : e->len);
    else if (l + dl >= 0)
        e->cur = offset_of(e, l + dl, c);
    return TPX_HANDLED;
}

/* Whether offset off is inside a comment (after # or // on its line). */
static int in_comment(const kedit_state *e, int off)
{
    int i = off;
    while (i > 0 && e->text[i - 1] != '\n')
        i--;
    for (; i < off; i++)
        if (e->text[i] == '#' || (e->text[i] == '/' && e->text[i + 1] == '/'))
            return 1;
    return 0;
}

/* The first blank (FIXME, outside comments) at or after from; -1 if none. */
static int find_blank(const kedit_state *e, int from)
{
    for (const char *at = e->text + from; (at = strstr(at, "FIXME")) != NULL; at += 5)
        if (!in_comment(e, (int)(at - e->text)))
            return (int)(at - e->text);
    return -1;
}

/* Ctrl-F: the next blank (from the cursor, then from the top), cleared. */
static void next_blank(kedit_state *e)
{
    int off = find_blank(e, e->cur);
    if (off < 0)
        off = find_blank(e, 0);
    if (off < 0)
        return;
    memmove(e->text + off, e->text + off + 5, (size_t)(e->len - off - 5 + 1));
    e->len -= 5;
    e->cur = off;
}

static int write_text(FILE *f, const void *ctx)
{
    const kedit_state *e = ctx;
    return fwrite(e->text, 1, (size_t)e->len, f) == (size_t)e->len ? 0 : -1;
}

/* Ctrl-O: the text as it is (a kernel file: --kernel-file takes it back) to
 * tpx-kernel-NAME.tpxk in the current directory, NAME from its kernel line
 * when it parses ("draft" otherwise), written whole or not at all. */
static int save(tpx_app *a, const kedit_state *e)
{
    ukernel k;
    ulang_err err;
    char path[64], msg[TPX_MSG];
    int parses = ukernel_parse(e->text, (size_t)e->len, &k, &err) == 0;
    snprintf(path, sizeof path, "tpx-kernel-%s.tpxk", parses ? k.name : "draft");
    ukernel_free(&k);
    if (file_write_atomic(path, write_text, e, msg, sizeof msg) != 0)
        app_say(a, 1, "%s", msg);
    else
        app_say(a, 0, "wrote %s (tpx --kernel-file %s opens it)", path, path);
    return TPX_HANDLED;
}

static int kedit_key(tpx_app *a, void *st, int key)
{
    kedit_state *e = st;
    switch (keys_lookup(key, TPX_KG_BIT(DIALOG))) {
    case TPX_ACT_D_CANCEL: app_close_dialog(a); return TPX_HANDLED | TPX_DRAFT;
    case TPX_ACT_D_USE: return use(a, e);
    case TPX_ACT_D_SAVE: return save(a, e);
    case TPX_ACT_D_UP: return move(e, -1, 0);
    case TPX_ACT_D_DOWN: return move(e, 1, 0);
    case TPX_ACT_D_PREV: return key == TPX_KEY_LEFT ? move(e, 0, -1) : TPX_HANDLED;
    case TPX_ACT_D_NEXT: return key == TPX_KEY_RIGHT ? move(e, 0, 1) : TPX_HANDLED;
    case TPX_ACT_D_ERASE: erase(e); break;
    case TPX_ACT_D_BLANK: next_blank(e); break;
    case TPX_ACT_D_OK: insert(e, '\n'); break;
    default:
        if (key < 0x20 || key > 0x7e) /* the language is ASCII: nothing else goes in */
            return TPX_HANDLED;
        insert(e, (char)key);
        break;
    }
    kedit_recheck(a, e);
    e->quiet = 0;
    return TPX_HANDLED;
}

const tpx_dialog kedit_dialog = {
    .title = "your kernel",
    .st_size = sizeof(kedit_state),
    .open = kedit_open,
    .draw = kedit_draw,
    .on_key = kedit_key,
    .on_tick = kedit_tick,
};
