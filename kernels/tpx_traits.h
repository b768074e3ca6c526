/*
 * tpx_traits.h: the kernel ids, the geometry every kernel sees, and each
 * kernel's traits read from its row of the kernel table (tpx_kernels.def):
 * phases, repetitions, tile shape, grid dimensions, shared tile size.
 * Read by nvcc and by the C compiler alike; tpx_index.h builds the index
 * arithmetic on it.
 */
#ifndef TPX_TRAITS_H
#define TPX_TRAITS_H

#if defined(__CUDACC__)
#define TPX_HD static __host__ __device__ __forceinline__
#else
#define TPX_HD static inline
#endif

/* The kernel ids, from the kernel table (tpx_kernels.def).  Kernels first,
 * then the references; ids are the table's order. */
typedef enum tpx_kernel_id {
#define TPX_KERNEL(ID, ...) TPX_K_##ID,
#define TPX_REFERENCE(ID, ...) TPX_K_##ID,
#include "tpx_kernels.def"
    TPX_K_COUNT
} tpx_kernel_id;

/* Memory spaces a move reads from or writes to. */
typedef enum tpx_space { TPX_SPACE_A, TPX_SPACE_B, TPX_SPACE_S } tpx_space;

/* Everything the index arithmetic needs, passed by value to the kernels. */
typedef struct tpx_geom {
    long long w, h; /* A: h rows of w columns */
    int bx, by;     /* blockDim.x, blockDim.y */
    int gx, gy;     /* gridDim.x, gridDim.y */
    int pad;        /* extra elements at the end of each shared tile row */
    int swz;        /* 1: XOR-swizzle the shared column (tile width a power of 2) */
    int vec;        /* elements per access (tpx_vec_elems); 0 or 1: one element */
    /* Not index arithmetic (indices count elements): the bytes of a shared
     * tile element when the tile's type is wider than the matrix's (seed 004's
     * double tile over float data), 0 when it is the matrix's own.  The launch
     * picks the compiled kernel and sizes the tile with it. */
    int tile_esize;
} tpx_geom;

/* One element move: dst = src when ok. Indices are in elements of each space. */
typedef struct tpx_move {
    long long src, dst;
    int ok;
} tpx_move;

TPX_HD long long tpx_cdiv(long long a, long long b) { return (a + b - 1) / b; }

/* ---- user kernels (host only) ------------------------------------------- */

/* A kernel written in the kernel language (docs/language.md) has an id from
 * TPX_K_USER on, given by the registry of loaded kernels (src/model/user.c),
 * which answers for it every question the table answers for a catalog row.
 * Only the host asks: a user kernel reaches the GPU as CUDA source generated
 * from its expressions and compiled at run time, never through this table. */
#if !defined(__CUDACC__) && !defined(__CUDACC_RTC__)
#define TPX_HOST_USER 1
#define TPX_K_USER 1024
struct tpx_traits;
TPX_HD int tpx_is_user(int k) { return k >= TPX_K_USER; }
struct tpx_traits tpx_user_traits(int k);
int tpx_user_reps(int k, const tpx_geom *g);
void tpx_user_grid(int k, const tpx_geom *g, long long *gx, long long *gy);
long long tpx_user_smem(int k, const tpx_geom *g);
void tpx_user_remap(int k, const tpx_geom *g, int bx, int by, int *tbx, int *tby);
void tpx_user_unmap(int k, const tpx_geom *g, int tbx, int tby, int *bx, int *by);
tpx_move tpx_user_move(int k, const tpx_geom *g, int phase, int rep, int tbx, int tby, int tx,
                       int ty);
#else
TPX_HD int tpx_is_user(int k) { (void)k; return 0; }
#endif

/* ---- the kernel's traits (its row of tpx_kernels.def) -------------------- */

/* TPX_TILE_VSQUARE: square in accesses, (BX * vec) x (BX * vec) elements. */
typedef enum tpx_tile_shape {
    TPX_TILE_NONE,
    TPX_TILE_BLOCK,
    TPX_TILE_SQUARE,
    TPX_TILE_VSQUARE,
    TPX_TILE_SEC, /* tile_sec: BX B rows by TY B columns cut on sectors (tpx_tsec.h) */
    TPX_TILE_STRIP /* tile_strip: the whole short side by K of the long (tpx_strip.h) */
} tpx_tile_shape;
/* Block order: NONE launches tiles along the grid's rows (bx fastest); DIAG
 * is the diagonal reordering; COL walks down the grid's columns (by fastest). */
