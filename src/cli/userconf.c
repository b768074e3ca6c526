#include "userconf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "file_read.h"
#include "profile.h"
#include "text.h"
#include "theme.h"

/* ---- the keys: one row each ------------------------------------------------------ */

static int check_profile(const char *v, char *why, size_t n)
{
    return profile_find(v, why, n) ? 0 : -1;
}

static int check_size(const char *v, char *why, size_t n)
{
    long long w, h;
    return config_parse_size(v, &w, &h, why, n);
}

static int check_dtype(const char *v, char *why, size_t n)
{
    tpx_dtype t;
    return config_parse_dtype(v, &t, why, n);
}

static int check_theme(const char *v, char *why, size_t n)
{
    if (theme_parse(v) >= 0)
        return 0;
    snprintf(why, n, "unknown theme '%s': use %s", v, theme_names_list());
    return -1;
}

typedef struct userconf_key {
    const char *name; /* the key, and the option whose default it is */
    int (*check)(const char *value, char *why, size_t n);
} userconf_key;

static const userconf_key keys[] = {
    {"profile", check_profile},
    {"size", check_size},
    {"dtype", check_dtype},
    {"theme", check_theme},
};
#define N_KEYS ((int)(sizeof keys / sizeof keys[0]))
_Static_assert(N_KEYS <= USERCONF_MAX_KEYS, "raise USERCONF_MAX_KEYS");

const char *userconf_keys_list(void)
{
    static char list[256];
    size_t used = 0;
    for (int i = 0; i < N_KEYS && used < sizeof list; i++)
        used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? ", " : "",
                                 keys[i].name);
    return list;
}

/* ---- reading ----------------------------------------------------------------------- */

static void note(userconf *uc, const char *name, int line, const char *what)
{
    if (uc->nnotes >= USERCONF_MAX_NOTES) {
        uc->more++;
        return;
    }
    char *s = uc->notes[uc->nnotes++];
    size_t n = sizeof uc->notes[0];
    /* the file's name and text are outside text: escaped once, here */
    char safe[TPX_MSG];
    text_sanitize(safe, sizeof safe, name ? name : "");
    if (!name)
        snprintf(s, n, "%s", what);
    else if (line > 0)
        snprintf(s, n, "%s:%d: %s", safe, line, what);
    else
        snprintf(s, n, "%s: %s", safe, what);
}

