/* bw_gpus: the Bandwidth view's bars when several GPUs' result files are
 * loaded (tpx --load h200,h100): every kernel's recorded GB/s on each GPU
 * side by side, one column per file headed by its device, on one scale. */
#ifndef TPX_BW_GPUS_H
#define TPX_BW_GPUS_H

#include "app_state.h"

/* Draws them in r when a->gpus holds several files; the rows used (0: none). */
int bw_gpus_draw(const tpx_app *a, tpx_canvas *cv, tpx_rect r);

#endif
