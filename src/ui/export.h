/* export: a drawn screen written out for slides and notes, as the plain text
 * of the screen or as SVG (a monospace grid of the same cells, in the
 * theme's colours, with a legend of the colours the picture uses).  A pure
 * function of the canvas: `tpx export` and the explorer's E key share it. */
#ifndef TPX_EXPORT_H
#define TPX_EXPORT_H

#include <stdio.h>

#include "canvas.h"

typedef enum tpx_export_format { TPX_EXPORT_TEXT, TPX_EXPORT_SVG } tpx_export_format;

/* The format a file name asks for (".svg", ".txt"); -1 when it says none. */
int export_format_of_path(const char *path);
/* "svg", "txt" or "text"; -1 otherwise. */
int export_format_parse(const char *s);

/* What to write: a canvas as the terminal shows it (slide 0: its dark
 * background), or as a slide (a light page, the title as its heading; in
 * text, the title above the screen). */
typedef struct tpx_export_doc {
    const tpx_canvas *cv;
    tpx_export_format fmt;
    const char *title;
    int slide;
} tpx_export_doc;

int export_doc_write(FILE *f, const tpx_export_doc *d);
/* To a file, whole or not at all; fresh: never over an existing one (-1,
 * errno EEXIST).  0, or -1 with why in msg. */
int export_doc_file(const char *path, const tpx_export_doc *d, int fresh, char *msg, size_t n);

/* Which roles the picture shows (used[role] = 1): a glyph in it, or a
 * background; the legend lists the meanings of these and no others. */
void export_roles_used(const tpx_canvas *cv, int light, int used[TPX_R_COUNT]);

/* Writes the canvas; title names the picture (SVG <title>).  0, or -1 when
 * writing failed (errno set). */
int export_write(FILE *f, const tpx_canvas *cv, tpx_export_format fmt, const char *title);
/* The same to a file; 0, or -1 with why in msg. */
int export_file(const char *path, const tpx_canvas *cv, tpx_export_format fmt, const char *title,
                char *msg, size_t n);

#endif
