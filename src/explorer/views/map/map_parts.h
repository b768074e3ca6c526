/* map_parts: what the Map's files share, lowest first: map_geo.c (where
 * things go) <- map_check.c (the check's marks) <- map.c (one config's map) <- map_ab.c (A beside B) <-
 * map_view.c (keys, clicks, the view's table); map_caption.c beside them. */
#ifndef TPX_MAP_PARTS_H
#define TPX_MAP_PARTS_H

#include "app_state.h"

#define MAX_ZOOM 18 /* 2^17 elements per cell: any matrix tpx accepts */

enum { COLOUR_WARP, COLOUR_BLOCK, COLOUR_THREAD, COLOUR_COUNT };

/* The Map's own state. */
typedef struct map_state {
    int zoom;   /* 0: lane numbers, 1: an element per column, k: 2^(k-1) */
    int colour; /* COLOUR_* */
} map_state;

typedef struct map_geo {
    tpx_rect panel;      /* header row + grid */
    int lw;              /* row label width */
    int cellw;           /* columns per cell */
    int top;             /* rows above the grid: 1 for the title, 0 when compact */
    long long s;         /* elements per cell, each way */
    int vr, vc;          /* cells shown */
    long long r0, c0;    /* element at the top-left cell */
} map_geo;

/* map_geo.c.  Elements per cell, each way, at zoom z. */
long long map_scale(int z);
/* Whether zoom z draws compact (two-column lanes, titles in the legend). */
int map_compact_of(const tpx_app *a, tpx_rect body, int z);
/* The coarsest zoom needed to show both whole matrices. */
int map_max_zoom(const tpx_app *a, tpx_rect body);
/* The view's body on the app's screen. */
tpx_rect map_body_of(const tpx_app *a);
/* The zoom in force: the Map's, at most map_max_zoom. */
int map_zoom_of(const tpx_app *a, const map_state *m, tpx_rect body);
/* Side's panel and the cells it shows, the selected warp in view. */
void map_geometry(const tpx_app *a, const map_state *m, tpx_rect body, int side, map_geo *g);

/* map_check.c.  Rows the check's line takes above the legend (0 or 1). */
int map_check_rows(const tpx_app *a);
/* The check's marks over side's panel g: on B the elements never written,
 * written twice, wrong; on A the elements that belong at those places. */
void map_check_marks(const tpx_app *a, tpx_canvas *cv, const map_geo *g, int side);
/* Its line, above the legend's row of r: each kind's count and first element. */
void map_check_line(const tpx_app *a, tpx_canvas *cv, tpx_rect r);

/* map.c.  One config's map (the app's scene) in r: its A and B panels and legend. */
void map_draw_one(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect r);

/* map_ab.c.  With A pinned (and mapped): where A's map and B's go, under
 * their titles: side by side when both fit the width, else A above B when
 * both fit the height.  0 when B is drawn alone. */
int map_ab_split(const tpx_app *a, tpx_rect r, tpx_rect out[2]);
/* The Map: B's map, with A's beside it when A is pinned and there is room. */
void map_draw(const tpx_app *a, const void *st, tpx_canvas *cv, tpx_rect r);

/* map_caption.c.  "warp 0 of block (0,0) reads 32 elements along a row of A
 * and writes ..." */
void map_caption(const tpx_app *a, const void *st, char *buf, size_t n);

#endif
