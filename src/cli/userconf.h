/* userconf: the defaults a person keeps in $XDG_CONFIG_HOME/tpx/config
 * (~/.config/tpx/config without it): lines "key = value", '#' comments.
 * Each key is the default of the option of the same name, for every
 * subcommand that takes that option; the command line wins.  A file that
 * cannot be trusted (binary, huge, a line too long, an unknown key, a bad
 * value) is never fatal: each problem is a note naming the file and line,
 * and what it concerns is ignored.  One table of keys (userconf.c): a new
 * default is one row. */
#ifndef TPX_USERCONF_H
#define TPX_USERCONF_H

#include <stddef.h>

#include "config.h"

#define USERCONF_MAX_KEYS 16
#define USERCONF_MAX_BYTES 65536 /* a config file is a few lines */
#define USERCONF_MAX_LINE 1024
#define USERCONF_VALUE 128
#define USERCONF_MAX_NOTES 8

typedef struct userconf {
    char value[USERCONF_MAX_KEYS][USERCONF_VALUE]; /* by key, "" when not set */
    int line[USERCONF_MAX_KEYS];
    char notes[USERCONF_MAX_NOTES][1024]; /* "FILE:LINE: what; ignored" */
    int nnotes, more;                             /* more: notes past the last kept */
} userconf;

/* The file's text (len bytes, NUL or not) into uc; name is how the notes
 * call the file. */
void userconf_parse(const char *name, const char *text, size_t len, userconf *uc);
/* The file at path into uc: a missing file is no config and no note. */
void userconf_read(const char *path, userconf *uc);
/* Where the config file is ($XDG_CONFIG_HOME/tpx/config when that is an
 * absolute path, else $HOME/.config/tpx/config); NULL when neither is set. */
const char *userconf_path(char *buf, size_t n);
/* The value the file gives the option, or NULL. */
const char *userconf_get(const userconf *uc, const char *option);
/* "profile, size, dtype": the keys, for messages and docs. */
const char *userconf_keys_list(void);

#endif
