/* words: small pieces of English for messages built around numbers, so that
 * tpx writes "1 thread" and "an 8x8 tile", not "1 threads" and "a 8x8 tile". */
#ifndef TPX_WORDS_H
#define TPX_WORDS_H

/* "s" for a plural count (every n but 1), "" for 1. */
const char *words_s(long long n);
/* "an" before a number said with a vowel sound first (8, 11, 18, 80-89,
 * 800-899, 8000-8999, 11000..., 18000...), else "a". */
const char *words_a(long long n);

#endif
