#include "ucheck_map.h"

#include <stdlib.h>
#include <string.h>

#include "catalog.h"

/* Level k + 1 from level k: each entry the OR of (up to) 2 x 2 below it. */
static int coarsen(ucheck_map *m, int k)
{
    long long r = (m->lr[k] + 1) / 2, c = (m->lc[k] + 1) / 2;
    unsigned char *up = calloc((size_t)(r * c), 1), *lo = m->lev[k];
    if (!up)
        return -1;
    for (long long i = 0; i < m->lr[k]; i++)
        for (long long j = 0; j < m->lc[k]; j++)
            up[(i / 2) * c + j / 2] |= lo[i * m->lc[k] + j];
    m->lev[k + 1] = up;
    m->lr[k + 1] = r;
    m->lc[k + 1] = c;
    return 0;
}

ucheck_map *ucheck_map_adopt(const tpx_config *c, const ucheck_report *r, unsigned char *marks)
{
    ucheck_map *m = calloc(1, sizeof *m);
    if (!m) {
        free(marks);
        return NULL;
    }
    atomic_init(&m->refs, 1);
    m->cfg = *c;
    m->rep = *r;
    m->copy = tpx_is_copy(c->kernel);
    m->cols = m->copy ? c->w : c->h; /* B: H x W copied, W x H transposed */
    m->rows = c->w * c->h / (m->cols > 0 ? m->cols : 1);
    if (!marks)
        return m;
    m->lev[0] = marks;
    m->lr[0] = m->rows;
    m->lc[0] = m->cols;
    m->nlev = 1;
    while (m->nlev < UCHECK_MAP_LEVELS &&
           (m->lr[m->nlev - 1] > 1 || m->lc[m->nlev - 1] > 1)) {
        if (coarsen(m, m->nlev - 1) != 0) {
            ucheck_map_release(m);
            return NULL;
        }
        m->nlev++;
    }
    return m;
}

ucheck_map *ucheck_map_build(const tpx_config *c, const atomic_int *cancel, int *rc)
{
    ucheck_report r;
    unsigned char *marks;
    *rc = ucheck_run_marks(c, &r, &marks, cancel);
    if (*rc == 1)
        return NULL;
    ucheck_map *m = ucheck_map_adopt(c, &r, marks);
    if (!m)
        *rc = -1;
    return m;
}

ucheck_map *ucheck_map_ref(ucheck_map *m)
{
    if (m)
        atomic_fetch_add(&m->refs, 1);
    return m;
}

void ucheck_map_release(ucheck_map *m)
{
    if (!m || atomic_fetch_sub(&m->refs, 1) != 1)
        return;
    for (int k = 0; k < m->nlev; k++)
        free(m->lev[k]);
    free(m);
}

unsigned ucheck_map_at(const ucheck_map *m, long long r, long long c, long long s)
{
    if (!m || !m->nlev || s < 1 || r >= m->rows || c >= m->cols || r + s <= 0 || c + s <= 0)
        return 0;
    long long r1 = r + s - 1 < m->rows ? r + s - 1 : m->rows - 1;
    long long c1 = c + s - 1 < m->cols ? c + s - 1 : m->cols - 1;
    r = r < 0 ? 0 : r;
    c = c < 0 ? 0 : c;
    /* The coarsest level whose squares tile the cell exactly: no larger than
     * it and aligned with its corner.  A cell aligned to its size (the Map's
     * are) is one entry; any other, more entries of a finer level. */
    int k = 0;
    while (k + 1 < m->nlev && (2LL << k) <= s && r % (2LL << k) == 0 && c % (2LL << k) == 0)
        k++;
    unsigned bits = 0;
    for (long long i = r >> k; i <= r1 >> k; i++)
        for (long long j = c >> k; j <= c1 >> k; j++)
            bits |= m->lev[k][i * m->lc[k] + j];
    return bits;
}

unsigned ucheck_map_at_a(const ucheck_map *m, long long r, long long c, long long s)
{
    /* B[x * H + y] should hold A[y * W + x]: A's row y, column x is B's row
     * x, column y, so A's square at (r, c) is B's at (c, r) */
    return m && m->copy ? ucheck_map_at(m, r, c, s) : ucheck_map_at(m, c, r, s);
}

void ucheck_map_rc(const ucheck_map *m, long long i, long long *r, long long *c)
{
    *r = m->cols > 0 ? i / m->cols : 0;
    *c = m->cols > 0 ? i % m->cols : 0;
}
