#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "user.h"
#include "words.h"

tpx_limits config_default_limits(void)
{
    tpx_limits l = {
        .max_threads = 1024,
        .max_block_x = 1024,
        .max_block_y = 1024,
        .max_grid_x = 2147483647LL,
        .max_grid_y = 65535,
        .smem_per_block = 48 * 1024,
    };
    return l;
}

tpx_config config_default(void)
{
    tpx_config c = {
        .kernel = TPX_K_NAIVE_ROW, .bx = 32, .by = 8, .w = 4096, .h = 4096,
        .dtype = TPX_F32, .pad = 0, .swz = 0,
    };
    return c;
}

static const char *const dtype_names[TPX_DTYPE_COUNT] = {"f32", "f64", "f16"};
static const size_t dtype_sizes[TPX_DTYPE_COUNT] = {4, 8, 2};

size_t config_esize(tpx_dtype t) { return t < TPX_DTYPE_COUNT ? dtype_sizes[t] : 0; }

const char *config_dtype_name(tpx_dtype t) { return t < TPX_DTYPE_COUNT ? dtype_names[t] : "?"; }

tpx_dtype config_tile_dtype(const tpx_config *c)
{
    int t = c->tile_dtype - 1;
    return t >= 0 && t < TPX_DTYPE_COUNT ? (tpx_dtype)t : c->dtype;
}

size_t config_tile_esize(const tpx_config *c) { return config_esize(config_tile_dtype(c)); }

void config_set_tile_dtype(tpx_config *c, tpx_dtype t)
{
    c->tile_dtype = t == c->dtype ? 0 : (int)t + 1;
}

int config_same(const tpx_config *a, const tpx_config *b)
{
    return a->kernel == b->kernel && a->bx == b->bx && a->by == b->by && a->w == b->w &&
           a->h == b->h && a->dtype == b->dtype && a->pad == b->pad && a->swz == b->swz &&
           config_tile_dtype(a) == config_tile_dtype(b);
}

unsigned long long config_hash(const tpx_config *c, unsigned long long extra)
{
    unsigned long long v[] = {(unsigned long long)c->kernel, (unsigned long long)c->bx,
                              (unsigned long long)c->by, (unsigned long long)c->w,
                              (unsigned long long)c->h, (unsigned long long)c->dtype,
                              (unsigned long long)c->pad, (unsigned long long)c->swz,
                              (unsigned long long)config_tile_dtype(c), extra};
    unsigned long long h = 1469598103934665603ULL; /* FNV-1a over the words */
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        h = (h ^ v[i]) * 1099511628211ULL;
    return h ^ h >> 31; /* the high bits, which every word reaches, into the low ones */
}

int config_tile_differs(const tpx_config *c) { return config_tile_dtype(c) != c->dtype; }

int config_has_tile(tpx_kernel_id k) { return tpx_has_tile(k); }

int config_is_reference(tpx_kernel_id k) { return tpx_is_reference(k); }

static int is_pow2(int v) { return v > 0 && (v & (v - 1)) == 0; }

/* Kernels whose tile may have its own element type: a tile of single
 * elements (a vectorised tile holds the data's 16-byte units as they are). */
static int takes_tile_dtype(tpx_kernel_id k)
{
    return tpx_has_tile(k) && tpx_traits_of(k).tile != TPX_TILE_STRIP &&
           !(tpx_traits_of(k).flags & (TPX_KF_VEC16 | TPX_KF_VECOUT | TPX_KF_GATHER));
}

static int tiled_any_block(tpx_kernel_id k) { return tpx_has_tile(k) && !tpx_is_square_only(k); }

static int check(const tpx_config *c, const tpx_limits *lim, char *msg, size_t n, int suggest);

/* What a strip kernel's message offers when the short side s does not fit
 * the block: the threads that would hold it, or, past the most short side
 * any block holds, that number. */
