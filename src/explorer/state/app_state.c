#include "app_state.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "check_memo.h"

void app_say(tpx_app *a, int error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->msg, sizeof a->msg, fmt, ap);
    va_end(ap);
    a->msg_error = error;
}

int app_edited(tpx_app *a, int rc, const char *msg)
{
    if (rc != 0) {
        app_say(a, 1, "refused: %s", msg);
        return TPX_HANDLED | TPX_REDRAW;
    }
    if (msg && msg[0]) {
        app_say(a, 0, "%s", msg);
    } else { /* a valid value replaces an earlier refusal */
        a->msg[0] = '\0';
        a->msg_error = 0;
    }
    return TPX_HANDLED | TPX_REDRAW | TPX_CONFIG;
}

int app_select(tpx_app *a, tpx_sel s)
{
    s = scene_clamp(&a->cfg, s);
    if (s.bx == a->sel.bx && s.by == a->sel.by && s.warp == a->sel.warp)
        return TPX_HANDLED;
    a->sel = s;
    return TPX_HANDLED | TPX_REDRAW | TPX_SELECT;
}

int app_step_rep(tpx_app *a, tpx_action act)
{
    int reps = a->scene.reps > 0 ? a->scene.reps : 1;
    if (act != TPX_ACT_INST_NEXT && act != TPX_ACT_INST_PREV)
        return TPX_UNHANDLED;
    a->sel.rep = (a->sel.rep + (act == TPX_ACT_INST_NEXT ? 1 : reps - 1)) % reps;
    return TPX_HANDLED | TPX_SELECT;
}

int app_view_step_rep(tpx_app *a, void *st, tpx_action act)
{
    (void)st;
    return app_step_rep(a, act);
}

void app_close_dialog(tpx_app *a)
{
    a->dialog = NULL;
    a->have_draft = 0;
}

int app_draft_marks(tpx_app *a, int drafting)
{
    const tpx_config *d = drafting && a->have_draft ? &a->draft : NULL;
    const tpx_scene *s = &a->scene;
    int was = a->drafting;
    a->drafting = drafting;
    /* the draft's B must be this B: same size, transposed or copied alike */
    int fits = d && s->modelled && d->w == s->cfg.w && d->h == s->cfg.h &&
               tpx_is_copy(d->kernel) == tpx_is_copy(s->cfg.kernel);
    if (!fits) { /* no text that checks: no marks */
        int had = a->draft_marks != NULL;
        ucheck_map_release(a->draft_marks);
        a->draft_marks = NULL;
        return had || was != drafting;
    }
    if (a->draft_marks && config_same(&a->draft_marks->cfg, d))
        return was != drafting;
    ucheck_map *m = check_memo_get(d);
    if (!m) /* not checked yet: the last draft's marks stay until it is */
        return was != drafting;
    ucheck_map_release(a->draft_marks);
    a->draft_marks = m;
    return 1;
}

const ucheck_map *app_marks(const tpx_app *a)
{
    return a->drafting ? a->draft_marks : a->scene.chk;
}

const tpx_view *app_view(const tpx_app *a, int id)
{
    return &a->views[id >= 0 && id < a->nviews ? id : 0];
}

int app_view_of_key(const tpx_app *a, int key)
{
    for (int i = 0; i < a->nviews; i++)
        if (key != TPX_KEY_NONE && a->views[i].key == key)
            return i;
    return -1;
}

int app_wants_sweeps(const tpx_app *a)
{
    return (a->nviews > 0 && (app_view(a, a->view)->flags & TPX_VIEW_SWEEPS)) ||
           (a->tour >= 0 && a->tour_sweeps);
}

int app_recorded(const tpx_app *a)
{
    return a->source[0] || strcmp(a->dev.source, "replay") == 0;
}

void app_measured_where(const tpx_app *a, char *buf, size_t n)
{
    const char *gpu = a->dev.valid ? a->dev.name : "a GPU";
    if (!app_recorded(a))
        snprintf(buf, n, "live on %s", gpu);
    else if (a->dev.recorded[0])
        snprintf(buf, n, "recorded %s on %s", a->dev.recorded, gpu);
    else
        snprintf(buf, n, "recorded on %s", gpu);
}
