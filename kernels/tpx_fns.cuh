/* tpx_fns.cuh: each kernel file's lookup, from (kernel, element size, reps)
 * to its compiled __global__ function; NULL when the file has none.  Used by
 * launch.cu only. */
#ifndef TPX_FNS_CUH
#define TPX_FNS_CUH

#include "tpx_index.h"

const void *tpx_fn_copy(tpx_kernel_id k, int esize);
const void *tpx_fn_naive(tpx_kernel_id k, int esize);
const void *tpx_fn_unroll4(tpx_kernel_id k, int esize);
const void *tpx_fn_diagonal(tpx_kernel_id k, int esize);
const void *tpx_fn_smem(tpx_kernel_id k, int esize);
const void *tpx_fn_tile_rows(int esize, int reps);

#endif
