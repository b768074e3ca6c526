/* check_memo: the check of the config the explorer shows, with its marks
 * (ucheck_map.h), from the model worker to the scene.  The check walks every
 * thread (seconds at 4096x4096), so it runs off the key path, in the model
 * worker beside the launch totals; only the configs the UI wants marks for
 * (check_memo_want: the current one, the pinned A, the kernel editor's
 * draft) keep them, the sweeps' configs get the report alone.  The memo holds the last few maps; the scene takes a
 * reference to the one of its config.  Thread-safe. */
#ifndef TPX_CHECK_MEMO_H
#define TPX_CHECK_MEMO_H

#include "ucheck_map.h"

/* The config whose marks are wanted (NULL: none), the only one. */
void check_memo_want(const tpx_config *c);
/* Those n, at once (the current config, the pinned A, the draft). */
void check_memo_want_set(const tpx_config *list, int n);
/* One more (NULL: nothing): the pinned A's, the kernel editor's draft's;
 * up to as many as the memo keeps. */
void check_memo_want_more(const tpx_config *c);
/* The check of c into *r (ucheck_run's return), kept with its marks when c is
 * the wanted config.  1 when cancelled. */
int check_memo_run(const tpx_config *c, ucheck_report *r, const atomic_int *cancel);
/* A reference to c's map (the caller releases it), or NULL when not (yet)
 * there. */
ucheck_map *check_memo_get(const tpx_config *c);
/* Whether c's check is kept (a map, walked or not). */
int check_memo_has(const tpx_config *c);

#endif
