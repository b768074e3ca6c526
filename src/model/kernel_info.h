/* kernel_info: what a kernel is called and what it teaches, the type the
 * catalog (catalog.h) gives for each row of the kernel table and the
 * registry of user kernels (user.h) for each kernel added to it. */
#ifndef TPX_KERNEL_INFO_H
#define TPX_KERNEL_INFO_H

#include "tpx_index.h"

typedef struct tpx_kernel_info {
    tpx_kernel_id id;
    const char *name;    /* command-line id, e.g. "naive_row" */
    const char *title;   /* short human title */
    const char *idea;    /* one line: what it teaches */
    const char *seed;    /* where it comes from */
    const char *text;    /* a paragraph of explanation */
} tpx_kernel_info;

#endif