static void strip_fix(char *fix, size_t n, long long s, long long most, long long need)
{
    snprintf(fix, n, s > most ? "no block holds more than %lld"
                              : "use a block of at least %lld threads", s > most ? most : need);
}

/* tile_strip: a strip is the whole short side, at most the block's
 * 8 BX BY elements (tpx_sp_cap), and its tile keeps the data's type. */
static int validate_strip(const tpx_config *c, char *msg, size_t n)
{
    const char *id = catalog_name(c->kernel);
    long long s = tpx_sp_short(c->w, c->h), cap = tpx_sp_cap(c->bx, c->by);
    if (config_tile_differs(c)) {
        snprintf(msg, n, "%s keeps its strip in shared memory in the data's own type, so a "
                 "tile dtype does not apply; leave it out", id);
        return -1;
    }
    if (s > cap) {
        char fix[96];
        /* the most: 1024 threads */
        strip_fix(fix, sizeof fix, s, tpx_sp_cap(32, 32), tpx_cdiv(s, TPX_SP_REPS));
        snprintf(msg, n, "%s takes the whole short side (%lld %s) into one block of %dx%d, which "
                 "holds %lld elements (8 a thread): %s, or tile_gather for a matrix this wide "
                 "both ways", id, s, c->w <= c->h ? "columns" : "rows", c->bx, c->by, cap, fix);
        return -1;
    }
    return 0;
}

/* strip_vec (tpx_svec.h): a long side of at least one 16-byte vector, a
 * strip at least one vector of it (where the long side is ragged, its tile
 * also holds the rows' ragged ends, and a tall strip is whole sectors:
 * tpx_sv_k), and its tile laid as the source lies (its chunks swizzled or
 * not: any block). */
static int validate_strip_vec(const tpx_config *c, char *msg, size_t n)
{
    const char *id = catalog_name(c->kernel);
    long long e = (long long)config_esize(c->dtype), v = 16 / e, s = tpx_sp_short(c->w, c->h);
    long long l = tpx_sp_long(c->w, c->h), rag = l % v != 0;
    /* for the message: a short index's share of the tile past a slack, the
     * bound tpx_sv_k's K >= 1 (which decides) works out to */
    long long al = tpx_sv_align(c->w, c->h, (int)v);
    long long per = rag ? (c->w <= c->h ? 2 * al + v - 2 : 3 * v - 2) : v, slack = rag ? 2 * v - 2 : 0;
    if (c->pad || config_tile_differs(c)) {
        snprintf(msg, n, "%s lays its strip in shared memory as the source lies, in 16-byte "
                 "chunks (swizzled with --swizzle), so %s does not apply; leave it out", id,
                 c->pad ? "pad" : "a tile dtype");
        return -1;
    }
    if (l < v) {
        snprintf(msg, n, "%s moves the long side in 16-byte vectors, and its %lld %s elements "
                 "are fewer than one (%lld): use tile_strip, which moves every thin shape", id, l,
                 config_dtype_name(c->dtype), v);
        return -1;
    }
    if (tpx_sv_k(c->w, c->h, c->bx, c->by, (int)v) < 1) {
        char fix[96];
        strip_fix(fix, sizeof fix, s, (tpx_sv_cap(32, 32) - slack) / per,
                  tpx_cdiv(s * per + slack, TPX_SV_EPT));
        snprintf(msg, n, "%s holds the whole short side (%lld %s) in one block; %dx%d holds "
                 "%lld elements (16 a thread) and a strip needs %lld for each%s: %s, or "
                 "tile_gather for two wide sides", id, s, c->w <= c->h ? "columns" : "rows",
                 c->bx, c->by, tpx_sv_cap(c->bx, c->by), per,
                 rag ? " (a vector and room for rows off 16 bytes)" : " (a 16-byte vector)", fix);
        return -1;
    }
    return 0;
}

