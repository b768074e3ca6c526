/* The export writers: SVG escapes what XML forbids, keeps the glyphs and
 * the theme's colours and adds a legend; text is the screen; the explorer's
 * E key writes the current view and says where. */
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

static char *write_mem(const tpx_canvas *cv, tpx_export_format fmt)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    assert_int_equal(export_write(f, cv, fmt, "a <title> & \"more\""), 0);
    fclose(f);
    return text;
}

static void test_svg_escapes_and_colours(void **s)
{
    (void)s;
    tpx_canvas cv;
    glyphs_set_utf8(1);
    assert_int_equal(canvas_init(&cv, 20, 3), 0);
    canvas_text(&cv, 0, 0, 20, TPX_R_NORMAL, "<a&b> \"q\"");
    canvas_text(&cv, 0, 1, 20, TPX_R_LOAD, "load\xe2\x96\x91");
    canvas_text(&cv, 0, 2, 20, TPX_R_WAVE, "wave");
    char *svg = write_mem(&cv, TPX_EXPORT_SVG);
    assert_non_null(strstr(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    assert_non_null(strstr(svg, "<title>a &lt;title&gt; &amp; &quot;more&quot;</title>"));
    assert_non_null(strstr(svg, "&lt;a&amp;b&gt; \"q\""));
    assert_non_null(strstr(svg, "load\xe2\x96\x91</text>")); /* the glyph kept */
    assert_null(strstr(svg, "<a&b>"));
    /* LOAD is blue text, WAVE pink (theme.h, the default scheme on a dark page) */
    assert_non_null(strstr(svg, "fill=\"#61afef\" font-weight=\"bold\">load"));
    assert_non_null(strstr(svg, "fill=\"#ff79c6\" font-weight=\"bold\">wave"));
    assert_non_null(strstr(svg, ">legend:</text>"));
    assert_non_null(strstr(svg, ">load</text>"));
    assert_non_null(strstr(svg, ">blocks resident now</text>"));
    assert_null(strstr(svg, ">store</text>")); /* only the roles on screen */
    assert_non_null(strstr(svg, "</svg>\n"));
    free(svg);
    char *txt = write_mem(&cv, TPX_EXPORT_TEXT);
    assert_string_equal(txt, "<a&b> \"q\"\nload\xe2\x96\x91\nwave\n");
    free(txt);
    canvas_free(&cv);
}

static void test_formats(void **s)
{
    (void)s;
    assert_int_equal(export_format_of_path("a/b.svg"), TPX_EXPORT_SVG);
    assert_int_equal(export_format_of_path("b.txt"), TPX_EXPORT_TEXT);
    assert_int_equal(export_format_of_path("b.png"), -1);
    assert_int_equal(export_format_of_path("dir.svg/b"), -1);
    assert_int_equal(export_format_of_path("b"), -1);
    assert_int_equal(export_format_parse("text"), TPX_EXPORT_TEXT);
    assert_int_equal(export_format_parse("SVG"), -1);
}

static void test_e_key_writes_the_view(void **s)
{
    (void)s;
    char dir[] = "/tmp/tpx_export_XXXXXX", old[4096];
    assert_non_null(mkdtemp(dir));
    assert_non_null(getcwd(old, sizeof old));
    assert_int_equal(chdir(dir), 0);
    tpx_runner *r = runner_model_only("test");
    tpx_headless h = {.cfg = config_default(), .view = 1, .cols = 100, .rows = 30, .keys = "E"};
    h.cfg.kernel = TPX_K_SMEM;
    h.cfg.bx = h.cfg.by = 32;
    tpx_app *a = headless_app(&h, r);
    assert_non_null(a);
    /* where it wrote, in full */
    assert_non_null(strstr(a->msg, "/tpx-banks-smem.svg"));
    assert_true(strncmp(a->msg, "wrote /", 7) == 0);
    assert_int_equal(a->msg_error, 0);
    FILE *f = fopen("tpx-banks-smem.svg", "r");
    assert_non_null(f);
    char head[64] = "";
    assert_non_null(fgets(head, sizeof head, f));
    assert_string_equal(head, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fclose(f);
    unlink("tpx-banks-smem.svg");
    app_free(a);
    runner_close(r);
    assert_int_equal(chdir(old), 0);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_svg_escapes_and_colours),
        cmocka_unit_test(test_formats),
        cmocka_unit_test(test_e_key_writes_the_view),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
