/* sorting: the comparators, distinct counts and medians that the model, the
 * scene, the live snapshot and the statistics all need, written once. */
#ifndef TPX_SORTING_H
#define TPX_SORTING_H

#include <stddef.h>

/* qsort comparators, ascending. */
int sort_cmp_int(const void *a, const void *b);
int sort_cmp_ll(const void *a, const void *b);
int sort_cmp_double(const void *a, const void *b);

/* Sorts v[0..n) ascending, in place, without a comparator's calls. */
void sort_ll(long long *v, size_t n);

/* How many different values v[0..n) holds; sorts v and leaves them first,
 * ascending. */
long long sort_distinct_int(int *v, size_t n);
long long sort_distinct_ll(long long *v, size_t n);

/* The median of v[0..n) (the mean of the middle two for even n); sorts v.
 * 0 for n == 0. */
double sort_median(double *v, size_t n);

#endif