typedef enum tpx_remap { TPX_REMAP_NONE, TPX_REMAP_DIAG, TPX_REMAP_COL } tpx_remap;
/* The CUDA body that runs a kernel's moves (the table's body column). */
typedef enum tpx_body { TPX_BODY_DIRECT, TPX_BODY_TILED, TPX_BODY_CUSTOM } tpx_body;
typedef enum tpx_ref { TPX_REF_NONE, TPX_REF_MEMCPY, TPX_REF_CUBLAS } tpx_ref;

#define TPX_KF_COPY 1u     /* B = A: a copy, not a transpose */
#define TPX_KF_COVERS_B 2u /* the grid is laid over B (x along H) */
#define TPX_KF_SQUARE 4u   /* needs a square block */
#define TPX_KF_VEC16 8u    /* moves 16-byte units where the rows allow (tpx_vec_elems) */
#define TPX_KF_REGT 16u    /* phase 0 transposes in registers (tpx_regt_group) */
#define TPX_KF_VECOUT 32u  /* phase 0 moves elements, phase 1 16-byte units, at every shape */
#define TPX_KF_GATHER 64u  /* phase 0 moves 16-byte vectors, phase 1 gathers (tpx_gather_group) */
#define TPX_REPS_WALK 0    /* reps: tile height / BY (the block walks its tile) */
#define TPX_REPS_SEC (-1)  /* reps: tile_sec's phase 0 (tpx_ts_reps0), the larger phase */
#define TPX_REPS_GATHER (-2) /* reps: tile_gather's larger phase (tpx_tg_reps) */
/* unroll4_row and unroll4_col: elements per thread, one block width apart
 * (their rows' reps and xper, and their moves' stride). */
#define TPX_UNROLL4 4
/* tile_strip: elements a thread moves in each phase (tpx_sp_cap) */
#define TPX_SP_REPS 8
/* strip_vec: elements a thread holds (tpx_sv_cap), and its moves a phase:
 * phase 1's gather groups, up to twice a thread's vectors (tpx_svec.h) */
#define TPX_SV_EPT 16
#define TPX_SV_REPS (2 * TPX_SV_EPT)

typedef struct tpx_traits {
    tpx_body body;       /* DIRECT, TILED or CUSTOM (references: CUSTOM) */
    int phases;          /* 0 for the references */
    int reps;            /* moves per thread per phase, or TPX_REPS_WALK */
    int xper;            /* elements per thread along grid x */
    tpx_tile_shape tile; /* the shared tile, if any */
    tpx_remap remap;     /* block order */
    tpx_ref ref;         /* how a reference is measured; TPX_REF_NONE for kernels */
    unsigned flags;      /* TPX_KF_* */
    int dbx, dby;        /* fallback block */
} tpx_traits;

TPX_HD tpx_traits tpx_mk_traits(tpx_body body, int phases, int reps, int xper,
                                tpx_tile_shape tile, tpx_remap remap, tpx_ref ref, unsigned flags,
                                int dbx, int dby)
{
    tpx_traits t;
    t.body = body;
    t.phases = phases;
    t.reps = reps;
    t.xper = xper;
    t.tile = tile;
    t.remap = remap;
    t.ref = ref;
    t.flags = flags;
    t.dbx = dbx;
    t.dby = dby;
    return t;
}

/* A switch generated from the table: with k a compile-time constant (the
 * CUDA templates) it folds to the row's constants. */
TPX_HD tpx_traits tpx_traits_of(tpx_kernel_id k)
{
    switch (k) {
#define TPX_KERNEL(ID, sym, body, phases, reps, xper, tile, remap, flags, dbx, dby, ...)           \
    case TPX_K_##ID:                                                                               \
        return tpx_mk_traits(body, phases, reps, xper, tile, remap, TPX_REF_NONE, flags, dbx, dby);
#define TPX_REFERENCE(ID, sym, ref, flags, ...)                                                    \
    case TPX_K_##ID:                                                                               \
        return tpx_mk_traits(TPX_BODY_CUSTOM, 0, 1, 1, TPX_TILE_NONE, TPX_REMAP_NONE, ref, flags, \
                             32, 8);
#include "tpx_kernels.def"
    default:
#ifdef TPX_HOST_USER
        if (tpx_is_user(k))
            return tpx_user_traits(k);
#endif
        return tpx_mk_traits(TPX_BODY_CUSTOM, 0, 1, 1, TPX_TILE_NONE, TPX_REMAP_NONE,
                             TPX_REF_NONE, 0, 32, 8);
    }
}

