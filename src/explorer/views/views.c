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

int views_join(char *buf, size_t n, unsigned flags, const char *last_sep)
{
    int picked[VIEWS_N], np = 0;
    size_t used = 0;
    for (int i = 0; i < VIEWS_N; i++)
        if ((table[i].flags & flags) == flags)
            picked[np++] = i;
    if (n > 0)
        buf[0] = '\0';
    for (int j = 0; j < np && used < n; j++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s",
                                 j == 0 ? "" : j == np - 1 ? last_sep : ", ", table[picked[j]].name);
    return np;
}

const char *views_names_list(void)
{
    static char list[TPX_VIEW_MAX * 24];
    if (!list[0])
        views_join(list, sizeof list, 0, " or ");
    return list;
}
