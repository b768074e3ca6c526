#include "runner_cuda_nvrtc.h"

#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <nvrtc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ukernel_cuda.h"

/* kernels/tpx_expr.h, embedded at build time (generated/tpx_expr_src.c). */
extern const char tpx_expr_src[];

#define NVRTC_CACHE 64

typedef struct nvrtc_fns {
    void *lib;
    nvrtcResult (*create)(nvrtcProgram *, const char *, const char *, int, const char *const *,
                          const char *const *);
    nvrtcResult (*compile)(nvrtcProgram, int, const char *const *);
    nvrtcResult (*log_size)(nvrtcProgram, size_t *);
    nvrtcResult (*log)(nvrtcProgram, char *);
    nvrtcResult (*cubin_size)(nvrtcProgram, size_t *);
    nvrtcResult (*cubin)(nvrtcProgram, char *);
    nvrtcResult (*destroy)(nvrtcProgram *);
    nvrtcResult (*version)(int *, int *);
    const char *(*error)(nvrtcResult);
} nvrtc_fns;

typedef struct cached {
    unsigned long long hash;
    char *cubin;
    size_t size;
} cached;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static nvrtc_fns fns;
static char open_why[256];
static cached cache[NVRTC_CACHE];
static int ncached;

/* dlopen's the NVRTC of the toolkit tpx was built with (its soname, then
 * that toolkit's library directory); under the lock. */
static int nvrtc_open(void)
{
    if (fns.lib)
        return 0;
    if (open_why[0])
        return -1;
    char name[32], path[512];
    snprintf(name, sizeof name, "libnvrtc.so.%d", CUDART_VERSION / 1000);
    snprintf(path, sizeof path, "%s/%s", TPX_CUDA_LIBDIR, name);
    void *lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (!lib)
        lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(open_why, sizeof open_why, "NVRTC is not installed here (%s), so a kernel of "
                 "the kernel language cannot be compiled; the model works without it", name);
        return -1;
    }
    nvrtc_fns f = {.lib = lib};
    /* POSIX: a data pointer from dlsym converts to a function pointer */
    *(void **)&f.create = dlsym(lib, "nvrtcCreateProgram");
    *(void **)&f.compile = dlsym(lib, "nvrtcCompileProgram");
    *(void **)&f.log_size = dlsym(lib, "nvrtcGetProgramLogSize");
    *(void **)&f.log = dlsym(lib, "nvrtcGetProgramLog");
    *(void **)&f.cubin_size = dlsym(lib, "nvrtcGetCUBINSize");
    *(void **)&f.cubin = dlsym(lib, "nvrtcGetCUBIN");
    *(void **)&f.destroy = dlsym(lib, "nvrtcDestroyProgram");
    *(void **)&f.version = dlsym(lib, "nvrtcVersion");
    *(void **)&f.error = dlsym(lib, "nvrtcGetErrorString");
    if (!f.create || !f.compile || !f.log_size || !f.log || !f.cubin_size || !f.cubin ||
        !f.destroy || !f.version || !f.error) {
        snprintf(open_why, sizeof open_why, "%s lacks the entry points tpx needs", name);
        dlclose(lib);
        return -1;
    }
    fns = f;
    return 0;
}

int nvrtc_user_version(char *buf, size_t n)
{
    pthread_mutex_lock(&lock);
    int rc = nvrtc_open(), major = 0, minor = 0;
    if (rc == 0)
        fns.version(&major, &minor);
    snprintf(buf, n, "%s", open_why);
    pthread_mutex_unlock(&lock);
    if (rc == 0)
        snprintf(buf, n, "%d.%d", major, minor);
    return rc;
}

static unsigned long long fnv(unsigned long long h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ULL;
    return h;
}

static const char *uint_of(int bytes)
{
    return bytes == 8 ? "unsigned long long" : bytes == 2 ? "unsigned short" : "unsigned int";
}

/* NVRTC's log, its first lines, into msg (the source is ours: an error is a
 * bug of tpx's generator, said as such). */