/* Barrier-separated phases (0 for the references). */
TPX_HD int tpx_phases(tpx_kernel_id k) { return tpx_traits_of(k).phases; }
TPX_HD int tpx_is_reference(tpx_kernel_id k) { return tpx_traits_of(k).ref != TPX_REF_NONE; }
TPX_HD int tpx_has_tile(tpx_kernel_id k) { return tpx_traits_of(k).tile != TPX_TILE_NONE; }
TPX_HD int tpx_is_copy(tpx_kernel_id k) { return (tpx_traits_of(k).flags & TPX_KF_COPY) != 0; }
TPX_HD int tpx_is_square_only(tpx_kernel_id k)
{
    return (tpx_traits_of(k).flags & TPX_KF_SQUARE) != 0;
}

/* Which matrix the grid of a kernel covers: 0 = A (x along W), 1 = B (x along H). */
TPX_HD int tpx_grid_covers_b(tpx_kernel_id k)
{
    return (tpx_traits_of(k).flags & TPX_KF_COVERS_B) != 0;
}

/* tile_sec's sizes (tpx_tsec.h has its index arithmetic), n = tpx_vec: the
 * segment TY = 8 BY B columns (16 BY for f16), phase 0's R = TY + Q - 1
 * rows (Q = 2 n, a sector's elements), a shared row of R elements rounded up
 * to an odd number of 16-byte units (a warp's phase-0 stores to rows c = lane
 * then spread over the banks), and each phase's reps: R / BY rows, and
 * TY / (n BY) vectors of a row's TY / n plus ceil(2 / BY) for the up to 2
 * more of a row's last segment. */
/* B columns a thread row of the tile covers, n elements a 16-byte unit: 8,
 * or two units where a unit holds more (f16), so that a thread's phase-0
 * loads keep as many bytes in flight as f32's.  tile_gather f16 at 7 odd
 * shapes on an H200 (bench/gpu_ab16.sh, 2026-11-27, best of 5 blocks): 8
 * columns 72-84 % of memcpy, 16 84-87 %, 32 (at 64 registers) 77-83 %.  A
 * macro: the kernels' sizes are compile-time constants. */
#define TPX_TS_T(n) ((n) > 4 ? 2 * (n) : 8)
TPX_HD int tpx_ts_ty(int by, int n) { return TPX_TS_T(n) * by; }
TPX_HD int tpx_ts_rows(int by, int n) { return tpx_ts_ty(by, n) + 2 * n - 1; }
TPX_HD int tpx_ts_pitch(int by, int n) { return ((int)tpx_cdiv(tpx_ts_rows(by, n), n) | 1) * n; }
TPX_HD int tpx_ts_reps0(int by, int n) { return (int)tpx_cdiv(tpx_ts_rows(by, n), by); }
TPX_HD int tpx_ts_main1(int n) { return TPX_TS_T(n) / n; }
TPX_HD int tpx_ts_reps1(int by, int n) { return tpx_ts_main1(n) + (int)tpx_cdiv(2, by); }

/* tile_gather's sizes (tpx_tgat.h has its index arithmetic): V = ceil((BX +
 * n) / n) vectors a shared row, RT = R + 2 n - 1 shared rows (R of the
 * tile, the next B row's head); phase 0 one vector a rep, phase 1 n reps a
 * unit of tile_sec's.  The rows lie S = V n + (W mod n) elements apart, with
 * a 16-byte gap every n rows where S alone would put rows n apart on the
 * same banks (tpx_tg_lin): tpx_tg_smem is the most any W needs. */
TPX_HD int tpx_tg_v(int bx, int n) { return (int)tpx_cdiv((long long)bx + n, n); }
TPX_HD int tpx_tg_rows(int by, int n) { return tpx_ts_rows(by, n) + 2 * n - 1; }
/* Where the head rows start, for a row step s and gap: past the last tile
 * row's vectors whatever the tile column's offset (< n). */
TPX_HD long long tpx_tg_head(int bx, int by, int n, long long s, long long gap)
{
    long long r = tpx_ts_rows(by, n), v = tpx_tg_v(bx, n);
    return tpx_cdiv(n - 1 + (r - 1) * s + gap * ((r - 1) / n) + v * n, n) * n;
}
TPX_HD long long tpx_tg_smem(int bx, int by, int n)
{
    long long v = tpx_tg_v(bx, n), s = v * n + n - 1; /* the widest step, and a gap */
    return tpx_tg_head(bx, by, n, s, n) + n - 1 + (2LL * n - 2) * s + n * ((2LL * n - 2) / n) + v * n;
}
TPX_HD int tpx_tg_reps(int bx, int by, int n)
{
    long long slots = (long long)tpx_tg_rows(by, n) * tpx_tg_v(bx, n);
    int r0 = (int)tpx_cdiv(slots, (long long)bx * by), r1 = n * tpx_ts_reps1(by, n);
    return r0 > r1 ? r0 : r1;
}

