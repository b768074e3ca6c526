#include "keys.h"

#include <stdio.h>

static const tpx_keydef table[] = {
#define TPX_KEY_ROW(name, group, label, k1, k2, k3, hint, help)                                  \
    {TPX_ACT_##name, TPX_KG_##group, label, {k1, k2, k3}, hint, help},
    TPX_KEYS(TPX_KEY_ROW)
#undef TPX_KEY_ROW
};

static const char *const group_titles[TPX_KG_COUNT] = {
#define TPX_KG_TITLE(name, title) [TPX_KG_##name] = title,
    TPX_KEY_GROUPS(TPX_KG_TITLE)
#undef TPX_KG_TITLE
};

const tpx_keydef *keys_table(int *n)
{
    *n = (int)(sizeof table / sizeof table[0]);
    return table;
}

const char *keys_group_title(tpx_key_group g)
{
    return (unsigned)g < TPX_KG_COUNT ? group_titles[g] : "?";
}

tpx_action keys_lookup(int key, unsigned mask)
{
    if (key == TPX_KEY_NONE)
        return TPX_ACT_NONE;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (!(mask & (1u << table[i].group)))
            continue;
        for (int k = 0; k < 3; k++)
            if (table[i].keys[k] == key)
                return table[i].action;
    }
    return TPX_ACT_NONE;
}

const tpx_keydef *keys_def(tpx_action a)
{
    /* Actions are numbered in table order, after TPX_ACT_NONE. */
    if (a <= TPX_ACT_NONE || a >= TPX_ACT_COUNT)
        return 0;
    return &table[a - 1];
}

int keys_group_of(int key, unsigned except)
{
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (except & (1u << table[i].group))
            continue;
        for (int k = 0; k < 3; k++)
            if (key != TPX_KEY_NONE && table[i].keys[k] == key)
                return (int)table[i].group;
    }
    return -1;
}

void keys_name(int key, char *buf, int n)
{
    static const struct {
        int key;
        const char *name;
    } names[] = {
        {TPX_KEY_UP, "Up"},         {TPX_KEY_DOWN, "Down"},     {TPX_KEY_LEFT, "Left"},
        {TPX_KEY_RIGHT, "Right"},   {TPX_KEY_PGUP, "PgUp"},     {TPX_KEY_PGDN, "PgDn"},
        {TPX_KEY_HOME, "Home"},     {TPX_KEY_END, "End"},       {TPX_KEY_BTAB, "Shift-Tab"},
        {TPX_KEY_BACKSPACE, "Backspace"}, {TPX_KEY_F1, "F1"},  {TPX_KEY_F10, "F10"},
        {TPX_KEY_TAB, "Tab"},       {TPX_KEY_ENTER, "Enter"},   {TPX_KEY_ESC, "Esc"},
        {' ', "Space"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].key == key) {
            snprintf(buf, (size_t)n, "%s", names[i].name);
            return;
        }
    if (key > 0 && key < 32)
        snprintf(buf, (size_t)n, "Ctrl-%c", key + '@');
    else if (key >= 32 && key < 127)
        snprintf(buf, (size_t)n, "%c", key);
    else
        snprintf(buf, (size_t)n, "key %#x", (unsigned)key);
}