/* Kernel-specific shape rules, from the kernel's traits; 0 or -1 with a
 * message, suggesting blocks where one would do (with `suggest`). */
static int validate_shape(const tpx_config *c, const tpx_limits *lim, char *msg, size_t n,
                          int suggest)
{
    const char *id = catalog_name(c->kernel);
    tpx_traits tr = tpx_traits_of(c->kernel);
    char list[128], eg[192], with[64];
    if ((tr.flags & TPX_KF_SQUARE) && c->bx != c->by) {
        catalog_join(list, sizeof list, tiled_any_block, " or ");
        snprintf(with, sizeof with, ", or %s with ", id);
        config_suggest(c, lim, suggest, check, 0, with, "", eg, sizeof eg);
        snprintf(msg, n, "%s needs a square block (BX = BY), got %dx%d; try %s with this block%s",
                 id, c->bx, c->by, list, eg);
        return -1;
    }
    int th = tpx_tile_height(c->kernel, c->bx, c->by);
    if (tr.reps == TPX_REPS_WALK && (c->by > th || th % c->by != 0)) {
        config_suggest(c, lim, suggest, check, 'x', " (e.g. ", ")", eg, sizeof eg);
        snprintf(msg, n,
                 "%s uses %s %dx%d tile walked %d rows at a time, and %d does not divide "
                 "%d; pick BY dividing %s%s",
                 id, words_a(c->bx), c->bx, th, c->by, c->by, th,
                 th == c->bx ? "BX" : "the tile height", eg);
        return -1;
    }
    if (!tpx_has_tile(c->kernel)) {
        if (config_tile_differs(c)) {
            catalog_join(list, sizeof list, takes_tile_dtype, ", ");
            snprintf(msg, n, "%s has no shared tile, so a tile dtype does not apply; leave it "
                     "out, or use a tiled kernel (%s)", id, list);
            return -1;
        }
        if (c->pad == 0 && !c->swz)
            return 0;
        catalog_join(list, sizeof list, tpx_has_tile, ", ");
        snprintf(msg, n, "%s has no shared tile, so %s does not apply; use %sa tiled kernel (%s)",
                 id, c->pad ? "pad" : "swizzle", c->pad ? "pad 0 or " : "", list);
        return -1;
    }
    if (tr.tile == TPX_TILE_SEC) {
        if (c->pad || c->swz || config_tile_differs(c)) {
            snprintf(msg, n, "%s %s, so %s does not apply; leave it out", id,
                     (tr.flags & TPX_KF_GATHER)
                         ? "keeps A's rows in shared memory as the aligned 16-byte vectors that "
                           "hold them, spaced so that every element lies on one line"
                         : "lays each shared row out by its B segment, in whole 16-byte units of "
                           "the data's type",
                     c->pad ? "pad" : c->swz ? "swizzle" : "a tile dtype");
            return -1;
        }
        /* Every BY is fine: a segment of tpx_ts_ty elements fills whole
         * sectors at every dtype (test_sec_tile_height pins it). */
        long long q = 32 / (long long)config_esize(c->dtype);
        if ((tr.flags & TPX_KF_GATHER) && c->h < q) {
            snprintf(msg, n, "%s takes the head of the next B row into a row's last segment, "
                     "and B rows of %lld elements (H) are shorter than a 32-byte sector "
                     "(%lld of %s): use tile_sec, which moves every shape",
                     id, c->h, q, config_dtype_name(c->dtype));
            return -1;
        }
        return 0;
    }
    if (tr.tile == TPX_TILE_STRIP && (tr.flags & TPX_KF_GATHER))
        return validate_strip_vec(c, msg, n);
    if (tr.tile == TPX_TILE_STRIP && validate_strip(c, msg, n) != 0)
        return -1;
    if ((tr.flags & TPX_KF_VEC16) && config_tile_differs(c)) {
        /* its tile holds the data's 16-byte units as they are */
        catalog_join(list, sizeof list, takes_tile_dtype, ", ");
        snprintf(msg, n, "%s moves 16-byte units of the data through its tile, so the tile "
                 "keeps the data's type; a tile dtype applies to %s", id, list);
        return -1;
    }
    if (c->swz && c->pad != 0) {
        snprintf(msg, n, "swizzle replaces padding: use pad 0 with swizzle");
        return -1;
    }
    if (c->swz && (tr.flags & TPX_KF_VEC16) && config_vec(c) > 1 && c->bx % 8 != 0) {
        config_suggest(c, lim, suggest, check, 'y', "try ", ", or ", eg, sizeof eg);
        snprintf(msg, n, "%s's swizzle XORs a row's 16-byte access with 0..7, so a row needs a "
                 "multiple of 8 accesses (BX = %d); %spad 1 instead", id, c->bx, eg);
        return -1;
    }
    if (c->swz && !is_pow2(c->bx)) {
        config_suggest(c, lim, suggest, check, 'y', "; try ", "", eg, sizeof eg);
        snprintf(msg, n, "swizzle XORs the column with the row, so the tile width (BX = %d) must "
                 "be a power of two%s", c->bx, eg);
        return -1;
    }
    return 0;
}

