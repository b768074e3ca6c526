#include "user.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* One added kernel.  Everything but the inverse block order is fixed when
 * it is published; the inverse is built on first use for a geometry. */
typedef struct user_entry {
    ukernel k;
    char *text;
    char seed[128];
    tpx_kernel_info info;
    atomic_int listed; /* 0: a draft of the kernel editor (user_add_draft), not listed */
    pthread_mutex_t inv_lock;
    tpx_geom inv_g; /* the geometry inv was built for */
    int *inv;       /* tile (x + y * GX) -> launch block id, -1: none */
} user_entry;

static _Atomic(user_entry *) slots[USER_MAX];
static atomic_int nslots;

static user_entry *entry(int id)
{
    int i = id - TPX_K_USER;
    if (i < 0 || i >= atomic_load(&nslots))
        return NULL;
    return atomic_load_explicit(&slots[i], memory_order_acquire);
}

const ukernel *user_kernel(int id)
{
    user_entry *e = entry(id);
    return e ? &e->k : NULL;
}

const char *user_text(int id)
{
    user_entry *e = entry(id);
    return e ? e->text : NULL;
}

const tpx_kernel_info *user_info(int id)
{
    user_entry *e = entry(id);
    return e ? &e->info : NULL;
}

int user_count(void) { return atomic_load(&nslots); }

int user_listed(int id)
{
    user_entry *e = entry(id);
    return e && atomic_load(&e->listed);
}

int user_listed_count(void)
{
    int n = 0;
    for (int i = 0; i < user_count(); i++)
        n += user_listed(TPX_K_USER + i);
    return n;
}

int user_listed_id(int i)
{
    for (int k = 0; k < user_count(); k++)
        if (user_listed(TPX_K_USER + k) && i-- == 0)
            return TPX_K_USER + k;
    return -1;
}

int user_listed_index(int id)
{
    if (!user_listed(id))
        return -1;
    int n = 0;
    for (int k = TPX_K_USER; k < id; k++)
        n += user_listed(k);
    return n;
}

int user_find(const char *name)
{
    for (int i = user_count() - 1; name && i >= 0; i--)
        if (user_listed(TPX_K_USER + i) && strcmp(entry(TPX_K_USER + i)->k.name, name) == 0)
            return TPX_K_USER + i;
    return -1;
}

static void set_info(user_entry *e, int id, const char *origin)
{
    if (origin)
        text_sanitize(e->seed, sizeof e->seed, origin);
    else
        snprintf(e->seed, sizeof e->seed, "typed in the editor");
    e->info = (tpx_kernel_info){
        .id = (tpx_kernel_id)id,
        .name = e->k.name,
        .title = "Your kernel, in the kernel language",
        .idea = e->k.phases == 2 ? "Your index expressions, through a shared tile."
                                 : "Your index expressions, from A straight to B.",
        .seed = e->seed,
        .text = "A kernel written in tpx's kernel language (docs/language.md): tpx evaluates "
                "its index expressions on the CPU for the model, the views and the check, and "
                "on a GPU compiles the same expressions into CUDA with NVRTC.",
    };
}

/* Whether the kernel table has a row of that name (user kernels take
 * other names, so a name says one kernel). */
static int catalog_named(const char *name)
{
    static const char *const names[] = {
#define TPX_KERNEL(ID, sym, ...) #sym,
#define TPX_REFERENCE(ID, sym, ...) #sym,
#include "tpx_kernels.def"
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(names[i], name) == 0)
            return 1;
    return 0;
}

static int add(const char *text, size_t len, const char *origin, int listed, char *msg,
               size_t n)
{
    for (int i = 0; i < user_count(); i++) {
        user_entry *old = entry(TPX_K_USER + i);
        if (strlen(old->text) == len && memcmp(old->text, text, len) == 0) {
            if (listed) /* a draft used: the same entry, listed from now on */
                atomic_store(&old->listed, 1);
            return TPX_K_USER + i;
        }
    }
    char where[160] = "";
    if (origin)
        snprintf(where, sizeof where, "%s:", origin);
    if (user_count() >= USER_MAX) {
        snprintf(msg, n, "%sno room for another kernel: one run keeps %d; restart tpx", where,
                 USER_MAX);
        return -1;
    }
    user_entry *e = calloc(1, sizeof *e);
    ulang_err err;
    if (!e) {
        snprintf(msg, n, "%sout of memory", where);
        return -1;
    }
    if (ukernel_parse(text, len, &e->k, &err) != 0) {
        if (err.line > 0)
            snprintf(msg, n, "%s%d:%d: %s", where, err.line, err.col, err.msg);
        else
            snprintf(msg, n, "%s %s", where, err.msg);
        ukernel_free(&e->k);
        free(e);
        return -1;
    }
    if (catalog_named(e->k.name)) {
        snprintf(msg, n, "%sthe name %s is the catalog's: name your kernel otherwise (kernel "
                 "my_%s)", where, e->k.name, e->k.name);
        ukernel_free(&e->k);
        free(e);
        return -1;
    }
    e->text = malloc(len + 1);
    if (!e->text) {
        ukernel_free(&e->k);
        free(e);
        snprintf(msg, n, "%sout of memory", where);
        return -1;
    }
    memcpy(e->text, text, len);
    e->text[len] = '\0';
    pthread_mutex_init(&e->inv_lock, NULL);
    atomic_init(&e->listed, listed);
    int i = atomic_load(&nslots), id = TPX_K_USER + i;
    set_info(e, id, origin);
    atomic_store_explicit(&slots[i], e, memory_order_release);
    atomic_store(&nslots, i + 1);
    return id;
}

