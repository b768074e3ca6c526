/* runner_cuda_nvrtc: a user kernel (the kernel language, docs/language.md)
 * compiled at run time with NVRTC into a CUBIN for one GPU architecture.
 * NVRTC is opened with dlopen on first use, as cuBLAS is (no NVRTC: a
 * message, and the model goes on); compiled kernels are kept by the hash of
 * everything that went into them (source, element and tile widths,
 * architecture), so a config seen again costs nothing.  Needs no GPU: the
 * tests compile every catalog kernel's generated source for sm_90 in CI. */
#ifndef TPX_RUNNER_CUDA_NVRTC_H
#define TPX_RUNNER_CUDA_NVRTC_H

#include <stddef.h>

#include "ukernel.h"

/* What one compile is for: kernel k for elements of esize bytes, a tile of
 * tile_esize (0: the element's), reps[p] repetitions of phase p (the
 * config's ukernel_reps: a constant the loop unrolls over; 0: counted at
 * run time), compute capability cc_major.cc_minor. */
typedef struct nvrtc_target {
    int esize, tile_esize, reps[2], cc_major, cc_minor;
} nvrtc_target;

/* The CUBIN of k for t: 0 with *cubin (owned by the cache, valid until the
 * cache drops it: copy or load it before the next call), *size and *key
 * (the hash of source and options: what to remember a loaded module by, as
 * a dropped CUBIN's address may come back for another), or -1 with why in
 * msg (NVRTC missing, or its log's first lines). */
int nvrtc_user_cubin(const ukernel *k, const nvrtc_target *t, const void **cubin, size_t *size,
                     unsigned long long *key, char *msg, size_t n);

/* NVRTC's version ("13.0"), or -1 with why it cannot be opened. */
int nvrtc_user_version(char *buf, size_t n);

#endif