/* The fields each in range, whatever the kernel. */
static int validate_fields(const tpx_config *c, char *msg, size_t n)
{
    if (c->kernel < 0 || (c->kernel >= TPX_K_COUNT && !user_kernel(c->kernel))) {
        snprintf(msg, n, "unknown kernel");
        return -1;
    }
    if (c->dtype < 0 || c->dtype >= TPX_DTYPE_COUNT) {
        snprintf(msg, n, "unknown dtype");
        return -1;
    }
    if (c->tile_dtype < 0 || c->tile_dtype > TPX_DTYPE_COUNT) {
        snprintf(msg, n, "unknown tile dtype");
        return -1;
    }
    /* A narrower tile would round the data on its way through: the result
     * would not be the transpose, and no check could pass. */
    if (config_tile_esize(c) < config_esize(c->dtype)) {
        snprintf(msg, n, "a %s tile cannot hold %s data without rounding it; use a tile "
                 "dtype at least as wide as the data (%s%s)",
                 config_dtype_name(config_tile_dtype(c)), config_dtype_name(c->dtype),
                 config_dtype_name(c->dtype), c->dtype == TPX_F64 ? "" : " or f64");
        return -1;
    }
    if (c->w < 1 || c->h < 1) {
        snprintf(msg, n, "size %lldx%lld has a zero or negative side", c->w, c->h);
        return -1;
    }
    if (c->w > TPX_MAX_ELEMS / c->h) {
        snprintf(msg, n, "size %lldx%lld is too large: tpx handles at most 2^32 elements "
                 "(e.g. 65536x65536)", c->w, c->h);
        return -1;
    }
    if (c->pad < 0 || c->pad > TPX_MAX_PAD) {
        snprintf(msg, n, "pad %d is out of range 0..%d", c->pad, TPX_MAX_PAD);
        return -1;
    }
    return 0;
}

/* config_grid_folded's rule on an unchecked grid (a user kernel's must fit) */
static int grid_folds(tpx_kernel_id k, long long gy)
{
    return !tpx_is_user(k) && tpx_grid_folded(gy);
}

int config_validate(const tpx_config *c, const tpx_limits *lim, char *msg, size_t n)
{
    return check(c, lim, msg, n, 1);
}

