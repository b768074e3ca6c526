/* ukernel_cuda: the CUDA C source of a user kernel, generated from the
 * nodes the CPU evaluates (ulang.h), operator by operator through the
 * functions of kernels/tpx_expr.h.  The source defines one kernel,
 * UKERNEL_CUDA_ENTRY, launched with the grid the kernel's expressions give
 * and dynamic shared memory for its tile; it needs, in front of it,
 * tpx_expr.h and the element types TPX_ELEM_T and TPX_TILE_T (unsigned
 * integers of the element's and the tile element's width). */
#ifndef TPX_UKERNEL_CUDA_H
#define TPX_UKERNEL_CUDA_H

#include "ukernel.h"

#define UKERNEL_CUDA_ENTRY "tpx_user_kernel"

/* The source (malloc'd, NUL-terminated), or NULL when out of memory. */
char *ukernel_cuda(const ukernel *k);

#endif
