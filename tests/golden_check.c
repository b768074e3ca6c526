#include "golden_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[n] = '\0';
    fclose(f);
    return buf;
}

static int spill(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    fputs(text, f);
    return fclose(f);
}

static void first_difference(const char *a, const char *b)
{
    int line = 1;
    while (*a && *a == *b) {
        line += *a == '\n';
        a++, b++;
    }
    const char *ea = strchr(a, '\n'), *eb = strchr(b, '\n');
    fprintf(stderr, "  line %d:\n  golden: %.*s\n  actual: %.*s\n", line,
            (int)(ea ? ea - a : (long)strlen(a)), a, (int)(eb ? eb - b : (long)strlen(b)), b);
}

int golden_check(const char *dir, const char *name, const char *text)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.txt", dir, name);
    const char *update = getenv("TPX_UPDATE_GOLDEN");
    if (update && *update)
        return spill(path, text) == 0 ? 0 : 1;
    char *want = slurp(path);
    int bad = !want || strcmp(want, text) != 0;
    if (!want)
        fprintf(stderr, "missing %s (scripts/update-golden.sh writes it)\n", path);
    else if (bad) {
        snprintf(path, sizeof path, "%s.actual.txt", name);
        spill(path, text);
        fprintf(stderr, "%s differs (actual in %s), first at\n", name, path);
        first_difference(want, text);
    }
    free(want);
    return bad;
}
