#include "export.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "file_write.h"

/* Cell size in SVG user units: a 14 px monospace font is about 8.4 px wide. */
#define CELL_W 8.4
#define CELL_H 17.0
#define FONT_PX 14
#define MARGIN 8.0

/* The eight ANSI colours as a dark terminal shows them, and its default
 * foreground and background. */
static const char *const ansi_hex[8] = {"#1d1f21", "#cc6666", "#b5bd68", "#f0c674",
                                        "#81a2be", "#b294bb", "#8abeb7", "#c5c8c6"};
#define DEFAULT_FG "#d8d8d8"
#define DEFAULT_BG "#101214"

/* What the legend says for the roles that carry a meaning in the views. */
static const char *role_meaning(tpx_role r)
{
    switch (r) {
    case TPX_R_LOAD: return "load";
    case TPX_R_STORE: return "store";
    case TPX_R_GOOD: return "good";
    case TPX_R_BAD: return "bad: wasted or conflicting";
    case TPX_R_WARN: return "warning";
    case TPX_R_USED: return "bytes a lane asked for";
    case TPX_R_WASTE: return "bytes moved but not used";
    case TPX_R_PAD: return "padding";
    case TPX_R_WAVE: return "blocks resident now";
    case TPX_R_SELECT: return "selected";
    case TPX_R_HEAT0: return "lowest";
    case TPX_R_HEAT2: return "middle";
    case TPX_R_HEAT4: return "highest";
    default: return NULL;
    }
}

int export_format_parse(const char *s)
{
    if (!s)
        return -1;
    if (strcmp(s, "svg") == 0)
        return TPX_EXPORT_SVG;
    if (strcmp(s, "txt") == 0 || strcmp(s, "text") == 0)
        return TPX_EXPORT_TEXT;
    return -1;
}

int export_format_of_path(const char *path)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    if (!dot || strchr(dot, '/'))
        return -1;
    return export_format_parse(dot + 1);
}

static int write_text(FILE *f, const tpx_canvas *cv)
{
    char *text = canvas_dump(cv);
    if (!text) {
        errno = ENOMEM;
        return -1;
    }
    size_t len = strlen(text);
    int rc = fputs(text, f) < 0 || ((len == 0 || text[len - 1] != '\n') && fputc('\n', f) == EOF)
                 ? -1
                 : 0;
    free(text);
    return rc;
}

/* A codepoint as XML character data: escaped, UTF-8, nothing XML forbids. */
static void put_cp(FILE *f, uint32_t cp)
{
    if (cp == '&')
        fputs("&amp;", f);
    else if (cp == '<')
        fputs("&lt;", f);
    else if (cp == '>')
        fputs("&gt;", f);
    else if (cp < 0x20 || (cp >= 0xD800 && cp < 0xE000) || cp == 0xFFFE || cp == 0xFFFF ||
             cp > 0x10FFFF)
        fputc('?', f);
    else if (cp < 0x80)
        fputc((int)cp, f);
    else if (cp < 0x800)
        fprintf(f, "%c%c", 0xC0 | (cp >> 6), 0x80 | (cp & 0x3F));
    else if (cp < 0x10000)
        fprintf(f, "%c%c%c", 0xE0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3F), 0x80 | (cp & 0x3F));
    else
        fprintf(f, "%c%c%c%c", 0xF0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3F),
                0x80 | ((cp >> 6) & 0x3F), 0x80 | (cp & 0x3F));
}

static void put_escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '&')
            fputs("&amp;", f);
        else if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else if (*s == '"')
            fputs("&quot;", f);
        else if ((unsigned char)*s < 0x20)
            fputc(' ', f);
        else
            fputc(*s, f);
    }
}

typedef struct look {
    const char *fg, *bg; /* bg NULL: the default */
    int attrs;
} look;

static look look_of(const tpx_cell *c)
{
    tpx_style st = theme_spec((tpx_role)c->role, 0);
    int attrs = st.attrs | c->attrs;
    const char *fg = st.fg >= 0 && st.fg < 8 ? ansi_hex[st.fg] : DEFAULT_FG;
    const char *bg = st.bg >= 0 && st.bg < 8 ? ansi_hex[st.bg] : NULL;
    if (attrs & TPX_A_REVERSE) {
        const char *t = bg ? bg : DEFAULT_BG;
        bg = fg;
        fg = t;
    }
    return (look){fg, bg, attrs};
}

static int same_look(look a, look b)
{
    return strcmp(a.fg, b.fg) == 0 && a.attrs == b.attrs &&
           (a.bg == b.bg || (a.bg && b.bg && strcmp(a.bg, b.bg) == 0));
}

