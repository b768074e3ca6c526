/* mankeys: prints the parts of the man page that come from the explorer's
 * tables, so that the man page, the help overlay, the tabs and the hint
 * line cannot disagree.  Run at build time (src/explorer/man/CMakeLists.txt):
 *   tpx_mankeys keys    the KEYS section: the key table, group by group,
 *                       the views' keys first in the Views group;
 *   tpx_mankeys views   the views, one ".IP" each, for DESCRIPTION;
 *   tpx_mankeys names   "map, banks, ... or compare", for tpx export --view. */
#include <stdio.h>
#include <string.h>

#include "keys.h"
#include "views.h"

/* roff needs a backslash before '-' and a leading '.' or '\'' escaped. */
static void roff_text(const char *s)
{
    for (; *s; s++) {
        if (*s == '-' || *s == '\\')
            putchar('\\');
        putchar(*s);
    }
}

/* ".TP\n.B label\nhelp" */
static void item(const char *label, const char *title, const char *help)
{
    printf(".TP\n.B ");
    roff_text(label);
    printf("\n");
    if (title) {
        roff_text(title);
        printf(": ");
    }
    roff_text(help);
    printf("\n");
}

static void keys_section(void)
{
    int n, nv;
    const tpx_keydef *t = keys_table(&n);
    const tpx_view *v = views_table(&nv);
    for (int g = 0; g < TPX_KG_COUNT; g++) {
        printf(".SS %s\n", keys_group_title((tpx_key_group)g));
        for (int i = 0; g == TPX_KG_VIEWS && i < nv; i++) {
            char key[16];
            keys_name(v[i].key, key, sizeof key);
            item(key, v[i].title, v[i].help);
        }
        for (int i = 0; i < n; i++)
            if ((int)t[i].group == g)
                item(t[i].label, NULL, t[i].help);
    }
}

static void views_list(void)
{
    int nv;
    const tpx_view *v = views_table(&nv);
    for (int i = 0; i < nv; i++) {
        char key[16];
        keys_name(v[i].key, key, sizeof key);
        printf(".IP \"%s %s\" 14\n", key, v[i].title);
        roff_text(v[i].help);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "keys";
    if (strcmp(what, "keys") == 0)
        keys_section();
    else if (strcmp(what, "views") == 0)
        views_list();
    else if (strcmp(what, "names") == 0)
        roff_text(views_names_list());
    else {
        fprintf(stderr, "usage: tpx_mankeys keys|views|names\n");
        return 2;
    }
    return ferror(stdout) ? 1 : 0;
}
