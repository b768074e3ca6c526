/* Slides (tpx export --slide, the S key) and the E key's files: every view's
 * slide leaves out the key hints and the device line, cuts nothing at its
 * right edge, and its legend lists exactly the meanings drawn on it, each
 * swatch a colour of its own that the slide shows; a tour step's slide has
 * its text; E and S never write over a file. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "export.h"
#include "headless.h"
#include "slide.h"
#include "views.h"

static tpx_app *app_at(int view, const char *keys, tpx_runner *r)
{
    tpx_headless h = {.cfg = config_default(), .view = view, .cols = 120, .rows = 52, .keys = keys};
    h.cfg.kernel = TPX_K_SMEM;
    h.cfg.bx = h.cfg.by = 32;
    tpx_config pin = h.cfg;
    h.cfg.pad = 1;
    int nv;
    const tpx_view *t = views_table(&nv);
    return headless_app_pinned(&h, view < nv && (t[view].flags & TPX_VIEW_AB) ? &pin : NULL, r);
}

static char *svg_of(const tpx_canvas *cv, const char *title)
{
    static char *text; /* static: the stream writes it after this returns, as gcc sees it */
    static size_t len;
    text = NULL;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    tpx_export_doc d = {cv, TPX_EXPORT_SVG, title, 1};
    assert_int_equal(export_doc_write(f, &d), 0);
    fclose(f);
    return text;
}

/* The legend's entries are exactly the meanings of the roles drawn, and
 * its swatches are distinct colours, each one drawn on the slide. */
static void check_legend(const tpx_canvas *cv, const char *svg)
{
    int used[TPX_R_COUNT], want = 0, got = 0;
    const char *seen[TPX_R_COUNT];
    export_roles_used(cv, 1, used);
    const char *legend = strstr(svg, "<g class=\"legend\"");
    assert_non_null(legend);
    for (int r = 0; r < TPX_R_COUNT; r++) {
        const char *what = theme_meaning((tpx_role)r);
        int dup = 0;
        for (int i = 0; i < want; i++)
            dup |= what && strcmp(seen[i], what) == 0;
        if (!what || !used[r] || dup)
            continue;
        char entry[160];
        snprintf(entry, sizeof entry, ">%s</text></g>", what);
        if (!strstr(legend, entry))
            fail_msg("the legend lacks '%s'", what);
        seen[want++] = what;
    }
    for (const char *p = legend; (p = strstr(p, "<g class=\"entry\">")); p++)
        got++;
    assert_int_equal(got, want); /* nothing listed that is not drawn */
    char fills[64][8];
    int nf = 0;
    for (const char *p = legend; (p = strstr(p, "class=\"swatch\"")) && nf < 64; p++) {
        const char *f = strstr(p, "fill=\"");
        assert_non_null(f);
        snprintf(fills[nf], sizeof fills[nf], "%.7s", f + 6);
        for (int i = 0; i < nf; i++)
            if (strcmp(fills[i], fills[nf]) == 0)
                fail_msg("two swatches share %s", fills[nf]);
        char drawn[32];
        snprintf(drawn, sizeof drawn, "fill=\"%.7s\"", fills[nf]);
        const char *first = strstr(svg, drawn);
        assert_true(first && first < legend); /* the colour is on the slide itself */
        nf++;
    }
}

static void check_views(tpx_scheme scheme)
{
    theme_set(scheme);
    tpx_runner *r = runner_model_only("test");
    int nv;
    views_table(&nv);
    for (int v = 0; v < nv; v++) {
        tpx_app *a = app_at(v, NULL, r);
        assert_non_null(a);
        tpx_canvas cv;
        assert_int_equal(slide_draw(a, 120, 52, 0, &cv), 0);
        assert_true(cv.need_w <= cv.w); /* nothing cut at the right edge */
        char *text = canvas_dump(&cv);
        assert_null(strstr(text, "q quit"));
        assert_null(strstr(text, "no GPU: model only"));
        assert_null(strstr(text, "Tab, or click"));
        char title[400];
        slide_title(a, title, sizeof title);
        char *svg = svg_of(&cv, title);
        assert_non_null(strstr(svg, "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"));
        assert_non_null(strstr(svg, "class=\"heading\""));
        assert_non_null(strstr(svg, app_view(a, v)->title));
        check_legend(&cv, svg);
        free(svg);
        free(text);
        canvas_free(&cv);
        app_free(a);
    }
    runner_close(r);
    theme_set(TPX_SCHEME_DEFAULT);
}

static void test_every_view_default(void **s)
{
    (void)s;
    check_views(TPX_SCHEME_DEFAULT);
}

static void test_every_view_okabe_ito(void **s)
{
    (void)s;
    check_views(TPX_SCHEME_OKABE_ITO);
}

static void test_device_line_when_asked(void **s)
{
    (void)s;
    tpx_runner *r = runner_model_only("test");
    tpx_app *a = app_at(1, NULL, r);
    tpx_canvas cv;
    assert_int_equal(slide_draw(a, 120, 52, 1, &cv), 0);
    char *text = canvas_dump(&cv);
    assert_non_null(strstr(text, "no GPU: model only"));
    assert_null(strstr(text, "q quit"));
    free(text);
    canvas_free(&cv);
    app_free(a);
    runner_close(r);
}

