/* The table of views, from views.def. */
#include "views.h"

#include <stdio.h>
#include <string.h>

#define TPX_VIEW_OPS(id, name, title, key, group, flags, help) extern const tpx_view_ops name##_view;
#define TPX_VIEW TPX_VIEW_OPS
#include "views.def"
#undef TPX_VIEW

static const tpx_view table[] = {
#define TPX_VIEW_ROW(id, name, title, key, group, flags, help)                                   \
    {#name, title, key, TPX_KG_##group, flags, help, &name##_view},
#define TPX_VIEW TPX_VIEW_ROW
#include "views.def"
#undef TPX_VIEW
};

#define VIEWS_N ((int)(sizeof table / sizeof table[0]))
_Static_assert(VIEWS_N <= (int)TPX_VIEW_MAX, "more views than TPX_VIEW_MAX (app_state.h)");

const tpx_view *views_table(int *n)
{
    *n = VIEWS_N;
    return table;
}

int views_find(const char *name)
{
    for (int i = 0; i < VIEWS_N; i++)
        if (strcmp(table[i].name, name) == 0)
            return i;
    return -1;
}

const char *views_names_list(void)
{
    static char list[TPX_VIEW_MAX * 24];
    if (!list[0]) {
        size_t used = 0;
        for (int i = 0; i < VIEWS_N && used < sizeof list; i++)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                     i == 0 ? "" : i == VIEWS_N - 1 ? " or " : ", ",
                                     table[i].name);
    }
    return list;
}
