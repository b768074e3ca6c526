#include "worker.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define CACHE 256

typedef struct entry {
    int used;
    unsigned long long stamp; /* last use, for replacement */
    tpx_config cfg;
    tpx_result res;
} entry;

struct worker {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    worker_fn fn;
    void *ctx;
    int repeat, quit;
    tpx_config want[TPX_WANT_MAX];
    int nwant;
    int busy;
    tpx_config job;
    atomic_int cancel;  /* read by the job without the lock; written with it */
    double progress;
    unsigned version;
    unsigned long long clock;
    entry cache[CACHE];
    tpx_result scratch; /* the job's output, outside the lock */
};

static entry *find(worker *w, const tpx_config *c)
{
    for (int i = 0; i < CACHE; i++)
        if (w->cache[i].used && config_same(&w->cache[i].cfg, c))
            return &w->cache[i];
    return NULL;
}

/* A slot for c: its own, a free one, or the least recently used. */
static entry *slot_for(worker *w, const tpx_config *c)
{
    entry *e = find(w, c);
    if (e)
        return e;
    e = &w->cache[0];
    for (int i = 0; i < CACHE; i++) {
        if (!w->cache[i].used)
            return &w->cache[i];
        if (w->cache[i].stamp < e->stamp)
            e = &w->cache[i];
    }
    e->used = 0;
    return e;
}

static int wanted(const worker *w, const tpx_config *c)
{
    for (int i = 0; i < w->nwant; i++)
        if (config_same(&w->want[i], c))
            return 1;
    return 0;
}

/* The next job, or 0 when there is none.  Called with the lock held. */
static int pick(worker *w, tpx_config *job)
{
    for (int i = 0; i < w->nwant; i++)
        if (!find(w, &w->want[i])) {
            *job = w->want[i];
            return 1;
        }
    if (w->repeat && w->nwant > 0) {
        entry *e = find(w, &w->want[0]);
        if (e && e->res.m.status == TPX_ST_OK) {
            *job = w->want[0];
            return 1;
        }
    }
    return 0;
}

/* Stores a finished job: a new measurement of a config already measured
 * replaces the figures and joins the ring.  Called with the lock held. */
static void store(worker *w, const tpx_config *c, const tpx_result *r)
{
    entry *e = find(w, c);
    tpx_result old;
    int had = e != NULL;
    if (had)
        old = e->res;
    else
        e = slot_for(w, c);
    e->used = 1;
    e->cfg = *c;
    e->stamp = ++w->clock;
    e->res = *r;
    e->res.nring = had ? old.nring : 0;
    e->res.runs = had ? old.runs : 0;
    if (had)
        memcpy(e->res.ring, old.ring, sizeof old.ring);
    if (r->m.status == TPX_ST_OK) {
        if (e->res.nring == TPX_RING) {
            memmove(e->res.ring, e->res.ring + 1, sizeof(double) * (TPX_RING - 1));
            e->res.nring--;
        }
        e->res.ring[e->res.nring++] = r->m.gbs;
        e->res.runs++;
    }
}

static void on_progress(void *ctx, double f)
{
    worker *w = ctx;
    pthread_mutex_lock(&w->mu);
    w->progress = f < 0 ? 0 : f > 1 ? 1 : f;
    w->version++;
    pthread_mutex_unlock(&w->mu);
}

static void *run(void *arg)
{
    worker *w = arg;
    pthread_mutex_lock(&w->mu);
    while (!w->quit) {
        tpx_config job;
        if (!pick(w, &job)) {
            pthread_cond_wait(&w->cv, &w->mu);
            continue;
        }
        w->job = job;
        w->busy = 1;
        atomic_store(&w->cancel, 0);
        w->progress = 0;
        w->version++;
        pthread_mutex_unlock(&w->mu);

        memset(&w->scratch, 0, sizeof w->scratch);
        int rc = w->fn(w->ctx, &job, &w->scratch, &w->cancel, on_progress, w);

        pthread_mutex_lock(&w->mu);
        w->busy = 0;
        if (rc == 0 && !atomic_load(&w->cancel))
            store(w, &job, &w->scratch);
        w->version++;
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

worker *worker_start(worker_fn fn, void *ctx, int repeat)
{
    worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->fn = fn;
    w->ctx = ctx;
    w->repeat = repeat;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    /* The signals a person sends the explorer (Ctrl-Z, Ctrl-C, a resize,
     * fg) go to the UI thread, whose handlers touch the terminal: a worker
     * never takes them (it inherits the mask set around its creation). */
    sigset_t quiet, old;
    sigemptyset(&quiet);
    static const int async_sigs[] = {SIGTSTP, SIGTTIN, SIGTTOU, SIGCONT, SIGWINCH,
                                     SIGINT,  SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof async_sigs / sizeof async_sigs[0]; i++)
        sigaddset(&quiet, async_sigs[i]);
    pthread_sigmask(SIG_BLOCK, &quiet, &old);
    int rc = pthread_create(&w->thread, NULL, run, w);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        pthread_mutex_destroy(&w->mu);
        pthread_cond_destroy(&w->cv);
        free(w);
        return NULL;
    }
    return w;
}

void worker_stop(worker *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    w->quit = 1;
    atomic_store(&w->cancel, 1);
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->thread, NULL);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    free(w);
}

void worker_want(worker *w, const tpx_config *list, int n)
{
    if (n > TPX_WANT_MAX)
        n = TPX_WANT_MAX;
    pthread_mutex_lock(&w->mu);
    memcpy(w->want, list, sizeof *list * (size_t)(n > 0 ? n : 0));
    w->nwant = n > 0 ? n : 0;
    if (w->busy && !wanted(w, &w->job))
        atomic_store(&w->cancel, 1);
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

int worker_get(worker *w, const tpx_config *c, tpx_result *out)
{
    pthread_mutex_lock(&w->mu);
    entry *e = find(w, c);
    if (e) {
        e->stamp = ++w->clock;
        *out = e->res;
    }
    pthread_mutex_unlock(&w->mu);
    return e != NULL;
}

void worker_forget(worker *w, const tpx_config *c)
{
    pthread_mutex_lock(&w->mu);
    entry *e = find(w, c);
    if (e)
        e->used = 0;
    if (w->busy && config_same(&w->job, c))
        atomic_store(&w->cancel, 1);
    w->version++;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

void worker_status_get(worker *w, worker_status *st)
{
    pthread_mutex_lock(&w->mu);
    st->busy = w->busy;
    st->cfg = w->job;
    st->progress = w->progress;
    st->version = w->version;
    st->pending = 0;
    for (int i = 0; i < w->nwant; i++)
        if (!find(w, &w->want[i]))
            st->pending++;
    pthread_mutex_unlock(&w->mu);
}
