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
static int search_dirs(char dirs[][RESULTS_PATH_MAX], int max)
{
    int n = 0;
    const char *env = getenv("TPX_RESULTS_DIR");
    if (env && env[0] && n < max)
        snprintf(dirs[n++], sizeof dirs[0], "%s", env);
    char exe[RESULTS_PATH_MAX - 32];
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
static void shipped_names(char dirs[][RESULTS_PATH_MAX], int nd, char *out, size_t n)
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
    if (len >= n) {
        snprintf(msg, mn, "the path '%.60s...' is %zu bytes long; a path has at most %zu", arg, len,
                 n - 1);
        return -1;
    }
    if (path || !arg[0]) {
        snprintf(out, n, "%s", arg);
        return 0;
    }
    static char dirs[4][RESULTS_PATH_MAX], cand[2 * RESULTS_PATH_MAX + 16];
    int nd = search_dirs(dirs, 4);
    for (int i = 0; i < nd; i++) {
        snprintf(cand, sizeof cand, "%.*s/%.*s.json", RESULTS_PATH_MAX - 1, dirs[i],
                 RESULTS_PATH_MAX - 1, arg);
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

int results_find_list(const char *arg, char out[][RESULTS_PATH_MAX], int max, char *msg, size_t mn)
{
    if (strchr(arg, ',') && is_file(arg)) /* "a,b.json": one file, not a list */
        return results_find(arg, out[0], sizeof out[0], msg, mn) == 0 ? 1 : -1;
    int n = 0;
    const char *p = arg;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        char name[RESULTS_PATH_MAX];
        if (len == 0 || len >= sizeof name) {
            snprintf(msg, mn, "'%s': %s", arg,
                     len ? "a name is too long" : "an empty name in the list (NAME,NAME)");
            return -1;
        }
        if (n == max) {
            snprintf(msg, mn, "'%s': at most %d result files at once", arg, max);
            return -1;
        }
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        if (results_find(name, out[n], sizeof out[n], msg, mn) != 0)
            return -1;
        for (int i = 0; i < n; i++)
            if (strcmp(out[i], out[n]) == 0) {
                snprintf(msg, mn, "'%s': %s is named twice", arg, name);
                return -1;
            }
        n++;
        if (!comma)
            return n;
        p = comma + 1;
    }
}

int results_shipped(char out[][RESULTS_PATH_MAX], int max)
{
    static char dirs[4][RESULTS_PATH_MAX];
    int nd = search_dirs(dirs, 4), n = 0;
    for (int i = 0; i < nd && n == 0; i++) {
        struct dirent **names;
        int k = scandir(dirs[i], &names, NULL, alphasort);
        for (int j = 0; j < k; j++) {
            const char *e = names[j]->d_name;
            size_t len = strlen(e);
            if (n < max && len > 5 && strcmp(e + len - 5, ".json") == 0 &&
                strlen(dirs[i]) + len + 2 <= RESULTS_PATH_MAX) {
                snprintf(out[n], RESULTS_PATH_MAX, "%.*s/%s", RESULTS_PATH_MAX / 2, dirs[i], e);
                n += is_file(out[n]);
            }
            free(names[j]);
        }
        if (k >= 0)
            free(names);
    }
    return n;
}
