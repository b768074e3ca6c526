/* canvas: an in-memory screen of cells (codepoint, role, attributes).  Views
 * draw into it; one backend (src/explorer/shell/term_curses.c) copies it to the terminal,
 * and tests dump it as text.  Every drawing call clips to the canvas and to
 * the width it is given, so no view can write outside its rectangle. */
#ifndef TPX_CANVAS_H
#define TPX_CANVAS_H

#include <stdint.h>

#include "glyphs.h"
#include "rect.h"
#include "theme.h"

typedef struct tpx_cell {
    uint32_t cp;   /* what to draw (already mapped to ASCII where needed) */
    uint8_t role;  /* tpx_role */
    uint8_t attrs; /* TPX_A_* added on top of the role's */
} tpx_cell;

typedef struct tpx_canvas {
    int w, h;
    tpx_cell *cells;
    /* The column a cut text would have ended at (x + its whole width), the
     * widest of them since the last clear; 0 when none was cut.  A slide
     * widens itself until nothing runs off its right edge. */
    int need_w;
} tpx_canvas;

/* 0, or -1 when out of memory.  Sizes below 1 give an empty canvas. */
int canvas_init(tpx_canvas *cv, int w, int h);
void canvas_free(tpx_canvas *cv);
void canvas_clear(tpx_canvas *cv);

/* One cell; ignored outside the canvas. */
void canvas_put(tpx_canvas *cv, int x, int y, uint32_t cp, tpx_role role);
void canvas_glyph(tpx_canvas *cv, int x, int y, tpx_glyph g, tpx_role role);
void canvas_fill(tpx_canvas *cv, tpx_rect r, uint32_t cp, tpx_role role);

/* UTF-8 text at (x, y), at most maxw columns; returns the columns used.
 * Control characters become '?'. */
int canvas_text(tpx_canvas *cv, int x, int y, int maxw, tpx_role role, const char *s);
int canvas_printf(tpx_canvas *cv, int x, int y, int maxw, tpx_role role, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* Text that fits, or says it does not: s whole when it fits in maxw
 * columns, else the longest part that ends between two fields (before a
 * blank, or after ',', ';' or '/') and an ellipsis, so that a value is never
 * cut into another ("grid 128x5" for 128x512): "grid ...".  Returns the
 * columns used. */
int canvas_fit(tpx_canvas *cv, int x, int y, int maxw, tpx_role role, const char *s);
int canvas_fitf(tpx_canvas *cv, int x, int y, int maxw, tpx_role role, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* Text word-wrapped into r; returns the rows used.  Text that does not fit
 * ends in an ellipsis. */
int canvas_wrap(tpx_canvas *cv, tpx_rect r, tpx_role role, const char *s);
/* Columns a UTF-8 string takes (one per codepoint). */
int canvas_width(const char *s);

/* A frame around r with an optional title in its top edge. */
void canvas_box(tpx_canvas *cv, tpx_rect r, tpx_role role, const char *title);

/* The first row of r that shows the UTF-8 text s (as drawn: glyphs mapped
 * for the locale), or -1 when r does not show it whole. */
int canvas_find(const tpx_canvas *cv, tpx_rect r, const char *s);

/* The text of the canvas, rows joined by '\n', trailing blanks trimmed;
 * malloc'd, NULL when out of memory. */
char *canvas_dump(const tpx_canvas *cv);

#endif
