/* edit: the changes the keyboard makes to a config.  Each builds a candidate,
 * validates it, and commits it only when valid: on refusal the config is
 * left exactly as it was and msg says why (config_validate's words). */
#ifndef TPX_EDIT_H
#define TPX_EDIT_H

#include <stddef.h>

#include "config.h"

/* All return 0 when *c was changed, -1 (and msg) when refused. */
int edit_apply(tpx_config *c, const tpx_config *cand, const tpx_limits *lim, char *msg, size_t n);
int edit_kernel(tpx_config *c, int k, const tpx_limits *lim, char *msg, size_t n);
/* The next (dir = 1) or previous (-1) kernel that accepts the current block
 * and pad; msg names the ones skipped and why. */
int edit_kernel_step(tpx_config *c, int dir, const tpx_limits *lim, char *msg, size_t n);
/* BX or BY (axis 0 or 1) doubled (up) or halved. */
int edit_block_scale(tpx_config *c, int axis, int up, const tpx_limits *lim, char *msg, size_t n);
/* Block from the text of its two fields. */
int edit_block_text(tpx_config *c, const char *bx, const char *by, const tpx_limits *lim, char *msg,
                    size_t n);
int edit_size_text(tpx_config *c, const char *s, const tpx_limits *lim, char *msg, size_t n);
/* The next element type; a tile type the new data would not fit in resets
 * to the data's. */
int edit_dtype_next(tpx_config *c, const tpx_limits *lim, char *msg, size_t n);
/* The shared tile's next element type: the data's own, then each wider one
 * (seed 004's double tile over float data), then back. */
int edit_tile_dtype_next(tpx_config *c, const tpx_limits *lim, char *msg, size_t n);
/* Pad 0 -> 1, anything else -> 0. */
int edit_pad_toggle(tpx_config *c, const tpx_limits *lim, char *msg, size_t n);
int edit_pad_text(tpx_config *c, const char *s, const tpx_limits *lim, char *msg, size_t n);
int edit_swizzle_toggle(tpx_config *c, const tpx_limits *lim, char *msg, size_t n);

/* Size presets offered by the size dialog ("4096", "4096x3072", ...). */
int edit_size_presets(const char *const **out);

#endif
