/* map_parts: the Map view's pieces in other files. */
#ifndef TPX_MAP_PARTS_H
#define TPX_MAP_PARTS_H

#include "views.h"

/* "warp 0 of block (0,0) reads 32 elements along a row of A and writes ..." */
void map_caption(const tpx_app *a, const void *st, char *buf, size_t n);

/* One config's map (the app's scene) in r: its A and B panels and legend. */
void map_draw_one(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect r);

/* With A pinned (and mapped): where A's map and B's go, under their titles:
 * side by side when both fit the width, else A above B when both fit the
 * height.  0 when B is drawn alone. */
int map_ab_split(const tpx_app *a, tpx_rect r, tpx_rect out[2]);

/* The Map: B's map, with A's beside it when A is pinned and there is room. */
void map_draw(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect r);

#endif
