/* mankeys: prints the KEYS section of the man page from the key table, so
 * that the man page, the help overlay and the hint line cannot disagree.
 * Run at build time (CMakeLists.txt); no curses, no app. */
#include <stdio.h>

#include "keys.h"

/* roff needs a backslash before '-' and a leading '.' or '\'' escaped. */
static void roff_text(const char *s)
{
    for (; *s; s++) {
        if (*s == '-' || *s == '\\')
            putchar('\\');
        putchar(*s);
    }
}

int main(void)
{
    int n;
    const tpx_keydef *t = keys_table(&n);
    for (int g = 0; g < TPX_KG_COUNT; g++) {
        printf(".SS %s\n", keys_group_title((tpx_key_group)g));
        for (int i = 0; i < n; i++) {
            if ((int)t[i].group != g)
                continue;
            printf(".TP\n.B ");
            roff_text(t[i].label);
            printf("\n");
            roff_text(t[i].help);
            printf("\n");
        }
    }
    return ferror(stdout) ? 1 : 0;
}
