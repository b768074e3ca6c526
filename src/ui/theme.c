#include "theme.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct colour_def {
    int ansi, x256;
    const char *dark, *light;
} colour_def;

static const colour_def colours[TPX_C_COUNT] = {
#define TPX_COLOUR_DEF(name, ansi, x256, dark, light) [TPX_C_##name] = {ansi, x256, dark, light},
    TPX_COLOURS(TPX_COLOUR_DEF)
#undef TPX_COLOUR_DEF
};

typedef struct role_def {
    tpx_colour fg[2], bg[2]; /* [0] default, [1] okabe-ito */
    int attrs, mono;
    const char *what;
} role_def;

static const role_def roles[TPX_R_COUNT] = {
#define TPX_ROLE_DEF(name, fg, bg, ofg, obg, attr, mono, what)                                   \
    [TPX_R_##name] = {{TPX_C_##fg, TPX_C_##ofg}, {TPX_C_##bg, TPX_C_##obg}, attr, mono, what},
    TPX_ROLES(TPX_ROLE_DEF)
#undef TPX_ROLE_DEF
};

static const char *const scheme_words[TPX_SCHEME_COUNT] = {
#define TPX_SCHEME_WORD(name, word, what) [TPX_SCHEME_##name] = word,
    TPX_SCHEMES(TPX_SCHEME_WORD)
#undef TPX_SCHEME_WORD
};

static tpx_scheme current = TPX_SCHEME_DEFAULT;

void theme_set(tpx_scheme s) { current = (unsigned)s < TPX_SCHEME_COUNT ? s : TPX_SCHEME_DEFAULT; }

tpx_scheme theme_get(void) { return current; }

int theme_parse(const char *name)
{
    for (int s = 0; name && s < TPX_SCHEME_COUNT; s++)
        if (strcmp(name, scheme_words[s]) == 0)
            return s;
    return -1;
}

const char *theme_name(tpx_scheme s)
{
    return (unsigned)s < TPX_SCHEME_COUNT ? scheme_words[s] : scheme_words[0];
}

const char *theme_names_list(void)
{
    static char buf[96];
    if (!buf[0])
        for (int s = 0; s < TPX_SCHEME_COUNT; s++)
            snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s",
                     s == 0 ? "" : s + 1 == TPX_SCHEME_COUNT ? " or " : ", ", scheme_words[s]);
    return buf;
}

int theme_choose(const char *option, const char *file, char *msg, size_t n)
{
    const char *env = getenv("TPX_THEME");
    const char *name = option ? option : env && *env ? env : file;
    if (!name)
        return 0;
    int s = theme_parse(name);
    if (s < 0) {
        /* the name may come from the environment: printed through the gate */
        snprintf(msg, n, "unknown theme '%s'%s: use %s", name,
                 name == option ? "" : name == file ? " in the config file" : " in TPX_THEME",
                 theme_names_list());
        return -1;
    }
    theme_set((tpx_scheme)s);
    return 0;
}

static const role_def *role_of(tpx_role r)
{
    return &roles[(unsigned)r < TPX_R_COUNT ? r : TPX_R_NORMAL];
}

tpx_style theme_term(tpx_role r, int mono, int colours256)
{
    const role_def *d = role_of(r);
    if (mono || current == TPX_SCHEME_MONO)
        return (tpx_style){-1, -1, d->mono};
    int k = current == TPX_SCHEME_OKABE_ITO;
    const colour_def *fg = &colours[d->fg[k]], *bg = &colours[d->bg[k]];
    return colours256 ? (tpx_style){fg->x256, bg->x256, d->attrs}
                      : (tpx_style){fg->ansi, bg->ansi, d->attrs};
}

tpx_style theme_spec(tpx_role r, int mono) { return theme_term(r, mono, 0); }

const char *theme_svg_page(int light) { return light ? "#ffffff" : "#101214"; }

tpx_svg_look theme_svg(tpx_role r, int light)
{
    const role_def *d = role_of(r);
    int mono = current == TPX_SCHEME_MONO, k = current == TPX_SCHEME_OKABE_ITO;
    tpx_colour fg = mono ? TPX_C_DEFAULT : d->fg[k], bg = mono ? TPX_C_DEFAULT : d->bg[k];
    tpx_svg_look lk = {light ? colours[fg].light : colours[fg].dark,
                       bg == TPX_C_DEFAULT ? NULL : light ? colours[bg].light : colours[bg].dark,
                       mono ? d->mono : d->attrs};
    if (lk.attrs & TPX_A_REVERSE) {
        const char *t = lk.bg ? lk.bg : theme_svg_page(light);
        lk.bg = lk.fg;
        lk.fg = t;
    }
    return lk;
}

const char *theme_meaning(tpx_role r) { return role_of(r)->what; }

tpx_role theme_palette(long long i)
{
    long long k = i % TPX_PALETTE;
    return (tpx_role)(TPX_R_PAL0 + (k < 0 ? k + TPX_PALETTE : k));
}

tpx_role theme_heat(double f)
{
    int k = (int)(f * TPX_HEATS);
    if (!(f > 0)) /* also NaN */
        k = 0;
    if (k >= TPX_HEATS)
        k = TPX_HEATS - 1;
    return (tpx_role)(TPX_R_HEAT0 + k);
}
