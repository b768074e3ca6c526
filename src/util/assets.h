/* assets: the files of assets/ (help text, device profiles), embedded into
 * the binary at build time by cmake/embed.cmake. */
#ifndef TPX_ASSETS_H
#define TPX_ASSETS_H

#include <stddef.h>

/* The file's text (NUL-terminated) by its path under assets/, e.g.
 * "devices/h100_sxm.txt"; NULL if there is none.  *len gets its size. */
const char *assets_get(const char *name, size_t *len);

#endif
