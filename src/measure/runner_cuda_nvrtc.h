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

/* The CUBIN of kernel k for elements of esize bytes, a tile of tile_esize
 * (0: the element's), compute capability cc_major.cc_minor.  0 with *cubin
 * (owned by the cache: valid until tpx exits) and *size, or -1 with why in
 * msg (NVRTC missing, or its log's first lines). */
int nvrtc_user_cubin(const ukernel *k, int esize, int tile_esize, int cc_major, int cc_minor,
                     const void **cubin, size_t *size, char *msg, size_t n);

/* NVRTC's version ("13.0"), or -1 with why it cannot be opened. */
int nvrtc_user_version(char *buf, size_t n);

#endif
