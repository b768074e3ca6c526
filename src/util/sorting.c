#include "sorting.h"

#include <stdlib.h>

int sort_cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int sort_cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

int sort_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

long long sort_distinct_int(int *v, size_t n)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof v[0], sort_cmp_int);
    size_t d = 1;
    for (size_t i = 1; i < n; i++)
        if (v[i] != v[d - 1])
            v[d++] = v[i];
    return (long long)d;
}

long long sort_distinct_ll(long long *v, size_t n)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof v[0], sort_cmp_ll);
    size_t d = 1;
    for (size_t i = 1; i < n; i++)
        if (v[i] != v[d - 1])
            v[d++] = v[i];
    return (long long)d;
}

double sort_median(double *v, size_t n)
{
    if (n == 0)
        return 0;
    qsort(v, n, sizeof v[0], sort_cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
