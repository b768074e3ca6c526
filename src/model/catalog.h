/* catalog: what each kernel is called, what it teaches and where it comes from. */
#ifndef TPX_CATALOG_H
#define TPX_CATALOG_H

#include "tpx_index.h"

typedef struct tpx_kernel_info {
    tpx_kernel_id id;
    const char *name;    /* command-line id, e.g. "naive_row" */
    const char *title;   /* short human title */
    const char *idea;    /* one line: what it teaches */
    const char *seed;    /* where it comes from */
    const char *text;    /* a paragraph of explanation */
    int modelled;        /* 0 for the references, which are only measured */
} tpx_kernel_info;

const tpx_kernel_info *catalog_get(tpx_kernel_id id);
const char *catalog_name(tpx_kernel_id id);
/* Kernel by command-line id; -1 if unknown. */
int catalog_find(const char *name);
/* "copy_row, copy_col, ..." for messages. */
const char *catalog_names_list(void);

#endif
