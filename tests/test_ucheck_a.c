/* The check's marks on A (ucheck_map_at_a): B[x * H + y] should hold
 * A[y * W + x], so each element of A carries the mark of its place in B,
 * B's (x, y) for A's (y, x): the A elements whose value did not reach B
 * (their place wrong or never written) or reached it twice.  Every case is
 * worked by hand from the kernel's own index, on sizes small enough to list
 * each element.  Also the kernel editor's drafts in the registry: checked
 * like any kernel, listed only once used. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "ucheck_map.h"
#include "user.h"

enum { OK = 0, U = UC_MARK_UNWRITTEN, T = UC_MARK_TWICE, X = UC_MARK_WRONG };

static int add(const char *text)
{
    char msg[256];
    int id = user_add(text, strlen(text), "test", msg, sizeof msg);
    if (id < 0)
        fail_msg("%s", msg);
    return id;
}

static ucheck_map *check(int id, long long w, long long h)
{
    tpx_config c = config_default();
    c.kernel = (tpx_kernel_id)id;
    c.w = w;
    c.h = h;
    c.bx = 32;
    c.by = 8;
    int rc;
    ucheck_map *m = ucheck_map_build(&c, NULL, &rc);
    assert_non_null(m);
    assert_int_equal(rc, 0);
    assert_true(m->nlev > 0);
    return m;
}

/* A is H rows of W; want[y][x] its marks, one element at a time. */
static void holds_a(const ucheck_map *m, long long w, long long h, const unsigned *want)
{
    for (long long y = 0; y < h; y++)
        for (long long x = 0; x < w; x++)
            if (ucheck_map_at_a(m, y, x, 1) != want[y * w + x])
                fail_msg("A[%lld][%lld]: %u, want %u", y, x, ucheck_map_at_a(m, y, x, 1),
                         want[y * w + x]);
}

/* The copy's index in a transpose, 3 x 2 (W x H): thread (x, y) writes
 * B[y * 3 + x] with A[y * 3 + x].  A index s belongs at B index
 * (s % 3) * 2 + s / 3: 0 -> 0 and 5 -> 5 land in place, 1 -> 2, 2 -> 4,
 * 3 -> 1, 4 -> 3 do not.  So B (3 rows of 2) is wrong at (0,1) (1,0) (1,1)
 * (2,0); A (2 rows of 3) is wrong everywhere but (0,0) and (1,2): A's
 * (0,1), for one, belongs at B's (1,0), which got A[2] instead. */
static void test_swapped(void **state)
{
    (void)state;
    int id = add("kernel t_swapped\n"
                 "let x = bx * BX + tx\nlet y = by * BY + ty\n"
                 "if x < W && y < H: B[y * W + x] = A[y * W + x]\n");
    ucheck_map *m = check(id, 3, 2);
    assert_int_equal(m->rep.count[UC_WRONG], 4);
    assert_int_equal(m->rep.count[UC_UNWRITTEN] + m->rep.count[UC_TWICE], 0);
    static const unsigned b[] = {OK, X, X, X, X, OK}; /* B, row by row */
    for (int i = 0; i < 6; i++)
        assert_int_equal(ucheck_map_at(m, i / 2, i % 2, 1), b[i]);
    static const unsigned a[] = {OK, X, X, /* A row 0 */ X, X, OK};
    holds_a(m, 3, 2, a);
    /* a cell of 2 x 2 ORs its elements; out of A, nothing */
    assert_int_equal(ucheck_map_at_a(m, 0, 0, 2), X);
    assert_int_equal(ucheck_map_at_a(m, 0, 3, 1), 0);
    assert_int_equal(ucheck_map_at_a(m, 2, 0, 1), 0);
    ucheck_map_release(m);
}

/* Each pair of A's rows lands on one column of B, 2 x 4 (W x H): thread
 * (x, y) writes B[x * 4 + (y / 2) * 2] with A[y * 2 + x].  B (2 rows of 4):
 * columns 0 and 2 written twice, the second time by A's odd row (wrong),
 * columns 1 and 3 never.  So on A, rows 0 and 2 (whose places were written
 * twice, then overwritten) are twice and wrong, rows 1 and 3 (sent to the
 * wrong place: theirs never written) unwritten. */
