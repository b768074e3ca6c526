/* The check's verdict on the Map (issue 21): for a user kernel whose check
 * found elements of B never written, written twice or wrong, each cell of
 * B's panel holding one is marked with its own glyph in the 'bad' role (the
 * worst of the cell's elements when a cell stands for many), and a line
 * above the legend counts each kind over the whole matrix, with the first
 * one's place.  A's panel marks the same way the element that belongs at
 * each marked place of B (A's (y, x) for B's (x, y)): the A elements whose
 * value did not reach B, or reached it twice.  The marks come from the
 * state (app_marks: the scene's check of the config, or the kernel
 * editor's draft's while it is open, both the model worker's); this file
 * only paints them. */
#include <stdio.h>

#include "map_parts.h"

/* Worst first: the glyph a cell of several kinds shows. */
static const struct {
    unsigned bit;
    ucheck_kind kind;
    tpx_glyph glyph; /* TPX_G_COUNT: the ASCII mark */
    char ascii;
    const char *words;
} marks[] = {
    {UC_MARK_WRONG, UC_WRONG, TPX_G_WRONG, 0, "wrong"},
    {UC_MARK_TWICE, UC_TWICE, TPX_G_COUNT, '!', "twice"},
    {UC_MARK_UNWRITTEN, UC_UNWRITTEN, TPX_G_COUNT, '?', "unwritten"},
};
#define NMARKS (sizeof marks / sizeof marks[0])

/* The map to draw: a user kernel's, walked, with something wrong in B. */
static const ucheck_map *shown(const tpx_app *a)
{
    const ucheck_map *m = app_marks(a);
    if (!m || !m->nlev || !m->rep.checked)
        return NULL;
    for (size_t i = 0; i < NMARKS; i++)
        if (m->rep.count[marks[i].kind])
            return m;
    return NULL;
}

int map_check_rows(const tpx_app *a) { return shown(a) ? 1 : 0; }

static void put_mark(tpx_canvas *cv, int x, int y, int cellw, size_t i)
{
    int gx = x + (cellw == 3 ? 1 : 0);
    for (int k = 0; k < cellw; k++)
        canvas_put(cv, x + k, y, ' ', TPX_R_BAD);
    if (marks[i].glyph != TPX_G_COUNT)
        canvas_glyph(cv, gx, y, marks[i].glyph, TPX_R_BAD);
    else
        canvas_put(cv, gx, y, (uint32_t)marks[i].ascii, TPX_R_BAD);
}

void map_check_marks(const tpx_app *a, tpx_canvas *cv, const map_geo *g, int side)
{
    const ucheck_map *m = shown(a);
    if (!m)
        return;
    for (int i = 0; i < g->vr; i++) {
        long long r = g->r0 + i * g->s;
        for (int j = 0; j < g->vc; j++) {
            long long c = g->c0 + j * g->s;
            unsigned bits = side == TPX_SIDE_B ? ucheck_map_at(m, r, c, g->s)
                                               : ucheck_map_at_a(m, r, c, g->s);
            for (size_t k = 0; bits && k < NMARKS; k++)
                if (bits & marks[k].bit) {
                    put_mark(cv, g->panel.x + g->lw + j * g->cellw, g->panel.y + g->top + i,
                             g->cellw, k);
                    break;
                }
        }
    }
}

/* The mark's glyph as text, for the line. */
static const char *mark_str(size_t i)
{
    static char ascii[NMARKS][2];
    if (marks[i].glyph != TPX_G_COUNT)
        return glyph_str(marks[i].glyph);
    ascii[i][0] = marks[i].ascii;
    return ascii[i];
}

void map_check_line(const tpx_app *a, tpx_canvas *cv, tpx_rect r)
{
    const ucheck_map *m = shown(a);
    if (!m)
        return;
    char line[512];
    int at[NMARKS], any = 0;
    int len = snprintf(line, sizeof line, "%sB checked, all %lld:",
                       a->drafting ? "the editor's text: " : "", m->rows * m->cols);
    for (size_t i = 0; i < NMARKS; i++) {
        long long n = m->rep.count[marks[i].kind];
        const ucheck_at *f = &m->rep.first[marks[i].kind];
        at[i] = -1;
        if (!n || len >= (int)sizeof line - 1)
            continue;
        len += snprintf(line + len, sizeof line - (size_t)len, any++ ? "  " : " ");
        at[i] = canvas_width(line);
        len += snprintf(line + len, sizeof line - (size_t)len, "%s %lld %s, 1st [%lld][%lld]",
                        mark_str(i), n, marks[i].words, f->row, f->col);
    }
    if (len < (int)sizeof line - 1) /* what the same marks say on A */
        snprintf(line + len, sizeof line - (size_t)len, "  A: elements whose value did not "
                 "reach B");
    /* the text in one piece (cut between fields where it must), then each
     * mark that fits in the colour of the marks */
    int y = r.y + r.h - 2, used = canvas_fitf(cv, r.x, y, r.w, TPX_R_NORMAL, "%s", line);
    for (size_t i = 0; i < NMARKS; i++)
        if (at[i] >= 0 && at[i] < used - 1)
            put_mark(cv, r.x + at[i], y, 1, i);
}
