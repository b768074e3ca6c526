#include "canvas.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

int canvas_init(tpx_canvas *cv, int w, int h)
{
    cv->w = w > 0 ? w : 0;
    cv->h = h > 0 ? h : 0;
    cv->cells = NULL;
    if (cv->w && cv->h) {
        cv->cells = malloc(sizeof(tpx_cell) * (size_t)cv->w * (size_t)cv->h);
        if (!cv->cells) {
            cv->w = cv->h = 0;
            return -1;
        }
    }
    canvas_clear(cv);
    return 0;
}

void canvas_free(tpx_canvas *cv)
{
    free(cv->cells);
    cv->cells = NULL;
    cv->w = cv->h = 0;
}

void canvas_clear(tpx_canvas *cv)
{
    cv->need_w = 0;
    for (int i = 0; i < cv->w * cv->h; i++)
        cv->cells[i] = (tpx_cell){' ', TPX_R_NORMAL, 0};
}

void canvas_put(tpx_canvas *cv, int x, int y, uint32_t cp, tpx_role role)
{
    if (x < 0 || y < 0 || x >= cv->w || y >= cv->h)
        return;
    if (text_cp_unsafe(cp)) /* a control or bidi override from a name: never to the terminal */
        cp = '?';
    tpx_cell *c = &cv->cells[y * cv->w + x];
    c->cp = glyph_map(cp);
    c->role = (uint8_t)role;
    c->attrs = 0;
}

void canvas_glyph(tpx_canvas *cv, int x, int y, tpx_glyph g, tpx_role role)
{
    canvas_put(cv, x, y, glyph(g), role);
}

void canvas_fill(tpx_canvas *cv, tpx_rect r, uint32_t cp, tpx_role role)
{
    for (int y = r.y; y < r.y + r.h; y++)
        for (int x = r.x; x < r.x + r.w; x++)
            canvas_put(cv, x, y, cp, role);
}

/* Next codepoint of a UTF-8 string; malformed bytes read as '?'. */
static uint32_t next_cp(const unsigned char **p)
{
    const unsigned char *s = *p;
    uint32_t cp;
    int more;
    if (s[0] < 0x80) {
        *p = s + 1;
        return s[0];
    } else if ((s[0] & 0xE0) == 0xC0) {
        cp = s[0] & 0x1F, more = 1;
    } else if ((s[0] & 0xF0) == 0xE0) {
        cp = s[0] & 0x0F, more = 2;
    } else if ((s[0] & 0xF8) == 0xF0) {
        cp = s[0] & 0x07, more = 3;
    } else {
        *p = s + 1;
        return '?';
    }
    for (int i = 1; i <= more; i++) {
        if ((s[i] & 0xC0) != 0x80) {
            *p = s + i;
            return '?';
        }
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    *p = s + more + 1;
    return cp;
}

int canvas_text(tpx_canvas *cv, int x, int y, int maxw, tpx_role role, const char *s)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    int n = 0;
    while (*p && n < maxw)
        canvas_put(cv, x + n++, y, next_cp(&p), role);
    if (*p) { /* cut: where it would have ended */
        int end = x + n + canvas_width((const char *)p);
        if (end > cv->need_w)
            cv->need_w = end;
    }
    return n;
}

int canvas_printf(tpx_canvas *cv, int x, int y, int maxw, tpx_role role, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return canvas_text(cv, x, y, maxw, role, buf);
}

int canvas_fit(tpx_canvas *cv, int x, int y, int maxw, tpx_role role, const char *s)
{
    if (maxw <= 0)
        return 0;
    if (canvas_width(s) <= maxw)
        return canvas_text(cv, x, y, maxw, role, s);
    /* the last cut at most maxw - 1 columns in, leaving a cell for the ellipsis */
    const unsigned char *p = (const unsigned char *)s;
    int cut = 0;
    uint32_t prev = 0;
    for (int i = 0; *p && i < maxw; i++) {
        uint32_t cp = next_cp(&p);
        if (i > 0 && (cp == ' ' || prev == ',' || prev == ';' || prev == '/'))
            cut = i; /* before this codepoint */
        if (cp == ' ' && i + 1 <= maxw - 1)
            cut = i + 1; /* keep the blank: "grid ..." */
        prev = cp;
    }
    int n = canvas_text(cv, x, y, cut, role, s);
    canvas_glyph(cv, x + n, y, TPX_G_ELLIPSIS, role);
    return n + 1;
}