#include "tpx_strip_sizes.h" /* tile_strip's sizes */

/* A block's tile height counted in accesses along grid y (rows of sub-blocks
 * for TPX_TILE_VSQUARE): what BY must divide for TPX_REPS_WALK. */
TPX_HD int tpx_tile_height(tpx_kernel_id k, int bx, int by)
{
    tpx_tile_shape t = tpx_traits_of(k).tile;
    return t == TPX_TILE_SQUARE || t == TPX_TILE_VSQUARE ? bx : by;
}

/* The tile's height in elements (rows of A) with vec elements per access. */
TPX_HD int tpx_tile_rows(tpx_kernel_id k, int bx, int by, int vec)
{
    if (tpx_traits_of(k).tile == TPX_TILE_SEC)
        return tpx_ts_ty(by, vec > 1 ? vec : 1);
    if (tpx_traits_of(k).tile == TPX_TILE_STRIP)
        return ((tpx_traits_of(k).flags & TPX_KF_GATHER) ? TPX_SV_EPT : TPX_SP_REPS) * by;
    int v = tpx_traits_of(k).tile == TPX_TILE_VSQUARE && vec > 1 ? vec : 1;
    return tpx_tile_height(k, bx, by) * v;
}

/* The elements one access of g moves (a zeroed geometry means one). */
TPX_HD int tpx_vec(const tpx_geom *g) { return g->vec > 1 ? g->vec : 1; }

/* Moves per thread in each phase. */
TPX_HD int tpx_reps(tpx_kernel_id k, const tpx_geom *g)
{
#ifdef TPX_HOST_USER
    if (tpx_is_user(k))
        return tpx_user_reps(k, g);
#endif
    int r = tpx_traits_of(k).reps;
    if (r == TPX_REPS_SEC)
        return tpx_ts_reps0(g->by, tpx_vec(g));
    if (r == TPX_REPS_GATHER)
        return tpx_tg_reps(g->bx, g->by, tpx_vec(g));
    return r == TPX_REPS_WALK ? tpx_tile_rows(k, g->bx, g->by, tpx_vec(g)) / g->by : r;
}

/* Elements one move of a phase loads: tpx_vec, except a TPX_KF_VECOUT
 * kernel's phase 0 and a TPX_KF_GATHER kernel's phase 1, which load single
 * elements (their indices count them). */
TPX_HD int tpx_phase_vec(tpx_kernel_id k, const tpx_geom *g, int phase)
{
    unsigned f = tpx_traits_of(k).flags;
    return ((f & TPX_KF_VECOUT) && phase == 0) || ((f & TPX_KF_GATHER) && phase == 1) ? 1
                                                                                      : tpx_vec(g);
}

/* Moves of a phase whose loads one store writes: 1, or for a TPX_KF_GATHER
 * kernel's phase 1, vec consecutive moves (a gather group): each loads one
 * element, and only the group's last stores, a vector of vec elements at its
 * dst (counted in vectors), element j the load of the group's move j. */
TPX_HD int tpx_gather_group(tpx_kernel_id k, const tpx_geom *g, int phase)
{
    return (tpx_traits_of(k).flags & TPX_KF_GATHER) && phase == 1 ? tpx_vec(g) : 1;
}

/* Elements one move of a phase stores: its load's, or a gather group's. */
TPX_HD int tpx_store_vec(tpx_kernel_id k, const tpx_geom *g, int phase)
{
    return tpx_phase_vec(k, g, phase) * tpx_gather_group(k, g, phase);
}

/* Whether a move of rep stores: every move, or a gather group's last. */
TPX_HD int tpx_rep_stores(tpx_kernel_id k, const tpx_geom *g, int phase, int rep)
{
    int gs = tpx_gather_group(k, g, phase);
    return rep % gs == gs - 1;
}

/* Moves of a phase that exchange elements: 1 (a move stores what it loaded)
 * or, for a TPX_KF_REGT kernel's phase 0, vec consecutive moves (a group)
 * whose N x N elements are transposed in registers between the loads and
 * the stores: element j of the load of the group's move k is element k of
 * the store of its move j. */
TPX_HD int tpx_regt_group(tpx_kernel_id k, const tpx_geom *g, int phase)
{
    return (tpx_traits_of(k).flags & TPX_KF_REGT) && phase == 0 ? tpx_vec(g) : 1;
}

