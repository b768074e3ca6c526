/* user: the registry of kernels written in the kernel language
 * (docs/language.md).  A kernel added here gets an id from TPX_K_USER on and
 * from then on is a kernel like the catalog's: the traits, grid, tile and
 * moves the table gives a catalog row come from its expressions through the
 * hooks of kernels/tpx_traits.h, so config, model, views and reports take it
 * as they are.  Entries are never changed or freed while tpx runs (the
 * workers may be pricing one): an edited kernel is a new entry, and adding
 * the same text again gives the same id. */
#ifndef TPX_USER_H
#define TPX_USER_H

#include <stddef.h>

#include "kernel_info.h"
#include "ukernel.h"

#define USER_MAX 512 /* kernels one run may add (an editing session's versions) */

/* Parse and add a kernel; its id, or -1 with the reason in msg ("LINE:COL:
 * why", origin in front when given: a file's name).  origin may be NULL. */
int user_add(const char *text, size_t len, const char *origin, char *msg, size_t n);

/* The same for the kernel editor's text while it is typed (its marks on
 * the Map, checked by the model worker: it needs an id): an entry like any
 * other but not listed (user_listed) until user_add adds the same text. */
int user_add_draft(const char *text, size_t len, char *msg, size_t n);

/* The parsed kernel of an id; NULL when it is not a user kernel. */
const ukernel *user_kernel(int id);
/* Its source text (NUL-terminated) and its catalog entry. */
const char *user_text(int id);
const tpx_kernel_info *user_info(int id);
/* What config_validate adds for a user kernel: its grid, tile and reps
 * evaluate (no division by zero, no overflow) to something a launch can
 * have, for the size, block, pad and swizzle in g (its grid unset).  0, or
 * -1 with the reason in msg. */
int user_validate(int id, const tpx_geom *g, char *msg, size_t n);

/* The newest listed kernel of that name; -1 if none. */
int user_find(const char *name);
/* How many were added, drafts too; the i-th's id is TPX_K_USER + i. */
int user_count(void);
/* Whether id is a user kernel added with user_add (the kernel list shows
 * those), how many there are, the i-th's id (-1: none) and id's place among
 * them (-1: not listed). */
int user_listed(int id);
int user_listed_count(void);
int user_listed_id(int i);
int user_listed_index(int id);

#endif
