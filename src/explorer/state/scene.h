/* scene: everything the views draw that follows from the config and the
 * selected warp, computed once per change, then only read by the views
 * (repaint).  Two parts: what follows from the config alone (geometry,
 * footprint), rebuilt when the config changes, and what follows from the
 * selection (the warp's instructions, boxes, tiles), rebuilt when either
 * changes.  Asynchronous results (launch totals, measurements) are
 * not here: they arrive through live.h. */
#ifndef TPX_SCENE_H
#define TPX_SCENE_H

#include "config.h"
#include "footprint.h"
#include "model.h"
#include "traffic.h"
#include "ucheck_map.h"

/* The selection: a warp of a launch block, and which repetition of the
 * instructions (unrolled and tiled kernels) the detail views show. */
typedef struct tpx_sel {
    int bx, by, warp, rep;
} tpx_sel;

/* A global instruction of the selected warp with its sectors. */
typedef struct tpx_gaccess {
    const tpx_inst *in;
    tpx_cost cost;
    int nsect;
    long long sect[64]; /* 32-byte sector numbers, ascending */
} tpx_gaccess;

/* The shared tile of one variant of the config (plain, or padded/swizzled),
 * with the selected warp's shared instructions priced bank by bank. */
typedef struct tpx_tile {
    int valid;
    char why[TPX_MSG];   /* when not valid */
    tpx_config cfg;
    int rows, width, pitch; /* tile rows; elements per row; elements per row with pad */
    unsigned char *used;    /* per word, whether it holds tile data; NULL: rows of `pitch` */
    long long words;        /* 4-byte words the tile spans */
    int ninst;
    tpx_inst *inst;         /* shared instructions, program order */
    tpx_bank_detail *bank;  /* one per instruction */
    /* For each word of the tile, the first lane of the selected
     * repetition's shared store [0] and load [1] touching it, or -1. */
    int *lane[2];
    int sst, sld;           /* that store and load (index into inst), or -1 */
} tpx_tile;

typedef struct tpx_scene {
    /* ---- the config part (scene_build) ---- */
    tpx_config cfg;
    tpx_limits lim;
    tpx_geom g;
    int modelled;    /* 0 for the references */
    int wpb;         /* warps per block */
    int reps;        /* repetitions of each instruction per thread */
    tpx_footprint fp;
    /* A user kernel's check with B's marks (ucheck_map.h), once the model
     * worker has walked it (scene_check); NULL before, and for the catalog. */
    ucheck_map *chk;
    /* ---- the selection part (scene_select) ---- */
    tpx_sel sel;     /* clamped to the grid */
    int tbx, tby;    /* the tile the selected block works on */
    int ninst;
    tpx_inst *inst;  /* the selected warp's instructions, program order */
    int nglobal;
    tpx_gaccess *global; /* its global instructions */
    int touches[2];          /* the selected warp moves elements of A / B */
    long long box[2][4];     /* their bounding box: first row, first column, last row, last column */
    long long nelem[2];      /* elements the selected warp moves on A / B (all repetitions) */
    long long nrows[2], ncols[2]; /* distinct rows and columns among them */
    tpx_tile tile[2]; /* [0] without padding or swizzle, [1] the cure: the config's
                         own pad or swizzle, or pad 1 when it has none */
    int blk_ok;              /* blk holds the selected block's traffic */
    tpx_block_traffic blk;   /* its requests and sectors at L1, what goes on to L2
                                (the launch's levels come with the totals: live.h) */
} tpx_scene;

/* Builds the whole scene (freeing what s held).  0, or -1 when out of memory. */
int scene_build(tpx_scene *s, const tpx_config *c, const tpx_limits *lim, tpx_sel sel);
/* The pinned A's scene, for the views that draw A's picture beside B's:
 * built when *built is 0 or it holds another config or selection (sel
 * clamped to A's grid), freed when pin is NULL.  0, or -1 out of memory. */
int scene_pin(tpx_scene *s, int *built, const tpx_config *pin, const tpx_limits *lim,
              tpx_sel sel);
/* Takes the config's check from the memo (check_memo.h) when it has come
 * since; 1 when the scene changed. */
int scene_check(tpx_scene *s);
/* Rebuilds only the selection part for a new selection (same config). */
int scene_select(tpx_scene *s, tpx_sel sel);
void scene_free(tpx_scene *s);

/* The selection clamped to config c's grid. */
tpx_sel scene_clamp(const tpx_config *c, tpx_sel sel);

/* Which tile variant is the config itself (0 or 1). */
int scene_live_tile(const tpx_scene *s);

/* The global load and store of the selected repetition (NULL if none). */
const tpx_gaccess *scene_global(const tpx_scene *s, tpx_op op, int rep);
/* The shared instruction of a tile variant for the selected repetition. */
int scene_tile_inst(const tpx_tile *t, tpx_op op, int rep);

#endif
