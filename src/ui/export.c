#include "export.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "file_write.h"

/* Cell size in SVG user units: a 14 px monospace font is about 8.4 px wide. */
#define CELL_W 8.4
#define CELL_H 17.0
#define FONT_PX 14
#define MARGIN 8.0

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

/* How a cell looks: its role in the scheme in use, its own attributes on top. */
static tpx_svg_look look_of(const tpx_cell *c, int light)
{
    tpx_svg_look lk = theme_svg((tpx_role)c->role, light);
    if (c->attrs & TPX_A_REVERSE && !(lk.attrs & TPX_A_REVERSE)) {
        const char *t = lk.bg ? lk.bg : theme_svg_page(light);
        lk.bg = lk.fg;
        lk.fg = t;
    }
    lk.attrs |= c->attrs;
    return lk;
}

static int same_look(tpx_svg_look a, tpx_svg_look b)
{
    return strcmp(a.fg, b.fg) == 0 && a.attrs == b.attrs &&
           (a.bg == b.bg || (a.bg && b.bg && strcmp(a.bg, b.bg) == 0));
}

static void text_run(FILE *f, const tpx_canvas *cv, double top, int y, int x0, int x1,
                     tpx_svg_look lk)
{
    const tpx_cell *row = cv->cells + (size_t)y * cv->w;
    int blank = 1;
    for (int x = x0; x < x1; x++)
        blank &= row[x].cp == ' ';
    if (blank)
        return;
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" textLength=\"%.1f\" fill=\"%s\"%s%s%s>",
            MARGIN + x0 * CELL_W, top + (y + 1) * CELL_H - 4, (x1 - x0) * CELL_W, lk.fg,
            lk.attrs & TPX_A_BOLD ? " font-weight=\"bold\"" : "",
            lk.attrs & TPX_A_DIM ? " opacity=\"0.6\"" : "",
            lk.attrs & TPX_A_UNDERLINE ? " text-decoration=\"underline\"" : "");
    for (int x = x0; x < x1; x++)
        put_cp(f, row[x].cp);
    fputs("</text>\n", f);
}

/* One screen row: runs of cells that look alike, a rect under each run with
 * a background, then its text (textLength keeps each run on the grid). */
static void svg_row(FILE *f, const tpx_canvas *cv, double top, int y, int light)
{
    const tpx_cell *row = cv->cells + (size_t)y * cv->w;
    for (int x0 = 0; x0 < cv->w;) {
        tpx_svg_look lk = look_of(&row[x0], light);
        int x1 = x0 + 1;
        while (x1 < cv->w && same_look(look_of(&row[x1], light), lk))
            x1++;
        if (lk.bg)
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>\n",
                    MARGIN + x0 * CELL_W, top + y * CELL_H, (x1 - x0) * CELL_W, CELL_H, lk.bg);
        text_run(f, cv, top, y, x0, x1, lk);
        x0 = x1;
    }
}

void export_roles_used(const tpx_canvas *cv, int light, int used[TPX_R_COUNT])
{
    memset(used, 0, sizeof(int) * TPX_R_COUNT);
    for (long i = 0; i < (long)cv->w * cv->h; i++) {
        const tpx_cell *c = &cv->cells[i];
        if (c->role < TPX_R_COUNT)
            used[c->role] |= c->cp != ' ' || look_of(c, light).bg != NULL;
    }
}

