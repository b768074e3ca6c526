# The explorer: views/ and the app (src/app), linked into tpx.  Only
# src/app/term_curses.c sees curses; everything else builds into tpx_tui,
# which the screen tests and the redraw benchmark link without a terminal.
set(CURSES_NEED_WIDE TRUE)
set(CURSES_NEED_NCURSES TRUE)
find_package(Curses)
if(NOT CURSES_FOUND)
  message(FATAL_ERROR "ncursesw not found: run scripts/deps.sh (Debian: libncurses-dev), "
                      "or configure with -DTPX_TUI=OFF for tpx without the explorer")
endif()
# Three layers, each seeing only the headers below it:
#   tpx_app   src/app's state: the app state, keys, layout, scene, edits, tour
#             (no curses, no views);
#   tpx_views views/: paint the state, own their private state;
#   tpx_tui   the dispatch above the views (src/app/app.c: the table of views,
#             keys and clicks to handlers, app_update) and the headless screen.
add_library(tpx_app STATIC
  src/app/app_state.c src/app/edit.c src/app/keys.c src/app/layout.c src/app/scene.c
  src/app/tour.c)
target_include_directories(tpx_app PUBLIC src/app)
target_compile_options(tpx_app PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_app PUBLIC tpx_measure)

add_library(tpx_views STATIC
  views/bandwidth.c views/banks.c views/bw_heatmap.c views/bw_predict.c views/canvas.c
  views/coalescing.c views/compare.c views/editor.c views/frame.c views/glyphs.c views/help.c
  views/map.c views/order.c views/picker.c
  views/strip.c views/theme.c views/tour_box.c views/widgets.c)
target_include_directories(tpx_views PUBLIC views)
target_compile_options(tpx_views PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_views PUBLIC tpx_app)

add_library(tpx_tui STATIC src/app/app.c src/app/export.c src/app/headless.c)
target_compile_options(tpx_tui PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_tui PUBLIC tpx_views)

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