/* A slide 80 columns wide grows until its longest line fits. */
static void test_widens_to_fit(void **s)
{
    (void)s;
    tpx_runner *r = runner_model_only("test");
    tpx_app *a = app_at(2, NULL, r);
    tpx_canvas narrow, cv;
    assert_int_equal(canvas_init(&narrow, 80, 52), 0);
    app_resize(a, 80, 52);
    app_draw(a, &narrow);
    assert_true(narrow.need_w > 80); /* the terminal cuts the coalescing view at 80 */
    assert_int_equal(slide_draw(a, 80, 52, 0, &cv), 0);
    assert_true(cv.w > 80);
    assert_true(cv.need_w <= cv.w);
    canvas_free(&narrow);
    canvas_free(&cv);
    app_free(a);
    runner_close(r);
}

static void test_tour_step_slide(void **s)
{
    (void)s;
    tpx_runner *r = runner_model_only("test");
    tpx_app *a = app_at(0, "T>>", r);
    tpx_canvas cv;
    assert_int_equal(slide_draw(a, 120, 52, 0, &cv), 0);
    char title[400], *text = canvas_dump(&cv);
    slide_title(a, title, sizeof title);
    assert_true(strncmp(title, "Tour step 3 of ", 15) == 0);
    assert_non_null(strstr(text, "The naive transpose.")); /* the step's text */
    assert_null(strstr(text, "> next"));                  /* the box's keys are not */
    free(text);
    canvas_free(&cv);
    app_free(a);
    runner_close(r);
}

/* The views' own key hints (the Order's "Space/N step", the Banks' "p pads",
 * the Compare's "press A") are on the screen and not on the slide. */
static void test_no_view_key_hints(void **s)
{
    (void)s;
    static const struct {
        int view;
        const char *hint;
    } rows[] = {{1, "(p pads each row"}, {3, "Space/N step"}, {5, "press A to pin"}};
    tpx_runner *r = runner_model_only("test");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        tpx_headless h = {.cfg = config_default(), .view = rows[i].view, .cols = 120, .rows = 52};
        h.cfg.kernel = TPX_K_SMEM;
        h.cfg.bx = h.cfg.by = 32;
        tpx_app *a = headless_app(&h, r);
        tpx_canvas screen, cv;
        assert_int_equal(canvas_init(&screen, 120, 52), 0);
        app_draw(a, &screen);
        assert_int_equal(slide_draw(a, 120, 52, 0, &cv), 0);
        char *on_screen = canvas_dump(&screen), *on_slide = canvas_dump(&cv);
        if (!strstr(on_screen, rows[i].hint))
            fail_msg("view %d: the screen lacks '%s'", rows[i].view, rows[i].hint);
        if (strstr(on_slide, rows[i].hint))
            fail_msg("view %d: the slide shows '%s'", rows[i].view, rows[i].hint);
        assert_int_equal(a->slide, 0); /* the screen draws its hints again */
        free(on_screen);
        free(on_slide);
        canvas_free(&screen);
        canvas_free(&cv);
        app_free(a);
    }
    runner_close(r);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static void test_e_and_s_never_overwrite(void **s)
{
    (void)s;
    char dir[] = "/tmp/tpx_slide_XXXXXX", old[4096], cwd[4096], want[8300];
    assert_non_null(mkdtemp(dir));
    assert_non_null(getcwd(old, sizeof old));
    assert_int_equal(chdir(dir), 0);
    assert_non_null(getcwd(cwd, sizeof cwd));
    FILE *f = fopen("tpx-banks-smem.svg", "w");
    fputs("keep", f);
    fclose(f);
    tpx_runner *r = runner_model_only("test");
    tpx_app *a = app_at(1, "E", r);
    snprintf(want, sizeof want, "wrote %s/tpx-banks-smem-2.svg", cwd);
    assert_string_equal(a->msg, want);
    app_key(a, 'E');
    snprintf(want, sizeof want, "wrote %s/tpx-banks-smem-3.svg", cwd);
    assert_string_equal(a->msg, want);
    assert_string_equal(slurp("tpx-banks-smem.svg"), "keep");
    assert_non_null(strstr(slurp("tpx-banks-smem-3.svg"), "</svg>"));
    app_key(a, 'S');
    snprintf(want, sizeof want, "wrote %s/tpx-slide-banks-smem.svg", cwd);
    assert_string_equal(a->msg, want);
    assert_int_equal(a->msg_error, 0);
    assert_non_null(strstr(slurp("tpx-slide-banks-smem.svg"), "class=\"heading\""));
    const char *names[] = {"tpx-banks-smem.svg", "tpx-banks-smem-2.svg", "tpx-banks-smem-3.svg",
                           "tpx-slide-banks-smem.svg"};
    for (int i = 0; i < 4; i++)
        unlink(names[i]);
    app_free(a);
    runner_close(r);
    assert_int_equal(chdir(old), 0);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_view_default),
        cmocka_unit_test(test_every_view_okabe_ito),
        cmocka_unit_test(test_device_line_when_asked),
        cmocka_unit_test(test_widens_to_fit),
        cmocka_unit_test(test_tour_step_slide),
        cmocka_unit_test(test_no_view_key_hints),
        cmocka_unit_test(test_e_and_s_never_overwrite),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
