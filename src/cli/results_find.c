#include "results_find.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef TPX_SOURCE_RESULTS
#define TPX_SOURCE_RESULTS ""
#endif

static int is_file(const char *p) { return access(p, R_OK) == 0; }

/* The directories searched, in order; returns how many (at most max). */
static int search_dirs(char dirs[][1024], int max)
{
    int n = 0;
    const char *env = getenv("TPX_RESULTS_DIR");
    if (env && env[0] && n < max)
        snprintf(dirs[n++], sizeof dirs[0], "%s", env);
    char exe[900];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash)
            *slash = '\0';
        if (n < max)
            snprintf(dirs[n++], sizeof dirs[0], "%s/../share/tpx/results", exe);
        if (n < max)
            snprintf(dirs[n++], sizeof dirs[0], "%s/../bench/results", exe);
    }
    if (TPX_SOURCE_RESULTS[0] && n < max)
        snprintf(dirs[n++], sizeof dirs[0], "%s", TPX_SOURCE_RESULTS);
    return n;
}

/* "h100, h200" from the first directory that holds any .json. */
static void shipped_names(char dirs[][1024], int nd, char *out, size_t n)
{
    out[0] = '\0';
    for (int i = 0; i < nd && !out[0]; i++) {
        DIR *d = opendir(dirs[i]);
        if (!d)
            continue;
        struct dirent *e;
        while ((e = readdir(d))) {
            size_t len = strlen(e->d_name), used = strlen(out);
            if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0)
                snprintf(out + used, n - used, "%s%.*s", used ? ", " : "", (int)(len - 5),
                         e->d_name);
        }
        closedir(d);
    }
}

int results_find(const char *arg, char *out, size_t n, char *msg, size_t mn)
{
    size_t len = strlen(arg);
    int path = strchr(arg, '/') || (len > 5 && strcmp(arg + len - 5, ".json") == 0) || is_file(arg);
    if (path || !arg[0]) {
        snprintf(out, n, "%s", arg);
        return 0;
    }
    char dirs[4][1024], cand[1100];
    int nd = search_dirs(dirs, 4);
    for (int i = 0; i < nd; i++) {
        snprintf(cand, sizeof cand, "%.1000s/%.80s.json", dirs[i], arg);
        if (is_file(cand) && strlen(cand) < n) {
            snprintf(out, n, "%s", cand);
            return 0;
        }
    }
    char names[512];
    shipped_names(dirs, nd, names, sizeof names);
    snprintf(msg, mn, "no shipped results named '%s'%s%s%s", arg, names[0] ? " (shipped: " : "",
             names, names[0] ? "; or give a file path)" : ": give a result file's path");
    return -1;
}
