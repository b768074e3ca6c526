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

static void insertion_ll(long long *v, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        long long x = v[i];
        size_t j = i;
        for (; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
}

static void swap_ll(long long *a, long long *b)
{
    long long t = *a;
    *a = *b;
    *b = t;
}

/* Quicksort on the median of three, the smaller side first (the stack stays
 * log n deep); past `depth` levels qsort takes over, so no input is slow. */
static void quick_ll(long long *v, size_t n, int depth)
{
    while (n > 32) {
        if (depth-- == 0) {
            qsort(v, n, sizeof v[0], sort_cmp_ll);
            return;
        }
        long long *m = v + n / 2, *z = v + n - 1;
        if (*m < *v)
            swap_ll(m, v);
        if (*z < *v)
            swap_ll(z, v);
        if (*z < *m)
            swap_ll(z, m);
        long long p = *m;
        size_t i = 0, j = n - 1;
        for (;;) { /* Hoare: v[0..j] <= p <= v[j+1..n) */
            while (v[i] < p)
                i++;
            while (v[j] > p)
                j--;
            if (i >= j)
                break;
            swap_ll(&v[i++], &v[j--]);
        }
        size_t left = j + 1;
        if (left < n - left) {
            quick_ll(v, left, depth);
            v += left;
            n -= left;
        } else {
            quick_ll(v + left, n - left, depth);
            n = left;
        }
    }
    insertion_ll(v, n);
}

/* The model sorts a warp's 32-64 addresses millions of times a sweep, and a
 * block's few thousand sectors thousands of times: without qsort's calls
 * through a comparator (its merge sort was a tenth of a sweep's time). */
void sort_ll(long long *v, size_t n)
{
    int depth = 0;
    for (size_t k = n; k > 1; k >>= 1)
        depth += 2;
    quick_ll(v, n, depth);
}

long long sort_distinct_ll(long long *v, size_t n)
{
    if (n == 0)
        return 0;
    sort_ll(v, n);
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
