/* views: the table of views (views.def), in tab order.  Each view lives in
 * its own folder, src/explorer/views/NAME/, paints the state (app_state.h)
 * and keeps its own state (zoom, wave, scroll, ...) in a private struct that
 * the app allocates from st_size and hands to every call.  A view sees the
 * state and src/ui, never another view nor the layers above it. */
#ifndef TPX_VIEWS_H
#define TPX_VIEWS_H

#include "app_state.h"

/* The views' ids: their index in the table.  Rows a build adds
 * (TPX_VIEWS_EXTRA) follow these.  TPX_VIEW_COUNT counts the rows this
 * file was compiled with, for tests and tools; the explorer's code counts
 * the table at run time (views_table), so a build that adds rows to views.c
 * alone (tests/test_view_dummy.c) is one view longer everywhere. */
typedef enum tpx_view_id {
#define TPX_VIEW_ENUM(id, name, title, key, group, flags, help) TPX_VIEW_##id,
#define TPX_VIEW TPX_VIEW_ENUM
#include "views.def"
#undef TPX_VIEW
#undef TPX_VIEW_ENUM
    TPX_VIEW_COUNT
} tpx_view_id;

/* The table, in tab order; *n gets its length. */
const tpx_view *views_table(int *n);
/* The view with a command-line name ("map"), or -1. */
int views_find(const char *name);
/* "map, banks, ..., bandwidth or compare", for messages and help. */
const char *views_names_list(void);
/* The names of the views whose flags include all of flags (0: every view)
 * into buf, joined by ", " and last_sep before the last; how many. */
int views_join(char *buf, size_t n, unsigned flags, const char *last_sep);

#endif
