#include "check_memo.h"

#include <pthread.h>
#include <string.h>

/* A handful: the current config and the few before it (going back is
 * instant); each map is W * H bytes and a third more, so older maps go
 * first beyond CHECK_MEMO_BYTES (one 8192x8192 map, 85 MiB, stays alone). */
#define CHECK_MEMO_SLOTS 3
#define CHECK_MEMO_BYTES (96LL << 20)

static ucheck_map *memo[CHECK_MEMO_SLOTS]; /* newest first */
static int nwant; /* the current config, the pinned A, the editor's draft */
static tpx_config want[CHECK_MEMO_SLOTS];
static pthread_mutex_t memo_lock = PTHREAD_MUTEX_INITIALIZER;

void check_memo_want(const tpx_config *c) { check_memo_want_set(c, c ? 1 : 0); }

void check_memo_want_set(const tpx_config *list, int n)
{
    pthread_mutex_lock(&memo_lock); /* at once: a check ending now sees all or none */
    nwant = 0;
    for (int i = 0; i < n && nwant < CHECK_MEMO_SLOTS; i++)
        want[nwant++] = list[i];
    pthread_mutex_unlock(&memo_lock);
}

void check_memo_want_more(const tpx_config *c)
{
    pthread_mutex_lock(&memo_lock);
    int have = 0;
    for (int i = 0; c && i < nwant; i++)
        have |= config_same(&want[i], c);
    if (c && !have && nwant < CHECK_MEMO_SLOTS)
        want[nwant++] = *c;
    pthread_mutex_unlock(&memo_lock);
}

/* The slot holding c, or -1.  Under the lock. */
static int find(const tpx_config *c)
{
    for (int i = 0; i < CHECK_MEMO_SLOTS; i++)
        if (memo[i] && config_same(&memo[i]->cfg, c))
            return i;
    return -1;
}

static int wanted(const tpx_config *c)
{
    pthread_mutex_lock(&memo_lock);
    int w = 0;
    for (int i = 0; i < nwant; i++)
        w |= config_same(&want[i], c);
    pthread_mutex_unlock(&memo_lock);
    return w;
}

static long long map_bytes(const ucheck_map *m)
{
    long long b = 0;
    for (int k = 0; k < m->nlev; k++)
        b += m->lr[k] * m->lc[k];
    return b;
}

/* Puts m first, dropping the oldest (or c's older map), and the older ones
 * past the byte budget.  Takes m's reference. */
static void keep(ucheck_map *m)
{
    ucheck_map *gone[CHECK_MEMO_SLOTS + 1] = {NULL};
    int ngone = 0;
    pthread_mutex_lock(&memo_lock);
    int i = find(&m->cfg);
    gone[ngone++] = memo[i >= 0 ? i : CHECK_MEMO_SLOTS - 1];
    for (int j = i >= 0 ? i : CHECK_MEMO_SLOTS - 1; j > 0; j--)
        memo[j] = memo[j - 1];
    memo[0] = m;
    long long bytes = map_bytes(m);
    for (int j = 1; j < CHECK_MEMO_SLOTS; j++) {
        if (memo[j] && (bytes += map_bytes(memo[j])) > CHECK_MEMO_BYTES) {
            bytes -= map_bytes(memo[j]);
            gone[ngone++] = memo[j];
            memo[j] = NULL;
        }
    }
    pthread_mutex_unlock(&memo_lock);
    for (int j = 0; j < ngone; j++) /* outside the lock: the last reference frees */
        ucheck_map_release(gone[j]);
}

int check_memo_run(const tpx_config *c, ucheck_report *r, const atomic_int *cancel)
{
    ucheck_map *m = check_memo_get(c);
    if (!m && !wanted(c))
        return ucheck_run(c, r, cancel);
    int rc = 0;
    if (!m && !(m = ucheck_map_build(c, cancel, &rc)))
        return rc == 1 ? 1 : ucheck_run(c, r, cancel);
    *r = m->rep;
    rc = m->rep.checked ? 0 : -1;
    keep(m);
    return rc;
}

ucheck_map *check_memo_get(const tpx_config *c)
{
    pthread_mutex_lock(&memo_lock);
    int i = find(c);
    ucheck_map *m = i >= 0 ? ucheck_map_ref(memo[i]) : NULL;
    pthread_mutex_unlock(&memo_lock);
    return m;
}

int check_memo_has(const tpx_config *c)
{
    pthread_mutex_lock(&memo_lock);
    int h = find(c) >= 0;
    pthread_mutex_unlock(&memo_lock);
    return h;
}
