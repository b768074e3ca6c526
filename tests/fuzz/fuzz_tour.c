/* libFuzzer target: the tour reader (tour_parse).  A tour it accepts must
 * hold only valid steps: a view the explorer has (Compare, the sixth,
 * included) and configs that pass validation. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tour.h"
#include "views.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    tpx_tour_step steps[TPX_TOUR_MAX];
    char msg[TPX_MSG] = "";
    int n = tour_parse(text, steps, TPX_TOUR_MAX, TPX_VIEW_COUNT, msg, sizeof msg);
    if (n < 0 && !msg[0])
        abort();
    tpx_limits lim = config_default_limits();
    for (int i = 0; i < n; i++) {
        if (steps[i].view < 0 || steps[i].view >= TPX_VIEW_COUNT ||
            memchr(steps[i].text, '\0', sizeof steps[i].text) == NULL)
            abort();
        (void)config_validate(&steps[i].cfg, &lim, msg, sizeof msg);
    }
    free(text);
    return 0;
}
