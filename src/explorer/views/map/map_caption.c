/* The Map's caption: what the selected warp reads and writes, in words. */
#include <stdio.h>

#include "catalog.h"
#include "map_parts.h"

/* "an" before numbers read with a vowel sound: 8, 11, 18, 80-89, 800-899, ... */
static const char *article(long long v)
{
    char d[24];
    snprintf(d, sizeof d, "%lld", v);
    return d[0] == '8' || v == 11 || v == 18 ? "an" : "a";
}

/* "32 elements along a row", "a 4-row by 8-column patch", or, where the
 * elements do not fill their box, how they are spread over it. */
static void shape(const tpx_app *a, int side, char *buf, size_t n)
{
    const tpx_scene *sc = &a->scene;
    const long long *box = sc->box[side];
    if (!sc->touches[side]) {
        snprintf(buf, n, "nothing");
        return;
    }
    long long rows = box[2] - box[0] + 1, cols = box[3] - box[1] + 1;
    long long nr = sc->nrows[side], nc = sc->ncols[side], ne = sc->nelem[side];
    if (rows == 1)
        snprintf(buf, n, "%lld elements along a row", cols);
    else if (cols == 1)
        snprintf(buf, n, "%lld elements down a column", rows);
    else if (nr == rows && nc == cols && ne == rows * cols)
        snprintf(buf, n, "%s %lld-row by %lld-column patch", article(rows), rows, cols);
    else if (nc == cols && ne == nr * nc)
        snprintf(buf, n, "%lld rows of %lld elements, spread over rows %lld-%lld", nr, nc, box[0],
                 box[2]);
    else if (nr == rows && ne == nr * nc)
        snprintf(buf, n, "%lld columns of %lld elements, spread over columns %lld-%lld", nc, nr,
                 box[1], box[3]);
    else
        snprintf(buf, n, "%lld elements in rows %lld-%lld, columns %lld-%lld", ne, box[0], box[2],
                 box[1], box[3]);
}

void map_caption(const tpx_app *a, const void *st, char *buf, size_t n)
{
    (void)st;
    const tpx_scene *sc = &a->scene;
    if (!sc->modelled) {
        snprintf(buf, n, "%s", catalog_get(a->cfg.kernel)->idea);
        return;
    }
    char rd[160], wr[160];
    shape(a, TPX_SIDE_A, rd, sizeof rd);
    shape(a, TPX_SIDE_B, wr, sizeof wr);
    snprintf(buf, n, "warp %d of block (%d,%d) reads %s of A and writes %s of B%s",
             sc->sel.warp, sc->sel.bx, sc->sel.by, rd, wr, sc->reps > 1 ? ", over its repetitions" : "");
}
