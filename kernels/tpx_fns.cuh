/* tpx_fns.cuh: each kernel's lookup, from a geometry and an element size to
 * its compiled __global__ function (NULL when there is none), declared from
 * the kernel table: kernel <sym> defines tpx_fn_<sym> in its .cu file.
 * Used by launch.cu only. */
#ifndef TPX_FNS_CUH
#define TPX_FNS_CUH

#include "tpx_index.h"

#define TPX_KERNEL(ID, sym, ...) const void *tpx_fn_##sym(const tpx_geom *g, int esize);
#include "tpx_kernels.def"

#endif
