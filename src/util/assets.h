/* assets: the files of assets/ (help text, device profiles), embedded into
 * the binary at build time by cmake/embed.cmake. */
#ifndef TPX_ASSETS_H
#define TPX_ASSETS_H

#include <stddef.h>

/* The file's text (NUL-terminated) by its path under assets/, e.g.
 * "devices/h100_sxm.txt"; NULL if there is none.  *len gets its size. */
const char *assets_get(const char *name, size_t *len);

/* The lines of a record among the assets (kernel_regs.txt, kernel_insts.txt),
 * each to fn with ctx as a NUL-terminated string without its newline; empty
 * lines, '#' comments and lines of TPX_ASSET_LINE_MAX bytes or more are
 * skipped.  Nothing is called where there is no such asset. */
#define TPX_ASSET_LINE_MAX 256
void assets_each_line(const char *name, void (*fn)(const char *line, void *ctx), void *ctx);

#endif
