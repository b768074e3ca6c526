/* catalog: what each kernel is called, what it teaches and where it comes from,
 * read from the kernel table (kernels/tpx_kernels.def).  Whether a kernel is
 * modelled, tiled, a copy ... is in the same table: tpx_traits_of(). */
#ifndef TPX_CATALOG_H
#define TPX_CATALOG_H

#include <stddef.h>

#include "kernel_info.h"

const tpx_kernel_info *catalog_get(tpx_kernel_id id);
const char *catalog_name(tpx_kernel_id id);
/* Kernel by command-line id; -1 if unknown. */
int catalog_find(const char *name);
/* "copy_row, copy_col, ..." for messages. */
const char *catalog_names_list(void);
/* The names of the kernels pick() accepts (every kernel if pick is NULL),
 * "a, b, c" with last_sep before the last one (e.g. " or "), into buf
 * (truncated to fit n).  Returns how many kernels were picked. */
int catalog_join(char *buf, size_t n, int (*pick)(tpx_kernel_id), const char *last_sep);
/* Why a catalog kernel has no source in the kernel language (from its traits:
 * TPX_KF_VECOUT, TPX_KF_GATHER), the one reason the list, the picker and the editor give;
 * NULL for a kernel that has one and for the references. */
const char *catalog_no_source(tpx_kernel_id id);

#endif
