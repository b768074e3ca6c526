/* config: one explorable configuration (kernel, block, size, dtype, pad,
 * swizzle), its parsing from text and its validation against the limits of
 * CUDA and of the GPU.  Every refusal says why and what would work instead. */
#ifndef TPX_CONFIG_H
#define TPX_CONFIG_H

#include <stddef.h>

#include "tpx_index.h"

typedef enum tpx_dtype { TPX_F32, TPX_F64, TPX_F16, TPX_DTYPE_COUNT } tpx_dtype;

typedef struct tpx_config {
    tpx_kernel_id kernel;
    int bx, by;      /* block shape */
    long long w, h;  /* A has h rows of w columns */
    tpx_dtype dtype;
    int pad;         /* shared tile row padding, elements */
    int swz;         /* XOR swizzle of the shared tile */
    /* The shared tile's element type when it differs from the matrix's (seed
     * 004: a double tile over float data): 0 means "the matrix's dtype", else
     * 1 + a tpx_dtype, so a zero-initialised config keeps its tile in the
     * matrix's type.  Read and set it through config_tile_dtype and
     * config_set_tile_dtype. */
    int tile_dtype;
} tpx_config;

/* What a launch may use.  Without a GPU the CUDA defaults apply. */
typedef struct tpx_limits {
    int max_threads;          /* per block */
    int max_block_x, max_block_y;
    long long max_grid_x, max_grid_y;
    long long smem_per_block; /* bytes a block may use */
} tpx_limits;

/* Largest matrix tpx accepts: 2^32 elements (65536 x 65536). */
#define TPX_MAX_ELEMS (1LL << 32)
#define TPX_MAX_PAD 64
#define TPX_MSG 256 /* size of message buffers */

/* Defaults: 1024 threads, 48 KB of static shared memory, CUDA grid limits. */
tpx_limits config_default_limits(void);

/* The config tpx opens at: naive_row, 32x8, 4096x4096, f32, pad 0. */
tpx_config config_default(void);

size_t config_esize(tpx_dtype t);
/* Elements one access moves (tpx_vec_elems: 16 / esize for a vectorised
 * kernel whose rows allow it, else 1) and the bytes of one lane's access. */
int config_vec(const tpx_config *c);
size_t config_access_bytes(const tpx_config *c);
/* Whether c launches its grid folded into one row: a catalog kernel's grid
 * past CUDA's y limit (tpx_grid_folded; every thread then unfolds its block
 * with a division, tpx_launch_tile).  Never a reference (it picks its own
 * launch) or a kernel of the kernel language (it reads gridDim as it is). */
int config_grid_folded(const tpx_config *c);
/* Bytes of the shared tile a block of c allocates (0 without a tile). */
long long config_smem_bytes(const tpx_config *c);
const char *config_dtype_name(tpx_dtype t);

/* The shared tile's element type (the matrix's unless set) and its size. */
tpx_dtype config_tile_dtype(const tpx_config *c);
size_t config_tile_esize(const tpx_config *c);
/* Sets the tile's type; the matrix's own type stores as "the same". */
void config_set_tile_dtype(tpx_config *c, tpx_dtype t);

/* Whether two configs are one: field by field, the tile's type as it
 * resolves.  Never memcmp a tpx_config: it has padding (after by), which
 * nothing initialises (valgrind saw it in scene_pin). */
int config_same(const tpx_config *a, const tpx_config *b);
/* A hash over the fields config_same compares and one more word (a memo's
 * other key: an L2 size, a window of blocks), well mixed in its low bits. */
unsigned long long config_hash(const tpx_config *c, unsigned long long extra);
/* Whether the tile's type differs from the matrix's. */
int config_tile_differs(const tpx_config *c);

/* Parsers return 0 on success; on failure -1 and a message in msg. */
int config_parse_dtype(const char *s, tpx_dtype *out, char *msg, size_t n);
/* The same for --tile-dtype (its own wording in the message). */
int config_parse_tile_dtype(const char *s, tpx_dtype *out, char *msg, size_t n);
int config_parse_block(const char *s, int *bx, int *by, char *msg, size_t n);
int config_parse_size(const char *s, long long *w, long long *h, char *msg, size_t n);
int config_parse_pad(const char *s, int *pad, char *msg, size_t n);
/* Non-negative decimal integer that fits in an int, no sign, no junk. */
int config_parse_int(const char *s, const char *what, int *out, char *msg, size_t n);

/* 0 if the config can be launched within lim; else -1 and why in msg. */
int config_validate(const tpx_config *c, const tpx_limits *lim, char *msg, size_t n);
/* For a refusal's message (config_suggest.c): up to two blocks near c's that
 * check accepts (check: config_validate without suggestions, so the search
 * does not search), nearest first, keeping BX (keep 'x') or BY ('y') where
 * it can: pre + "32x8 or 32x4" + post; "" when none is, or without suggest. */
typedef int (*config_check_fn)(const tpx_config *c, const tpx_limits *lim, char *msg, size_t n,
                               int suggest);
void config_suggest(const tpx_config *c, const tpx_limits *lim, int suggest, config_check_fn check,
                    int keep, const char *pre, const char *post, char *buf, size_t n);

/* The geometry the kernels and the model see. Call on a valid config. */
tpx_geom config_geom(const tpx_config *c);

/* Whether the kernel has a shared tile (pad and swizzle apply). */
int config_has_tile(tpx_kernel_id k);
/* Whether the kernel is one of the references (memcpy, cublas). */
int config_is_reference(tpx_kernel_id k);

/* "naive_row 32x8 4096x4096 f32 pad 0" (then " tile f64" when it differs) */
void config_describe(const tpx_config *c, char *buf, size_t n);

#endif