/* "'abc...'": at most 40 bytes of outside text, escaped, marked when cut. */
static void quoted(char *buf, size_t n, const char *s, size_t len)
{
    char cut[48];
    size_t k = len > 40 ? 40 : len;
    while (k > 0 && k < len && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--; /* never inside a character */
    memcpy(cut, s, k);
    cut[k] = '\0';
    char safe[4 * sizeof cut];
    snprintf(buf, n, "'%s%s'", text_sanitize(safe, sizeof safe, cut), k < len ? "..." : "");
}

static const char *trim(const char *s, const char *end, const char **out_end)
{
    while (s < end && (*s == ' ' || *s == '\t'))
        s++;
    while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    *out_end = end;
    return s;
}

/* One line "key = value" (comments and blanks already gone). */
static void parse_line(userconf *uc, const char *name, int ln, const char *s, const char *end)
{
    char what[600], q[200], why[TPX_MSG];
    const char *eq = memchr(s, '=', (size_t)(end - s)), *kend, *vend;
    if (!eq) {
        quoted(q, sizeof q, s, (size_t)(end - s));
        snprintf(what, sizeof what, "%s is not 'key = value'; ignored", q);
        return note(uc, name, ln, what);
    }
    const char *k = trim(s, eq, &kend), *v = trim(eq + 1, end, &vend);
    int i = 0;
    while (i < N_KEYS && !(strlen(keys[i].name) == (size_t)(kend - k) &&
                           memcmp(keys[i].name, k, (size_t)(kend - k)) == 0))
        i++;
    quoted(q, sizeof q, k, (size_t)(kend - k));
    if (i == N_KEYS) {
        snprintf(what, sizeof what, "unknown key %s (keys: %s); ignored", q, userconf_keys_list());
        return note(uc, name, ln, what);
    }
    if (uc->value[i][0]) {
        snprintf(what, sizeof what, "%s is set again (first on line %d); ignored", keys[i].name,
                 uc->line[i]);
        return note(uc, name, ln, what);
    }
    char val[USERCONF_VALUE];
    if ((size_t)(vend - v) >= sizeof val || vend == v) {
        quoted(q, sizeof q, v, (size_t)(vend - v));
        snprintf(what, sizeof what, "%s %s: %s; ignored", keys[i].name, q,
                 vend == v ? "no value" : "too long");
        return note(uc, name, ln, what);
    }
    memcpy(val, v, (size_t)(vend - v));
    val[vend - v] = '\0';
    if (keys[i].check(val, why, sizeof why) != 0) {
        char safe[TPX_MSG];
        snprintf(what, sizeof what, "%s: %s; ignored", keys[i].name,
                 text_sanitize(safe, sizeof safe, why));
        return note(uc, name, ln, what);
    }
    memcpy(uc->value[i], val, sizeof val);
    uc->line[i] = ln;
}

/* Whether s[0..len) is UTF-8 text without control characters but tab. */
static int plain_text(const char *s, size_t len)
{
    char buf[4 * USERCONF_MAX_LINE + 8], one[USERCONF_MAX_LINE + 1];
    memcpy(one, s, len);
    one[len] = '\0';
    for (size_t i = 0; i < len; i++)
        one[i] = one[i] == '\t' ? ' ' : one[i]; /* a tab is a space here */
    for (size_t i = 0; i < len; i++)
        if (((unsigned char)s[i] < 0x20 && s[i] != '\t') || s[i] == 0x7f)
            return 0;
    /* text_sanitize escapes what is not UTF-8 or not safe: unchanged means plain */
    return strcmp(text_sanitize(buf, sizeof buf, one), one) == 0;
}

void userconf_parse(const char *name, const char *text, size_t len, userconf *uc)
{
    memset(uc, 0, sizeof *uc);
    if (memchr(text, '\0', len)) {
        note(uc, name, 0, "holds a NUL byte: not a text file; ignored, tpx uses its defaults");
        return;
    }
    int ln = 0;
    for (const char *s = text, *end = text + len; s < end;) {
        const char *nl = memchr(s, '\n', (size_t)(end - s)), *e = nl ? nl : end, *te;
        size_t line_len = (size_t)(e - s);
        ln++;
        const char *t = trim(s, e, &te);
        s = nl ? nl + 1 : end;
        char what[600];
        if (line_len > USERCONF_MAX_LINE) {
            snprintf(what, sizeof what, "longer than %d bytes; ignored", USERCONF_MAX_LINE);
            note(uc, name, ln, what);
        } else if (t == te || *t == '#') {
            continue;
        } else if (!plain_text(t, (size_t)(te - t))) {
            char q[200];
            quoted(q, sizeof q, t, (size_t)(te - t));
            snprintf(what, sizeof what, "%s holds control characters or is not UTF-8; ignored", q);
            note(uc, name, ln, what);
        } else {
            parse_line(uc, name, ln, t, te);
        }
    }
}

void userconf_read(const char *path, userconf *uc)
{
    memset(uc, 0, sizeof *uc);
    struct stat st;
    char why[TPX_MSG + 64], what[600];
    if (stat(path, &st) != 0 && errno == ENOENT)
        return; /* no config: the defaults, silently */
    if (S_ISREG(st.st_mode) && st.st_size > USERCONF_MAX_BYTES) {
        snprintf(what, sizeof what, "%lld bytes, more than a config file's %d; ignored, tpx uses "
                                    "its defaults", (long long)st.st_size, USERCONF_MAX_BYTES);
        return note(uc, path, 0, what);
    }
    size_t len;
    char *text = file_read_bounded(path, USERCONF_MAX_BYTES, "config file", &len, why, sizeof why);
    if (!text) {
        snprintf(what, sizeof what, "%s; tpx uses its defaults", why);
        note(uc, NULL, 0, what); /* why names the file */
        return;
    }
    userconf_parse(path, text, len, uc);
    free(text);
}

const char *userconf_path(char *buf, size_t n)
{
    const char *x = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    if (x && x[0] == '/')
        snprintf(buf, n, "%s/tpx/config", x);
    else if (home && home[0])
        snprintf(buf, n, "%s/.config/tpx/config", home);
    else
        return NULL;
    return buf;
}

const char *userconf_get(const userconf *uc, const char *option)
{
    for (int i = 0; i < N_KEYS; i++)
        if (strcmp(keys[i].name, option) == 0)
            return uc->value[i][0] ? uc->value[i] : NULL;
    return NULL;
}