static void log_into(nvrtcProgram prog, char *msg, size_t n)
{
    size_t len = 0;
    fns.log_size(prog, &len);
    char *log = malloc(len + 1);
    if (!log) {
        snprintf(msg, n, "NVRTC failed (and its log did not fit in memory)");
        return;
    }
    log[0] = '\0';
    fns.log(prog, log);
    for (char *c = log; *c; c++)
        if ((unsigned char)*c < 0x20 || (unsigned char)*c > 0x7e)
            *c = ' ';
    snprintf(msg, n, "NVRTC refused the generated CUDA (a tpx bug): %.300s", log);
    free(log);
}

/* Compiles src for the options; under the lock. */
static int compile(const char *src, const char *const *opts, int nopts, char **out, size_t *size,
                   char *msg, size_t n)
{
    nvrtcProgram prog;
    nvrtcResult r = fns.create(&prog, src, "tpx_user.cu", 0, NULL, NULL);
    if (r != NVRTC_SUCCESS) {
        snprintf(msg, n, "nvrtcCreateProgram: %s", fns.error(r));
        return -1;
    }
    r = fns.compile(prog, nopts, opts);
    if (r != NVRTC_SUCCESS) {
        log_into(prog, msg, n);
        fns.destroy(&prog);
        return -1;
    }
    fns.cubin_size(prog, size);
    *out = malloc(*size ? *size : 1);
    if (!*out || fns.cubin(prog, *out) != NVRTC_SUCCESS) {
        free(*out);
        snprintf(msg, n, "NVRTC gave no CUBIN");
        fns.destroy(&prog);
        return -1;
    }
    fns.destroy(&prog);
    return 0;
}

int nvrtc_user_cubin(const ukernel *k, const nvrtc_target *t, const void **cubin, size_t *size,
                     unsigned long long *key, char *msg, size_t n)
{
    char *body = ukernel_cuda(k);
    if (!body) {
        snprintf(msg, n, "out of memory for the kernel's CUDA");
        return -1;
    }
    size_t len = strlen(tpx_expr_src) + strlen(body) + 256;
    char *src = malloc(len);
    if (!src) {
        free(body);
        snprintf(msg, n, "out of memory for the kernel's CUDA");
        return -1;
    }
    char shape[96] = "";
    for (int p = 0; p < 2; p++)
        if (t->reps[p] > 0) {
            size_t used = strlen(shape);
            snprintf(shape + used, sizeof shape - used, "#define TPX_REPS%d_C %dLL\n", p,
                     t->reps[p]);
        }
    snprintf(src, len, "%s#define TPX_ELEM_T %s\n#define TPX_TILE_T %s\n%s\n%s", shape,
             uint_of(t->esize), uint_of(t->tile_esize ? t->tile_esize : t->esize), tpx_expr_src,
             body);
    free(body);
    char arch[48];
    snprintf(arch, sizeof arch, "--gpu-architecture=sm_%d%d", t->cc_major, t->cc_minor);
    const char *opts[] = {arch, "-default-device", "--std=c++17"};
    unsigned long long h = fnv(fnv(14695981039346656037ULL, src, strlen(src)), arch, strlen(arch));
    *key = h;
    int rc = -1;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < ncached; i++)
        if (cache[i].hash == h) {
            *cubin = cache[i].cubin;
            *size = cache[i].size;
            rc = 0;
        }
    if (rc != 0 && nvrtc_open() != 0)
        snprintf(msg, n, "%s", open_why);
    else if (rc != 0) {
        char *out;
        rc = compile(src, opts, 3, &out, size, msg, n);
        if (rc == 0) {
            /* the cache keeps what it holds until tpx exits; a full one drops its oldest */
            if (ncached == NVRTC_CACHE) {
                free(cache[0].cubin);
                memmove(cache, cache + 1, sizeof cache[0] * (NVRTC_CACHE - 1));
                ncached--;
            }
            cache[ncached++] = (cached){h, out, *size};
            *cubin = out;
        }
    }
    pthread_mutex_unlock(&lock);
    free(src);
    return rc;
}
