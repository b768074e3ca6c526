#include "app_state.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

void app_close_dialog(tpx_app *a) { a->dialog = NULL; }

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