int user_add(const char *text, size_t len, const char *origin, char *msg, size_t n)
{
    return add(text, len, origin, 1, msg, n);
}

int user_add_draft(const char *text, size_t len, char *msg, size_t n)
{
    return add(text, len, NULL, 0, msg, n);
}

/* "line 3, column 7: " for a failing node of k. */
static void node_where(const ukernel *k, int at, char *buf, size_t n)
{
    if (at >= 0 && at < k->pool.n)
        snprintf(buf, n, "line %d, column %d: ", k->pool.node[at].line, k->pool.node[at].col);
    else
        snprintf(buf, n, "%s", "");
}

static int refuse_eval(const ukernel *k, const char *what, int err, int at, char *msg, size_t n)
{
    char where[64];
    node_where(k, at, where, sizeof where);
    snprintf(msg, n, "%s%s: %s", where, what, ulang_err_text(err));
    return -1;
}

int user_validate(int id, const tpx_geom *gin, char *msg, size_t n)
{
    user_entry *e = entry(id);
    if (!e) {
        snprintf(msg, n, "unknown kernel");
        return -1;
    }
    const ukernel *k = &e->k;
    tpx_geom g = *gin;
    long long gx, gy, rows, cols;
    int err, at;
    ukernel_grid(k, &g, &gx, &gy, &err, &at);
    if (err)
        return refuse_eval(k, "the grid", err, at, msg, n);
    if (gx < 1 || gy < 1) {
        snprintf(msg, n, "%s's grid is %lldx%lld blocks at %lldx%lld with %dx%d: a launch needs "
                 "at least one block each way", k->name, gx, gy, g.w, g.h, g.bx, g.by);
        return -1;
    }
    ukernel_tile(k, &g, &rows, &cols, &err, &at);
    if (err)
        return refuse_eval(k, "the tile's size", err, at, msg, n);
    if (k->phases == 2 && (rows < 1 || cols < 1)) {
        snprintf(msg, n, "%s's tile S is %lldx%lld at %dx%d: it needs at least one row and "
                 "column", k->name, rows, cols, g.bx, g.by);
        return -1;
    }
    g.gx = (int)(gx < (1LL << 30) ? gx : 1LL << 30);
    g.gy = (int)(gy < (1LL << 30) ? gy : 1LL << 30);
    for (int p = 0; p < k->phases; p++) {
        int r = ukernel_reps(k, &g, p, &err, &at);
        if (err)
            return refuse_eval(k, "reps", err, at, msg, n);
        if (r < 1 || r > UK_MAX_REPS) {
            snprintf(msg, n, "%s's phase %d has %s%d reps at %dx%d: 1 to %d moves per thread", k->name,
                     p + 1, r > UK_MAX_REPS ? "more than " : "", r > UK_MAX_REPS ? UK_MAX_REPS : r,
                     g.bx, g.by, UK_MAX_REPS);
            return -1;
        }
    }
    return 0;
}

/* ---- the hooks of kernels/tpx_traits.h ---------------------------------- */

tpx_traits tpx_user_traits(int k)
{
    user_entry *e = entry(k);
    if (!e)
        return tpx_mk_traits(TPX_BODY_CUSTOM, 0, 1, 1, TPX_TILE_NONE, TPX_REMAP_NONE,
                             TPX_REF_NONE, 0, 32, 8);
    /* the body: none of the table's (a user kernel runs as CUDA generated from it) */
    return tpx_mk_traits(TPX_BODY_CUSTOM, e->k.phases, 1, 1,
                         e->k.phases == 2 ? TPX_TILE_BLOCK : TPX_TILE_NONE,
                         TPX_REMAP_NONE, TPX_REF_NONE, e->k.copy ? TPX_KF_COPY : 0, 32, 8);
}

