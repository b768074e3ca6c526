# The explorer: views/ and the app (src/app: state, keys, layout, scene,
# tour), linked into tpx.  Only src/app/term_curses.c sees curses; everything else builds
# into tpx_tui, which the screen tests and the redraw benchmark link without
# a terminal.
set(CURSES_NEED_WIDE TRUE)
set(CURSES_NEED_NCURSES TRUE)
find_package(Curses)
if(NOT CURSES_FOUND)
  message(FATAL_ERROR "ncursesw not found: run scripts/deps.sh (Debian: libncurses-dev), "
                      "or configure with -DTPX_TUI=OFF for tpx without the explorer")
endif()
add_library(tpx_tui STATIC
  src/app/app.c src/app/edit.c src/app/export.c src/app/keys.c src/app/layout.c src/app/headless.c
  src/app/scene.c src/app/tour.c
  views/bandwidth.c views/banks.c views/canvas.c views/coalescing.c views/editor.c
  views/frame.c views/glyphs.c views/help.c views/map.c views/order.c views/picker.c
  views/strip.c views/theme.c views/tour_box.c views/widgets.c)
target_include_directories(tpx_tui PUBLIC src/app views)
target_compile_options(tpx_tui PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_tui PUBLIC tpx_measure)

# pkg-config's flags for ncursesw define _XOPEN_SOURCE=600; tpx builds with
# 700 for every file, which also turns on the wide-character curses API.
set(TPX_CURSES_FLAGS ${CURSES_CFLAGS})
list(FILTER TPX_CURSES_FLAGS EXCLUDE REGEX "^-D_XOPEN_SOURCE")
target_sources(tpx PRIVATE src/app/cmd_export.c src/app/explore.c src/app/term_curses.c)
target_include_directories(tpx PRIVATE ${CURSES_INCLUDE_DIRS})
set_source_files_properties(src/app/term_curses.c PROPERTIES
  COMPILE_OPTIONS "${TPX_CURSES_FLAGS};-DNCURSES_WIDECHAR=1")
target_link_libraries(tpx PRIVATE tpx_tui ${CURSES_LIBRARIES})

# The redraw benchmark (bench/redraw.c): not a test, run by hand.
add_executable(tpx_bench_redraw bench/redraw.c)
target_compile_options(tpx_bench_redraw PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_bench_redraw PRIVATE tpx_tui)