static void text_run(FILE *f, const tpx_canvas *cv, int y, int x0, int x1, look lk)
{
    const tpx_cell *row = cv->cells + (size_t)y * cv->w;
    int blank = 1;
    for (int x = x0; x < x1; x++)
        blank &= row[x].cp == ' ';
    if (blank)
        return;
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" textLength=\"%.1f\" fill=\"%s\"%s%s%s>",
            MARGIN + x0 * CELL_W, MARGIN + (y + 1) * CELL_H - 4, (x1 - x0) * CELL_W, lk.fg,
            lk.attrs & TPX_A_BOLD ? " font-weight=\"bold\"" : "",
            lk.attrs & TPX_A_DIM ? " opacity=\"0.6\"" : "",
            lk.attrs & TPX_A_UNDERLINE ? " text-decoration=\"underline\"" : "");
    for (int x = x0; x < x1; x++)
        put_cp(f, row[x].cp);
    fputs("</text>\n", f);
}

/* One screen row: runs of cells that look alike, a rect under each run with
 * a background, then its text (textLength keeps each run on the grid). */
static void svg_row(FILE *f, const tpx_canvas *cv, int y)
{
    const tpx_cell *row = cv->cells + (size_t)y * cv->w;
    for (int x0 = 0; x0 < cv->w;) {
        look lk = look_of(&row[x0]);
        int x1 = x0 + 1;
        while (x1 < cv->w && same_look(look_of(&row[x1]), lk))
            x1++;
        if (lk.bg)
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
                    MARGIN + x0 * CELL_W, MARGIN + y * CELL_H, (x1 - x0) * CELL_W, CELL_H, lk.bg);
        text_run(f, cv, y, x0, x1, lk);
        x0 = x1;
    }
}

/* The legend: a swatch and a word for each meaningful role on the screen. */
static int svg_legend(FILE *f, const tpx_canvas *cv, double top)
{
    int used[TPX_R_COUNT] = {0}, n = 0;
    for (long i = 0; i < (long)cv->w * cv->h; i++)
        used[cv->cells[i].role] |= cv->cells[i].cp != ' ' || look_of(&cv->cells[i]).bg != NULL;
    fprintf(f, "<g font-family=\"DejaVu Sans Mono, monospace\" font-size=\"12\">"
               "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">legend:</text>\n",
            MARGIN, top + 12, DEFAULT_FG);
    double x = MARGIN + 60;
    for (int r = 0; r < TPX_R_COUNT; r++) {
        const char *what = role_meaning((tpx_role)r);
        if (!used[r] || !what)
            continue;
        tpx_cell c = {'#', (uint8_t)r, 0};
        look lk = look_of(&c);
        fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"10\" height=\"10\" fill=\"%s\"/>",
                x, top + 3, lk.bg ? lk.bg : lk.fg);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">", x + 14, top + 12, DEFAULT_FG);
        put_escaped(f, what);
        fputs("</text>\n", f);
        x += 14 + 7.2 * (double)strlen(what) + 16;
        n++;
    }
    fputs("</g>\n", f);
    return n;
}

static int write_svg(FILE *f, const tpx_canvas *cv, const char *title)
{
    double w = 2 * MARGIN + cv->w * CELL_W, h = 2 * MARGIN + cv->h * CELL_H + 24;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "viewBox=\"0 0 %.1f %.1f\">\n<title>",
            w, h, w, h);
    put_escaped(f, title ? title : "tpx");
    fprintf(f, "</title>\n<rect width=\"100%%\" height=\"100%%\" fill=\"%s\"/>\n", DEFAULT_BG);
    fprintf(f, "<g font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" "
               "font-size=\"%d\" xml:space=\"preserve\">\n", FONT_PX);
    for (int y = 0; y < cv->h; y++)
        svg_row(f, cv, y);
    fputs("</g>\n", f);
    svg_legend(f, cv, MARGIN + cv->h * CELL_H + 4);
    fputs("</svg>\n", f);
    return ferror(f) ? -1 : 0;
}

int export_write(FILE *f, const tpx_canvas *cv, tpx_export_format fmt, const char *title)
{
    return fmt == TPX_EXPORT_SVG ? write_svg(f, cv, title) : write_text(f, cv);
}

typedef struct export_doc {
    const tpx_canvas *cv;
    tpx_export_format fmt;
    const char *title;
} export_doc;

static int write_doc(FILE *f, const void *ctx)
{
    const export_doc *d = ctx;
    return export_write(f, d->cv, d->fmt, d->title);
}

int export_file(const char *path, const tpx_canvas *cv, tpx_export_format fmt, const char *title,
                char *msg, size_t n)
{
    export_doc d = {cv, fmt, title};
    return file_write_atomic(path, write_doc, &d, msg, n);
}
