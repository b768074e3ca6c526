#include "theme.h"

static const tpx_style colour_scheme[TPX_R_COUNT] = {
#define TPX_ROLE_COLOUR(name, fg, bg, attr, mono) [TPX_R_##name] = {fg, bg, attr},
    TPX_ROLES(TPX_ROLE_COLOUR)
#undef TPX_ROLE_COLOUR
};

static const tpx_style mono_scheme[TPX_R_COUNT] = {
#define TPX_ROLE_MONO(name, fg, bg, attr, mono) [TPX_R_##name] = {-1, -1, mono},
    TPX_ROLES(TPX_ROLE_MONO)
#undef TPX_ROLE_MONO
};

tpx_style theme_spec(tpx_role r, int mono)
{
    if ((unsigned)r >= TPX_R_COUNT)
        r = TPX_R_NORMAL;
    return mono ? mono_scheme[r] : colour_scheme[r];
}

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
