/* check_memo: the check of the config the explorer shows, with its marks
 * (ucheck_map.h), from the model worker to the scene.  The check walks every
 * thread (seconds at 4096x4096), so it runs off the key path, in the model
 * worker beside the launch totals; only the config the UI wants marks for
 * (check_memo_want: the current one) keeps them, the sweeps' configs get the
 * report alone.  The memo holds the last few maps; the scene takes a
 * reference to the one of its config.  Thread-safe. */
#ifndef TPX_CHECK_MEMO_H
#define TPX_CHECK_MEMO_H

#include "ucheck_map.h"

/* The config whose marks are wanted (NULL: none). */
void check_memo_want(const tpx_config *c);
/* The check of c into *r (ucheck_run's return), kept with its marks when c is
 * the wanted config.  1 when cancelled. */
int check_memo_run(const tpx_config *c, ucheck_report *r, const atomic_int *cancel);
/* A reference to c's map (the caller releases it), or NULL when not (yet)
 * there. */
ucheck_map *check_memo_get(const tpx_config *c);
/* Whether c's check is kept (a map, walked or not). */
int check_memo_has(const tpx_config *c);

#endif
