#include <string.h>

#include "assets.h"

void assets_each_line(const char *name, void (*fn)(const char *line, void *ctx), void *ctx)
{
    const char *p = assets_get(name, NULL);
    char line[TPX_ASSET_LINE_MAX];
    while (p && *p) {
        const char *end = strchr(p, '\n');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len > 0 && *p != '#' && len < sizeof line) {
            memcpy(line, p, len);
            line[len] = '\0';
            fn(line, ctx);
        }
        p += len + (end ? 1 : 0);
    }
}
