/* bandwidth.h: what the Bandwidth view's files share, lowest first:
 * bw_figure.c (the number a slot stands for) <- bw_heatmap.c (the
 * block-shape heatmap), bw_predict.c (predictions beside measurements),
 * bw_gpus.c (several GPUs' bars) <- bandwidth.c (the live block, the bars,
 * the view's table).  Private to the view. */
#ifndef TPX_BANDWIDTH_H
#define TPX_BANDWIDTH_H

#include "app_state.h"

/* What the bars and the heatmap show: measured GB/s with a GPU or a result
 * file; without, the model's predicted GB/s where it predicts every config
 * shown, else its ranking figure (sweep_model_score: global efficiency
 * charged for bank conflicts, so a padded tile outranks a conflicting one). */
enum { BY_MEASURE = 1, BY_PREDICTION = 2, BY_SCORE = 3 };

/* The heatmap's scroll and what it ranks, derived when the results change. */
typedef struct bw_state {
    int top;          /* first heatmap row shown */
    int mode;         /* the heatmap's: BY_MEASURE, BY_PREDICTION or BY_SCORE */
    int bar_mode;     /* the bars' */
    int best;         /* best cell, -1 when none */
    double top_value; /* its figure, for the colour scale */
} bw_state;

/* bw_figure.c.  The figure a slot shows under a mode, or -1 when it has none. */
double bw_figure(const tpx_slot *s, int mode);
/* BY_PREDICTION when every modelled slot of n has a prediction, else BY_SCORE. */
int bw_model_mode(const tpx_slot *s, int n);

/* The heatmap of the current kernel over block shapes, in r. */
void bw_heatmap(const tpx_app *a, const bw_state *st, tpx_canvas *cv, tpx_rect r, int measured);

/* The Bandwidth view's predictions (bw_predict.c).  "predicted N (+x%)"
 * beside a measured bar (nothing without both); the width used. */
int bw_predict_beside(tpx_canvas *cv, int x, int y, int w, const tpx_slot *s);
/* The caption where the measurement is more than 25 % off its prediction,
 * or without a GPU when there is a prediction: 1, else 0. */
int bw_predict_caption(const tpx_app *a, char *buf, size_t n);

#endif
