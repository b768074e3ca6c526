# The explorer: src/ui and src/explorer, linked into tpx.  Only
# src/explorer/shell/term_curses.c sees curses; everything else builds into tpx_tui,
# which the screen tests and the redraw benchmark link without a terminal.
set(CURSES_NEED_WIDE TRUE)
set(CURSES_NEED_NCURSES TRUE)
find_package(Curses)
if(NOT CURSES_FOUND)
  message(FATAL_ERROR "ncursesw not found: run scripts/deps.sh (Debian: libncurses-dev), "
                      "or configure with -DTPX_TUI=OFF for tpx without the explorer")
endif()
# The explorer's layers, each seeing only the headers below it:
#   tpx_app   src/explorer/state: the app state, keys, layout, scene, edits,
#             tour (no curses, no views), on src/ui (canvas, glyphs, theme,
#             widgets, the SVG writer);
#   tpx_views src/explorer/views and src/explorer/chrome: paint the state,
#             own their private state;
#   tpx_tui   the dispatch above the views (src/explorer/app: the table of
#             views, keys and clicks to handlers, app_update) and the
#             headless screen.
add_library(tpx_app STATIC
  src/explorer/state/app_state.c src/explorer/state/edit.c src/explorer/state/gpus.c
  src/explorer/state/keys.c src/explorer/state/layout.c src/explorer/state/scene.c
  src/explorer/state/tour.c
  src/ui/canvas.c src/ui/glyphs.c src/ui/theme.c src/ui/widgets.c src/ui/export.c)
target_include_directories(tpx_app PUBLIC src/explorer/state src/ui)
target_compile_options(tpx_app PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_app PUBLIC tpx_measure)

add_library(tpx_views STATIC
  src/explorer/views/bandwidth/bandwidth.c src/explorer/views/bandwidth/bw_gpus.c
  src/explorer/views/bandwidth/bw_heatmap.c src/explorer/views/bandwidth/bw_predict.c
  src/explorer/views/banks/banks.c src/explorer/views/coalescing/coalescing.c
  src/explorer/views/compare/compare.c src/explorer/views/order/order.c
  src/explorer/views/map/map.c src/explorer/views/map/map_ab.c
  src/explorer/views/map/map_caption.c
  src/explorer/chrome/editor.c src/explorer/chrome/frame.c src/explorer/chrome/help.c
  src/explorer/chrome/picker.c src/explorer/chrome/strip.c src/explorer/chrome/tour_box.c)
target_include_directories(tpx_views PUBLIC src/explorer/views)
target_compile_options(tpx_views PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_views PUBLIC tpx_app)

add_library(tpx_tui STATIC src/explorer/app/app.c src/explorer/app/headless.c)
target_include_directories(tpx_tui PUBLIC src/explorer/app)
target_compile_options(tpx_tui PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_tui PUBLIC tpx_views)

# pkg-config's flags for ncursesw define _XOPEN_SOURCE=600; tpx builds with
# 700 for every file, which also turns on the wide-character curses API.
set(TPX_CURSES_FLAGS ${CURSES_CFLAGS})
list(FILTER TPX_CURSES_FLAGS EXCLUDE REGEX "^-D_XOPEN_SOURCE")
target_sources(tpx PRIVATE src/explorer/shell/cmd_export.c src/explorer/shell/explore.c
  src/explorer/shell/term_curses.c)
target_include_directories(tpx PRIVATE ${CURSES_INCLUDE_DIRS})
set_source_files_properties(src/explorer/shell/term_curses.c PROPERTIES
  COMPILE_OPTIONS "${TPX_CURSES_FLAGS};-DNCURSES_WIDECHAR=1")
target_link_libraries(tpx PRIVATE tpx_tui ${CURSES_LIBRARIES})

# The redraw benchmark (bench/redraw.c): not a test, run by hand.
add_executable(tpx_bench_redraw bench/redraw.c)
target_compile_options(tpx_bench_redraw PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_bench_redraw PRIVATE tpx_tui)