int canvas_fitf(tpx_canvas *cv, int x, int y, int maxw, tpx_role role, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return canvas_fit(cv, x, y, maxw, role, buf);
}

int canvas_width(const char *s)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    int n = 0;
    while (*p) {
        next_cp(&p);
        n++;
    }
    return n;
}

int canvas_wrap(tpx_canvas *cv, tpx_rect r, tpx_role role, const char *s)
{
    int row = 0, col = 0;
    const char *p = s ? s : "";
    while (*p && row < r.h) {
        if (*p == '\n') {
            row++, col = 0, p++;
            continue;
        }
        if (*p == ' ') {
            p++;
            if (col > 0)
                col++;
            continue;
        }
        size_t len = strcspn(p, " \n");
        char word[256];
        snprintf(word, sizeof word, "%.*s", (int)(len < 255 ? len : 255), p);
        int wlen = canvas_width(word);
        if (col > 0 && col + wlen > r.w) {
            if (row + 1 >= r.h) { /* no row left: say the text goes on */
                /* col is past the blank before the word that did not fit */
                canvas_glyph(cv, r.x + (col < r.w ? col : r.w - 1), r.y + row, TPX_G_ELLIPSIS,
                             role);
                return r.h;
            }
            row++, col = 0;
        }
        col += canvas_text(cv, r.x + col, r.y + row, r.w - col, role, word);
        p += len;
    }
    return row + (col > 0 ? 1 : 0);
}

void canvas_box(tpx_canvas *cv, tpx_rect r, tpx_role role, const char *title)
{
    if (r.w < 2 || r.h < 2)
        return;
    for (int x = r.x + 1; x < r.x + r.w - 1; x++) {
        canvas_glyph(cv, x, r.y, TPX_G_HLINE, role);
        canvas_glyph(cv, x, r.y + r.h - 1, TPX_G_HLINE, role);
    }
    for (int y = r.y + 1; y < r.y + r.h - 1; y++) {
        canvas_glyph(cv, r.x, y, TPX_G_VLINE, role);
        canvas_glyph(cv, r.x + r.w - 1, y, TPX_G_VLINE, role);
    }
    canvas_glyph(cv, r.x, r.y, TPX_G_TL, role);
    canvas_glyph(cv, r.x + r.w - 1, r.y, TPX_G_TR, role);
    canvas_glyph(cv, r.x, r.y + r.h - 1, TPX_G_BL, role);
    canvas_glyph(cv, r.x + r.w - 1, r.y + r.h - 1, TPX_G_BR, role);
    if (title && *title)
        canvas_printf(cv, r.x + 2, r.y, r.w - 4, TPX_R_TITLE, " %s ", title);
}

char *canvas_dump(const tpx_canvas *cv)
{
    char *out = malloc((size_t)cv->w * (size_t)cv->h * 4 + (size_t)cv->h + 1);
    if (!out)
        return NULL;
    size_t n = 0;
    for (int y = 0; y < cv->h; y++) {
        size_t keep = n;
        for (int x = 0; x < cv->w; x++) {
            uint32_t cp = cv->cells[y * cv->w + x].cp;
            n += (size_t)glyph_encode(cp, out + n);
            if (cp != ' ')
                keep = n;
        }
        n = keep;
        out[n++] = '\n';
    }
    out[n] = 0;
    return out;
}

int canvas_find(const tpx_canvas *cv, tpx_rect r, const char *s)
{
    uint32_t want[128];
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p && n < 128;)
        want[n++] = glyph_map(next_cp(&p));
    for (int y = r.y < 0 ? 0 : r.y; n && y < r.y + r.h && y < cv->h; y++)
        for (int x = r.x < 0 ? 0 : r.x; x + n <= r.x + r.w && x + n <= cv->w; x++) {
            int k = 0;
            while (k < n && cv->cells[y * cv->w + x + k].cp == want[k])
                k++;
            if (k == n)
                return y;
        }
    return -1;
}
