/* golden_check: a rendered screen against tests/golden/NAME.txt, or, with
 * TPX_UPDATE_GOLDEN set (scripts/update-golden.sh), written there. */
#ifndef TPX_GOLDEN_CHECK_H
#define TPX_GOLDEN_CHECK_H

/* 0 when text matches (or was written); else 1, the actual screen left in
 * NAME.actual.txt and the first differing line printed. */
int golden_check(const char *dir, const char *name, const char *text);

#endif
