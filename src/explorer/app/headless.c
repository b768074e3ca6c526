#include "headless.h"

#include <stdio.h>
#include <stdlib.h>

int headless_next_key(const char **p)
{
    const char *s = *p;
    if (s[0] != '\\' || !s[1]) {
        *p = s + 1;
        return (unsigned char)s[0];
    }
    *p = s + 2;
    switch (s[1]) {
    case 'e': return TPX_KEY_ESC;
    case 'n': return TPX_KEY_ENTER;
    case 't': return TPX_KEY_TAB;
    case 'U': return TPX_KEY_UP;
    case 'D': return TPX_KEY_DOWN;
    case 'L': return TPX_KEY_LEFT;
    case 'R': return TPX_KEY_RIGHT;
    case 'b': return TPX_KEY_BACKSPACE;
    case 'p': return TPX_KEY_NONE;
    default: return (unsigned char)s[1];
    }
}

void headless_pause(tpx_app *a)
{
    for (int i = 0; i < 8; i++) /* more ticks than any pause takes */
        app_update(a, app_tick(a));
    if (a->have_draft)
        live_fill_draft_sync(&a->draft);
    app_update(a, TPX_LIVE);
}

tpx_app *headless_app(const tpx_headless *h, tpx_runner *r)
{
    return headless_app_pinned(h, NULL, r);
}

tpx_app *headless_app_pinned(const tpx_headless *h, const tpx_config *pin, tpx_runner *r)
{
    tpx_limits lim;
    tpx_device dev;
    runner_limits(r, &lim);
    runner_device(r, &dev);
    glyphs_set_utf8(!h->ascii);
    tpx_app *a = app_new(&h->cfg, &lim, &dev, "headless");
    if (!a)
        return NULL;
    app_resize(a, h->cols, h->rows);
    a->view = h->view >= 0 && h->view < a->nviews ? h->view : 0;
    a->sel = h->sel;
    if (pin) {
        a->pinned = 1;
        a->pin = *pin;
    }
    app_update(a, TPX_SELECT);
    if (h->tour)
        app_update(a, app_tour_start(a, h->tour, h->tour_n));
    for (const char *k = h->keys; k && *k;) {
        int key = headless_next_key(&k);
        if (key == TPX_KEY_NONE) {
            headless_pause(a);
            continue;
        }
        int bits = app_key(a, key);
        if (bits & TPX_QUIT)
            break;
        app_update(a, bits);
    }
    /* The bars and cells only where this screen shows them: a Bandwidth view,
     * or a tour step whose claims or figures quote them (app_wants_sweeps). */
    live_fill_sync(a->live, &a->cfg, &a->lim, r, app_wants_sweeps(a), app_wants_sweeps(a));
    live_fill_pin_sync(a->live, a->pinned ? &a->pin : NULL, r);
    live_fill_draft_sync(a->have_draft ? &a->draft : NULL);
    app_update(a, TPX_LIVE);
    return a;
}

char *headless_render_with(const tpx_headless *h, tpx_runner *r, const char *source)
{
    tpx_app *a = headless_app(h, r);
    tpx_canvas cv;
    char *text = NULL;
    if (a && canvas_init(&cv, h->cols, h->rows) == 0) {
        if (source)
            snprintf(a->source, sizeof a->source, "%s", source);
        app_draw(a, &cv);
        text = canvas_dump(&cv);
        canvas_free(&cv);
    }
    app_free(a);
    return text;
}

char *headless_render(const tpx_headless *h)
{
    tpx_runner *r = runner_model_only("headless");
    if (!r)
        return NULL;
    char *text = headless_render_with(h, r, NULL);
    runner_close(r);
    return text;
}