/* Elements one access of kernel k moves: a TPX_KF_VEC16 kernel moves 16 bytes
 * (16 / esize elements) when every row of A and B starts on a 16-byte
 * boundary (the buffers themselves are 256-byte aligned), else one element:
 * the whole launch falls back, so each instruction has one width and the
 * model counts exactly what runs.  Every other kernel moves one element. */
TPX_HD int tpx_vec_elems(tpx_kernel_id k, int esize, long long w, long long h)
{
    int n = esize > 0 && esize <= 16 ? 16 / esize : 1;
    if (tpx_traits_of(k).flags & (TPX_KF_VECOUT | TPX_KF_GATHER)) /* units need no aligned row */
        return n;
    if (!(tpx_traits_of(k).flags & TPX_KF_VEC16) || w % n != 0)
        return 1;
    if (!(tpx_traits_of(k).flags & TPX_KF_COPY) && h % n != 0)
        return 1;
    return n;
}

/* CUDA's grid stops at 65535 blocks in y (every compute capability) and at
 * 2^31 - 1 in x.  A catalog kernel's grid taller than that (a matrix of a few
 * columns and millions of rows) launches folded: its GX GY blocks in one row,
 * in the order CUDA issues a 2-D grid anyway (x first, so the model's launch
 * order holds), each block finding its (bx, by) as (id mod GX, id / GX)
 * (tpx_launch_tile, kernels/tpx_kernel_body.cuh). */
#define TPX_GRID_Y_MAX 65535LL
TPX_HD int tpx_grid_folded(long long gy) { return gy > TPX_GRID_Y_MAX; }

/* Grid dimensions (long long: callers check limits): a block spans
 * xper * vec * BX along grid x and its tile's height along grid y. */
TPX_HD void tpx_grid_dims(tpx_kernel_id k, long long w, long long h, int bx, int by, int vec,
                          long long *gx, long long *gy)
{
#ifdef TPX_HOST_USER
    if (tpx_is_user(k)) {
        tpx_geom g = {w, h, bx, by, 0, 0, 0, 0, 1, 0};
        tpx_user_grid(k, &g, gx, gy);
        return;
    }
#endif
    if (tpx_traits_of(k).tile == TPX_TILE_STRIP) { /* strips along the long side, in a row */
        long long kk = (tpx_traits_of(k).flags & TPX_KF_GATHER) ? tpx_sv_k(w, h, bx, by, vec)
                                                                 : tpx_sp_k(w, h, bx, by);
        *gx = tpx_cdiv(tpx_sp_long(w, h), kk > 0 ? kk : 1);
        *gy = 1;
        return;
    }
    long long xs = tpx_grid_covers_b(k) ? h : w; /* extent along grid x */
    long long ys = tpx_grid_covers_b(k) ? w : h; /* extent along grid y */
    int v = vec > 1 && tpx_traits_of(k).tile != TPX_TILE_SEC ? vec : 1; /* tile_sec: a lane per column */
    *gx = tpx_cdiv(xs, (long long)tpx_traits_of(k).xper * v * bx);
    *gy = tpx_cdiv(ys, tpx_tile_rows(k, bx, by, vec));
}

/* Shared tile size in elements (0 for kernels without a tile): rows of BX
 * accesses plus the padding (counted in accesses), vec elements each. */
TPX_HD long long tpx_smem_elems(tpx_kernel_id k, int bx, int by, int pad, int vec)
{
    if (!tpx_has_tile(k))
        return 0;
#ifdef TPX_HOST_USER
    if (tpx_is_user(k)) {
        tpx_geom g = {0, 0, bx, by, 0, 0, pad, 0, 1, 0};
        return tpx_user_smem(k, &g);
    }
#endif
    if ((tpx_traits_of(k).flags & TPX_KF_GATHER) && tpx_traits_of(k).tile == TPX_TILE_STRIP)
        return tpx_sv_smem(bx, by, vec > 1 ? vec : 1);
    if (tpx_traits_of(k).flags & TPX_KF_GATHER)
        return tpx_tg_smem(bx, by, vec > 1 ? vec : 1);
    if (tpx_traits_of(k).tile == TPX_TILE_SEC)
        return (long long)bx * tpx_ts_pitch(by, vec > 1 ? vec : 1);
    int v = tpx_traits_of(k).tile == TPX_TILE_VSQUARE && vec > 1 ? vec : 1;
    return (long long)tpx_tile_rows(k, bx, by, vec) * (bx + pad) * v;
}

#endif /* TPX_TRAITS_H */
