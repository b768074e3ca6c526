/* map_parts: the Map view's pieces in other files. */
#ifndef TPX_MAP_PARTS_H
#define TPX_MAP_PARTS_H

#include "views.h"

/* "warp 0 of block (0,0) reads 32 elements along a row of A and writes ..." */
void map_caption(const tpx_app *a, const void *st, char *buf, size_t n);

#endif
