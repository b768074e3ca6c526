#include "words.h"

const char *words_s(long long n) { return n == 1 || n == -1 ? "" : "s"; }

const char *words_a(long long n)
{
    if (n < 0)
        return "a"; /* "a minus ..." */
    /* Said in groups of three digits: the leading group decides
     * ("eleven thousand", "eighteen million", "eight hundred"). */
    long long lead = n;
    while (lead >= 1000)
        lead /= 1000;
    if (lead == 11 || lead == 18)
        return "an";
    while (lead >= 10)
        lead /= 10;
    return lead == 8 ? "an" : "a";
}
