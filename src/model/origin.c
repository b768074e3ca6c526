#include "origin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The five documents the catalog grew from (docs/kernels.md, The seeds). */
static const char *const seeds[] = {
    "Korean CUDA study notes",
    "a student's notes on the CUDA memory model",
    "a Korean blog post on memory bandwidth, on an RTX 3080",
    "a Chinese blog post on CUDA transposes",
    "a Korean CUDA lab notebook",
};
#define N_SEEDS ((int)(sizeof seeds / sizeof seeds[0]))

/* "000, 001, 004" at s: the seeds' words, "A, B and C"; returns where the
 * numbers end. */
static const char *seed_list(const char *s, char *buf, size_t n)
{
    const char *what[8];
    int k = 0;
    while (k < 8) {
        char *end;
        long i = strtol(s, &end, 10);
        if (end == s)
            break;
        what[k++] = i >= 0 && i < N_SEEDS ? seeds[i] : "a seed document";
        s = end;
        if (strncmp(s, ", ", 2) != 0 || !(s[2] >= '0' && s[2] <= '9'))
            break;
        s += 2;
    }
    size_t used = 0;
    for (int i = 0; i < k && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s",
                                 i == 0 ? "" : i + 1 == k ? " and " : ", ", what[i]);
    return s;
}

void origin_words(const char *credit, char *buf, size_t n)
{
    if (!n)
        return;
    buf[0] = '\0';
    const char *s = credit ? credit : "";
    if (strncmp(s, "seeds ", 6) == 0 || strncmp(s, "seed ", 5) == 0) {
        s = seed_list(s + (s[4] == 's' ? 6 : 5), buf, n);
    } else if (strncmp(s, "issue ", 6) == 0) {
        char *end;
        snprintf(buf, n, "tpx itself");
        strtol(s + 6, &end, 10);
        s = end;
    }
    size_t used = strlen(buf);
    snprintf(buf + used, used < n ? n - used : 0, "%s", s); /* the rest: " (upper bound)" */
}