static void test_pairs(void **state)
{
    (void)state;
    int id = add("kernel t_pairs\n"
                 "let x = bx * BX + tx\nlet y = by * BY + ty\n"
                 "if x < W && y < H: B[x * H + (y / 2) * 2] = A[y * W + x]\n");
    ucheck_map *m = check(id, 2, 4);
    assert_int_equal(m->rep.count[UC_UNWRITTEN], 4);
    assert_int_equal(m->rep.count[UC_TWICE], 4);
    assert_int_equal(m->rep.count[UC_WRONG], 4);
    static const unsigned a[] = {T | X, T | X, U, U, T | X, T | X, U, U};
    holds_a(m, 2, 4, a);
    assert_int_equal(ucheck_map_at(m, 0, 1, 1), U); /* B's (0, 1): A's (1, 0) */
    assert_int_equal(ucheck_map_at_a(m, 0, 0, 2), T | X | U);
    ucheck_map_release(m);
}

/* A copy holds B to A itself: A's marks sit where B's do.  B[y * W + x]
 * for x < W - 1 only: B's (and A's) last column is never written. */
static void test_copy(void **state)
{
    (void)state;
    int id = add("kernel t_copy_short\ncopy\n"
                 "let x = bx * BX + tx\nlet y = by * BY + ty\n"
                 "if x < W - 1 && y < H: B[y * W + x] = A[y * W + x]\n");
    ucheck_map *m = check(id, 3, 2);
    static const unsigned a[] = {OK, OK, U, OK, OK, U};
    holds_a(m, 3, 2, a);
    for (int i = 0; i < 6; i++)
        assert_int_equal(ucheck_map_at(m, i / 3, i % 3, 1), a[i]);
    ucheck_map_release(m);
}

/* A correct kernel marks nothing on A. */
static void test_correct(void **state)
{
    (void)state;
    int id = add("kernel t_right\n"
                 "let x = bx * BX + tx\nlet y = by * BY + ty\n"
                 "if x < W && y < H: B[x * H + y] = A[y * W + x]\n");
    ucheck_map *m = check(id, 40, 9);
    assert_int_equal(ucheck_map_at_a(m, 0, 0, 64), 0);
    ucheck_map_release(m);
}

/* The editor's drafts: an id to check by, not in the list until the same
 * text is used (user_add), then the same id, listed. */
static void test_drafts(void **state)
{
    (void)state;
    const char *text = "kernel t_draft\n"
                       "let x = bx * BX + tx\nlet y = by * BY + ty\n"
                       "if x < W && y < H: B[x * H + y] = A[y * W + x]\n";
    char msg[256];
    int listed = user_listed_count();
    int id = user_add_draft(text, strlen(text), msg, sizeof msg);
    assert_true(id >= TPX_K_USER);
    assert_false(user_listed(id));
    assert_int_equal(user_listed_count(), listed);
    assert_int_equal(user_listed_index(id), -1);
    assert_int_equal(user_find("t_draft"), -1);
    assert_int_equal(user_add_draft(text, strlen(text), msg, sizeof msg), id);
    ucheck_map *m = check(id, 8, 8); /* checked like any kernel */
    assert_true(ucheck_ok(&m->rep));
    ucheck_map_release(m);
    assert_int_equal(add(text), id);
    assert_true(user_listed(id));
    assert_int_equal(user_listed_count(), listed + 1);
    assert_int_equal(user_listed_id(user_listed_index(id)), id);
    assert_int_equal(user_find("t_draft"), id);
    /* a draft that does not parse is refused as user_add refuses it */
    assert_int_equal(user_add_draft("kernel", 6, msg, sizeof msg), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_swapped), cmocka_unit_test(test_pairs),
        cmocka_unit_test(test_copy),    cmocka_unit_test(test_correct),
        cmocka_unit_test(test_drafts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
