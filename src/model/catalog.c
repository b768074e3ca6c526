#include "catalog.h"

#include <stdio.h>
#include <string.h>

#include "user.h"

/* Names and texts from the kernel table (kernels/tpx_kernels.def); the
 * traits are read there too, through tpx_traits_of. */
static const tpx_kernel_info kernels[TPX_K_COUNT] = {
#define TPX_KERNEL(ID, sym, body, phases, reps, xper, tile, remap, flags, dbx, dby, title, idea,   \
                   seed, text)                                                                     \
    [TPX_K_##ID] = {TPX_K_##ID, #sym, title, idea, seed, text},
#define TPX_REFERENCE(ID, sym, ref, flags, title, idea, seed, text)                                \
    [TPX_K_##ID] = {TPX_K_##ID, #sym, title, idea, seed, text},
#include "tpx_kernels.def"
};

const tpx_kernel_info *catalog_get(tpx_kernel_id id)
{
    if (tpx_is_user((int)id))
        return user_info((int)id);
    if ((int)id < 0 || id >= TPX_K_COUNT)
        return NULL;
    return &kernels[id];
}

const char *catalog_name(tpx_kernel_id id)
{
    const tpx_kernel_info *k = catalog_get(id);
    return k ? k->name : "?";
}

int catalog_find(const char *name)
{
    for (int i = 0; name && i < TPX_K_COUNT; i++)
        if (strcmp(kernels[i].name, name) == 0)
            return i;
    return -1;
}

const char *catalog_names_list(void)
{
    static char list[512];
    if (list[0] == '\0')
        catalog_join(list, sizeof list, NULL, ", ");
    return list;
}

const char *catalog_no_source(tpx_kernel_id id)
{
    if ((int)id < 0 || id >= TPX_K_COUNT ||
        !(tpx_traits_of(id).flags & (TPX_KF_VECOUT | TPX_KF_GATHER)))
        return NULL;
    return "its stores are 16-byte units at every size, and the kernel language moves one "
           "element per access";
}

int catalog_join(char *buf, size_t n, int (*pick)(tpx_kernel_id), const char *last_sep)
{
    int picked[TPX_K_COUNT], np = 0;
    size_t used = 0;
    for (int i = 0; i < TPX_K_COUNT; i++)
        if (!pick || pick((tpx_kernel_id)i))
            picked[np++] = i;
    if (n > 0)
        buf[0] = '\0';
    for (int j = 0; j < np && n > 0; j++) {
        const char *sep = j == 0 ? "" : j == np - 1 ? last_sep : ", ";
        int w = snprintf(buf + used, n - used, "%s%s", sep, kernels[picked[j]].name);
        if (w < 0 || (size_t)w >= n - used)
            break;
        used += (size_t)w;
    }
    return np;
}