/* config_validate, with (suggest = 1) or without the suggestions. */
static int check(const tpx_config *c, const tpx_limits *lim, char *msg, size_t n, int suggest)
{
    char eg[192];
    if (validate_fields(c, msg, n) != 0)
        return -1;
    if (tpx_is_user(c->kernel)) {
        tpx_geom g = {c->w, c->h, c->bx, c->by, 0, 0, c->pad, c->swz, 1, 0};
        if (user_validate(c->kernel, &g, msg, n) != 0)
            return -1;
    }
    if (c->bx < 1 || c->by < 1) {
        snprintf(msg, n, "block %dx%d has a zero or negative side", c->bx, c->by);
        return -1;
    }
    if (c->bx > lim->max_block_x || c->by > lim->max_block_y ||
        (long long)c->bx * c->by > lim->max_threads) {
        config_suggest(c, lim, suggest, check, 0, ", e.g. ", "", eg, sizeof eg);
        snprintf(msg, n, "block %dx%d has %lld threads; a block may have at most %d (x up to %d, "
                 "y up to %d)%s", c->bx, c->by, (long long)c->bx * c->by, lim->max_threads,
                 lim->max_block_x, lim->max_block_y, eg);
        return -1;
    }
    if (validate_shape(c, lim, msg, n, suggest) != 0)
        return -1;
    if (config_is_reference(c->kernel))
        return 0; /* the references pick their own launch */

    long long smem = config_smem_bytes(c);
    if (smem > lim->smem_per_block) {
        snprintf(msg, n, "%s %dx%d pad %d with a %s tile needs %lld bytes of shared memory per "
                 "block, more than the %lld a block may use; use a smaller tile or dtype",
                 catalog_name(c->kernel), c->bx, c->by, c->pad,
                 config_dtype_name(config_tile_dtype(c)), smem, lim->smem_per_block);
        return -1;
    }
    long long gx, gy;
    tpx_grid_dims(c->kernel, c->w, c->h, c->bx, c->by, config_vec(c), &gx, &gy);
    int fold = grid_folds(c->kernel, gy);
    if (fold && gx * gy > lim->max_grid_x) {
        snprintf(msg, n, "%s %dx%d on %lldx%lld needs %lld blocks; CUDA launches at most %lld: "
                 "use a larger block or a smaller size",
                 catalog_name(c->kernel), c->bx, c->by, c->w, c->h, gx * gy, lim->max_grid_x);
        return -1;
    }
    if (gx > lim->max_grid_x || (!fold && gy > lim->max_grid_y)) {
        snprintf(msg, n, "%s %dx%d on %lldx%lld needs a grid of %lldx%lld blocks; CUDA allows at "
                 "most %lld in y (and %lld in x): use a taller block or a smaller size",
                 catalog_name(c->kernel), c->bx, c->by, c->w, c->h, gx, gy, lim->max_grid_y,
                 lim->max_grid_x);
        return -1;
    }
    return 0;
}

int config_grid_folded(const tpx_config *c)
{
    return !config_is_reference(c->kernel) && grid_folds(c->kernel, config_geom(c).gy);
}

int config_vec(const tpx_config *c)
{
    return tpx_vec_elems(c->kernel, (int)config_esize(c->dtype), c->w, c->h);
}

long long config_smem_bytes(const tpx_config *c)
{
    /* in the tile's own element type (--tile-dtype), the matrix's unless set */
    return tpx_smem_elems(c->kernel, c->bx, c->by, c->pad, config_vec(c)) *
           (long long)config_tile_esize(c);
}

size_t config_access_bytes(const tpx_config *c)
{
    return config_esize(c->dtype) * (size_t)config_vec(c);
}

tpx_geom config_geom(const tpx_config *c)
{
    long long gx = 1, gy = 1;
    if (!config_is_reference(c->kernel))
        tpx_grid_dims(c->kernel, c->w, c->h, c->bx, c->by, config_vec(c), &gx, &gy);
    tpx_geom g = {
        .w = c->w, .h = c->h, .bx = c->bx, .by = c->by, .gx = (int)gx, .gy = (int)gy,
        .pad = c->pad, .swz = c->swz, .vec = config_vec(c),
        .tile_esize = config_tile_differs(c) ? (int)config_tile_esize(c) : 0,
    };
    return g;
}