int tpx_user_reps(int k, const tpx_geom *g)
{
    user_entry *e = entry(k);
    int reps = 1, err, at;
    for (int p = 0; e && p < e->k.phases; p++) {
        int r = ukernel_reps(&e->k, g, p, &err, &at);
        reps = r > reps ? r : reps;
    }
    return reps > UK_MAX_REPS ? UK_MAX_REPS : reps;
}

void tpx_user_grid(int k, const tpx_geom *g, long long *gx, long long *gy)
{
    user_entry *e = entry(k);
    int err, at;
    *gx = *gy = 0;
    if (e)
        ukernel_grid(&e->k, g, gx, gy, &err, &at);
}

long long tpx_user_smem(int k, const tpx_geom *g)
{
    user_entry *e = entry(k);
    long long rows = 0, cols = 0;
    int err, at;
    if (e)
        ukernel_tile(&e->k, g, &rows, &cols, &err, &at);
    if (rows < 1 || cols < 1)
        return 0;
    /* a tile beyond 2^31 elements is more than any GPU has: say so through the size */
    return rows <= (1LL << 31) / cols ? rows * cols : 1LL << 31;
}

static int clamp_int(long long v) { return v < -1 ? -1 : v > 1 << 30 ? 1 << 30 : (int)v; }

void tpx_user_remap(int k, const tpx_geom *g, int bx, int by, int *tbx, int *tby)
{
    user_entry *e = entry(k);
    long long x = bx, y = by;
    int err, at;
    if (e)
        ukernel_remap(&e->k, g, bx, by, &x, &y, &err, &at);
    *tbx = clamp_int(x);
    *tby = clamp_int(y);
}

static int same_geom(const tpx_geom *a, const tpx_geom *b)
{
    return a->w == b->w && a->h == b->h && a->bx == b->bx && a->by == b->by && a->gx == b->gx &&
           a->gy == b->gy && a->pad == b->pad && a->swz == b->swz;
}

/* The inverse of the block order for g, built once per geometry: the
 * first block that works on each tile (a tile no block works on stays -1,
 * and the checker says so).  Grids beyond 2^22 blocks get none. */
static const int *inverse(user_entry *e, const tpx_geom *g)
{
    long long n = (long long)g->gx * g->gy;
    if (n <= 0 || n > (1LL << 22))
        return NULL;
    if (e->inv && same_geom(&e->inv_g, g))
        return e->inv;
    int *inv = realloc(e->inv, sizeof(int) * (size_t)n);
    if (!inv)
        return NULL;
    e->inv = inv;
    e->inv_g = *g;
    for (long long i = 0; i < n; i++)
        inv[i] = -1;
    for (long long b = n - 1; b >= 0; b--) {
        int tx, ty;
        tpx_user_remap(e->info.id, g, (int)(b % g->gx), (int)(b / g->gx), &tx, &ty);
        if (tx >= 0 && ty >= 0 && tx < g->gx && ty < g->gy)
            inv[tx + (long long)ty * g->gx] = (int)b;
    }
    return inv;
}

void tpx_user_unmap(int k, const tpx_geom *g, int tbx, int tby, int *bx, int *by)
{
    user_entry *e = entry(k);
    *bx = tbx;
    *by = tby;
    if (!e || (e->k.remap[0] < 0 && e->k.remap[1] < 0) || tbx < 0 || tby < 0 ||
        tbx >= g->gx || tby >= g->gy)
        return;
    pthread_mutex_lock(&e->inv_lock);
    const int *inv = inverse(e, g);
    int b = inv ? inv[tbx + (long long)tby * g->gx] : -1;
    pthread_mutex_unlock(&e->inv_lock);
    if (b >= 0) {
        *bx = b % g->gx;
        *by = b / g->gx;
    }
}

tpx_move tpx_user_move(int k, const tpx_geom *g, int phase, int rep, int tbx, int tby, int tx,
                       int ty)
{
    user_entry *e = entry(k);
    if (!e || phase >= e->k.phases)
        return tpx_mv(0, 0, 0);
    int err, at;
    if (rep >= ukernel_reps(&e->k, g, phase, &err, &at))
        return tpx_mv(0, 0, 0); /* the other phase has more reps: nothing here */
    long long rows, cols;
    ukernel_tile(&e->k, g, &rows, &cols, &err, &at);
    uk_eval ev;
    ukernel_move(&e->k, g, cols, phase, rep, tbx, tby, tx, ty, &ev);
    return ev.err ? tpx_mv(0, 0, 0) : ev.m;
}
