/* help: the overlay on ? and F1, written from the key table (keys.h) that
 * the main loop uses, the views' table (their keys and what they show) and
 * the introduction from assets/help.txt. */
#include <stdio.h>
#include <string.h>

#include "assets.h"
#include "chrome.h"

#define LINES 160

/* The help's own state: how far it is scrolled. */
typedef struct help_state {
    int top;
} help_state;

typedef struct help_line {
    char text[160];
    tpx_role role;
} help_line;

/* Word-wraps s at width w into out; returns the lines added. */
static int wrap(const char *s, int w, help_line *out, int room)
{
    int n = 0;
    char line[160] = "";
    while (s && *s && n < room) {
        size_t len = strcspn(s, " \n");
        if (len > 0 && strlen(line) + len + 1 > (size_t)w && line[0]) {
            snprintf(out[n].text, sizeof out[n].text, "%s", line);
            out[n++].role = TPX_R_NORMAL;
            line[0] = '\0';
        }
        if (len > 0 && len < sizeof line - strlen(line) - 2) {
            if (line[0])
                strcat(line, " ");
            strncat(line, s, len);
        }
        s += len;
        if (*s)
            s++;
    }
    if (line[0] && n < room) {
        snprintf(out[n].text, sizeof out[n].text, "%s", line);
        out[n++].role = TPX_R_NORMAL;
    }
    return n;
}

/* The views' rows of the Views group: "1  Map: which thread ...". */
static int view_rows(const tpx_app *a, help_line *out, int room)
{
    int n = 0;
    for (int i = 0; i < a->nviews && n < room; i++) {
        const tpx_view *v = app_view(a, i);
        char key[16];
        keys_name(v->key, key, sizeof key);
        snprintf(out[n].text, sizeof out[n].text, "  %-16s %s: %s", key, v->title, v->help);
        out[n++].role = TPX_R_NORMAL;
    }
    return n;
}

static int build(const tpx_app *a, int w, help_line *out)
{
    int n = wrap(assets_get("help.txt", NULL), w, out, LINES);
    int rows;
    const tpx_keydef *t = keys_table(&rows);
    for (int g = 0; g < TPX_KG_COUNT && n < LINES - 1; g++) {
        out[n].text[0] = '\0';
        out[n++].role = TPX_R_NORMAL;
        snprintf(out[n].text, sizeof out[n].text, "%s", keys_group_title((tpx_key_group)g));
        out[n++].role = TPX_R_TITLE;
        if (g == TPX_KG_VIEWS) /* the keys that open the views come from their table */
            n += view_rows(a, out + n, LINES - n);
        for (int i = 0; i < rows && n < LINES; i++) {
            if (t[i].group != (tpx_key_group)g)
                continue;
            snprintf(out[n].text, sizeof out[n].text, "  %-16s %s", t[i].label, t[i].help);
            out[n++].role = TPX_R_NORMAL;
        }
    }
    return n;
}

static tpx_rect box_of(tpx_rect screen) { return rect_centre(screen, 100, screen.h - 2); }

static void help_draw(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect screen)
{
    const help_state *h = st;
    help_line lines[LINES];
    tpx_rect b = box_of(screen);
    canvas_fill(cv, b, ' ', TPX_R_NORMAL);
    canvas_box(cv, b, TPX_R_NORMAL, "help: ? or Esc closes, Up/Down scroll");
    int n = build(a, b.w - 4, lines);
    int room = b.h - 2;
    int top = h->top < n - room ? h->top : n - room;
    top = top > 0 ? top : 0;
    for (int i = 0; i < room && top + i < n; i++)
        canvas_text(cv, b.x + 2, b.y + 1 + i, b.w - 4, lines[top + i].role, lines[top + i].text);
    if (top + room < n)
        canvas_printf(cv, b.x + b.w - 14, b.y + b.h - 1, 12, TPX_R_DIM, " %s more ",
                      glyph_str(TPX_G_DARROW));
}

static int help_key(tpx_app *a, void *st, int key)
{
    help_state *h = st;
    tpx_action act = keys_lookup(key, TPX_KG_BIT(DIALOG) | TPX_KG_BIT(GENERAL));
    switch (act) {
    case TPX_ACT_D_UP: h->top = h->top > 0 ? h->top - 1 : 0; break;
    case TPX_ACT_D_DOWN: h->top++; break;
    case TPX_ACT_HELP:
    case TPX_ACT_CANCEL:
    case TPX_ACT_D_CANCEL:
    case TPX_ACT_D_OK:
    case TPX_ACT_QUIT: app_close_dialog(a); break;
    default:
        if (key == TPX_KEY_PGDN)
            h->top += 10;
        else if (key == TPX_KEY_PGUP)
            h->top = h->top > 10 ? h->top - 10 : 0;
        break;
    }
    help_line lines[LINES];
    tpx_rect b = box_of(rect_make(0, 0, a->screen_w, a->screen_h));
    int most = build(a, b.w - 4, lines) - (b.h - 2);
    if (h->top > most)
        h->top = most > 0 ? most : 0;
    return TPX_HANDLED;
}

const tpx_dialog help_dialog = {
    .title = "help",
    .st_size = sizeof(help_state),
    .draw = help_draw,
    .on_key = help_key,
};