/* fprintf, or nothing when f is NULL (the legend's counting pass). */
static void emit(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(FILE *f, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (f)
        vfprintf(f, fmt, ap);
    va_end(ap);
}

/* A swatch: the role's colour, or in the mono scheme a sample of its
 * attributes (there is no colour to show).  Returns its width. */
static double swatch(FILE *f, tpx_role r, double x, double top, int light)
{
    tpx_svg_look lk = theme_svg(r, light);
    if (theme_get() != TPX_SCHEME_MONO) {
        emit(f, "<rect class=\"swatch\" x=\"%.1f\" y=\"%.1f\" width=\"12\" height=\"12\" "
                "fill=\"%s\"/>", x, top + 2, lk.bg ? lk.bg : lk.fg);
        return 15;
    }
    if (lk.bg)
        emit(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"16\" height=\"14\" fill=\"%s\"/>", x, top + 1,
             lk.bg);
    emit(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\"%s%s%s>Ab</text>", x + 1, top + 12, lk.fg,
         lk.attrs & TPX_A_BOLD ? " font-weight=\"bold\"" : "",
         lk.attrs & TPX_A_DIM ? " opacity=\"0.6\"" : "",
         lk.attrs & TPX_A_UNDERLINE ? " text-decoration=\"underline\"" : "");
    return 19;
}

/* Roles in a row with the same words make one entry (a scale, a palette). */
static int same_entry(int r, int k)
{
    const char *a = theme_meaning((tpx_role)r), *b = theme_meaning((tpx_role)k);
    return a && b && strcmp(a, b) == 0;
}

/* The legend (f NULL: only counted): for each meaning on the screen, a
 * swatch per colour of it in use and its words; entries flow onto more
 * rows within width.  Returns the rows used. */
static int svg_legend(FILE *f, const tpx_canvas *cv, double top, double width, int light)
{
    int used[TPX_R_COUNT], rows = 1;
    export_roles_used(cv, light, used);
    const char *ink = theme_svg(TPX_R_NORMAL, light).fg;
    emit(f, "<g class=\"legend\" font-family=\"DejaVu Sans Mono, monospace\" font-size=\"12\">"
            "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">legend:</text>\n", MARGIN, top + 12, ink);
    double x = MARGIN + 60;
    for (int r = 0; r < TPX_R_COUNT; r++) {
        const char *what = theme_meaning((tpx_role)r);
        if (!what || (r > 0 && same_entry(r - 1, r)))
            continue; /* chrome, or part of the entry its group's first role wrote */
        int k = 1, any = used[r];
        for (; r + k < TPX_R_COUNT && same_entry(r, r + k); k++)
            any |= used[r + k];
        if (!any)
            continue;
        double need = 19.0 * k + 7.2 * (double)strlen(what) + 18;
        if (x > MARGIN + 60 && x + need > width - MARGIN) {
            x = MARGIN + 60;
            top += 18;
            rows++;
        }
        emit(f, "<g class=\"entry\">");
        for (int i = 0; i < k; i++)
            if (used[r + i])
                x += swatch(f, (tpx_role)(r + i), x, top, light);
        emit(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">", x + 2, top + 12, ink);
        if (f)
            put_escaped(f, what);
        emit(f, "</text></g>\n");
        x += 2 + 7.2 * (double)strlen(what) + 16;
    }
    emit(f, "</g>\n");
    return rows;
}

static int write_svg(FILE *f, const tpx_canvas *cv, const char *title, int slide)
{
    double w = 2 * MARGIN + cv->w * CELL_W, head = slide ? 40 : 0;
    /* a heading wider than the screen widens the page (22 px bold: about 13.5 px a letter) */
    double title_w = 2 * MARGIN + 13.5 * canvas_width(title ? title : "tpx");
    if (slide && title_w > w)
        w = title_w;
    double grid = MARGIN + head, foot = 18.0 * svg_legend(NULL, cv, 0, w, slide) + 8;
    double h = grid + cv->h * CELL_H + foot + MARGIN;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "viewBox=\"0 0 %.1f %.1f\">\n<title>",
            w, h, w, h);
    put_escaped(f, title ? title : "tpx");
    fprintf(f, "</title>\n<rect width=\"100%%\" height=\"100%%\" fill=\"%s\"/>\n",
            theme_svg_page(slide));
    if (slide) { /* the title, as a slide's heading */
        fprintf(f, "<text class=\"heading\" x=\"%.1f\" y=\"%.1f\" fill=\"%s\" font-size=\"22\" "
                   "font-weight=\"bold\" font-family=\"DejaVu Sans, Helvetica, Arial, "
                   "sans-serif\">", MARGIN, MARGIN + 24, theme_svg(TPX_R_NORMAL, 1).fg);
        put_escaped(f, title ? title : "tpx");
        fputs("</text>\n", f);
    }
    fprintf(f, "<g font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" "
               "font-size=\"%d\" xml:space=\"preserve\">\n", FONT_PX);
    for (int y = 0; y < cv->h; y++)
        svg_row(f, cv, grid, y, slide);
    fputs("</g>\n", f);
    svg_legend(f, cv, grid + cv->h * CELL_H + 4, w, slide);
    fputs("</svg>\n", f);
    return ferror(f) ? -1 : 0;
}

int export_doc_write(FILE *f, const tpx_export_doc *d)
{
    if (d->fmt == TPX_EXPORT_SVG)
        return write_svg(f, d->cv, d->title, d->slide);
    if (d->slide && d->title && fprintf(f, "%s\n\n", d->title) < 0)
        return -1;
    return write_text(f, d->cv);
}

int export_write(FILE *f, const tpx_canvas *cv, tpx_export_format fmt, const char *title)
{
    tpx_export_doc d = {cv, fmt, title, 0};
    return export_doc_write(f, &d);
}

static int write_doc(FILE *f, const void *ctx) { return export_doc_write(f, ctx); }

int export_doc_file(const char *path, const tpx_export_doc *d, int fresh, char *msg, size_t n)
{
    return fresh ? file_write_new(path, write_doc, d, msg, n)
                 : file_write_atomic(path, write_doc, d, msg, n);
}

int export_file(const char *path, const tpx_canvas *cv, tpx_export_format fmt, const char *title,
                char *msg, size_t n)
{
    tpx_export_doc d = {cv, fmt, title, 0};
    return export_doc_file(path, &d, 0, msg, n);
}
