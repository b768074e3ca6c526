# The explorer: views/ and the app (src/app*, layout, keys, scene, workers),
# linked into tpx.  Only src/term_curses.c sees curses; everything else builds
# into tpx_tui, which the screen tests and the redraw benchmark link without
# a terminal.
set(CURSES_NEED_WIDE TRUE)
set(CURSES_NEED_NCURSES TRUE)
find_package(Curses)
if(NOT CURSES_FOUND)
  message(FATAL_ERROR "ncursesw not found: run scripts/deps.sh (Debian: libncurses-dev), "
                      "or configure with -DTPX_TUI=OFF for tpx without the explorer")
endif()
set(THREADS_PREFER_PTHREAD_FLAG ON)
find_package(Threads REQUIRED)

# assets/ -> one C file of byte arrays, rebuilt when an asset changes.
set(TPX_ASSETS help.txt tour.txt devices/h100_sxm.txt)
set(TPX_ASSET_DEPS "")
foreach(a IN LISTS TPX_ASSETS)
  list(APPEND TPX_ASSET_DEPS ${CMAKE_CURRENT_SOURCE_DIR}/assets/${a})
endforeach()
string(REPLACE ";" "," TPX_ASSET_LIST "${TPX_ASSETS}")
add_custom_command(
  OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/generated/assets.c
  COMMAND ${CMAKE_COMMAND} -DOUT=${CMAKE_CURRENT_BINARY_DIR}/generated/assets.c
          -DROOT=${CMAKE_CURRENT_SOURCE_DIR}/assets -DFILES=${TPX_ASSET_LIST}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed.cmake
  DEPENDS ${TPX_ASSET_DEPS} ${CMAKE_CURRENT_SOURCE_DIR}/cmake/embed.cmake
  COMMENT "embedding assets/")

add_library(tpx_tui STATIC
  src/app.c src/edit.c src/footprint.c src/keys.c src/layout.c src/live.c src/profile.c
  src/headless.c src/scene.c src/sweep.c src/tour.c src/worker.c
  views/bandwidth.c views/banks.c views/canvas.c views/coalescing.c views/editor.c
  views/frame.c views/glyphs.c views/help.c views/map.c views/order.c views/picker.c
  views/strip.c views/theme.c views/tour_box.c views/widgets.c
  ${CMAKE_CURRENT_BINARY_DIR}/generated/assets.c)
target_include_directories(tpx_tui PUBLIC src views)
target_compile_options(tpx_tui PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_tui PUBLIC tpx_core Threads::Threads)

# pkg-config's flags for ncursesw define _XOPEN_SOURCE=600; tpx builds with
# 700 for every file, which also turns on the wide-character curses API.
set(TPX_CURSES_FLAGS ${CURSES_CFLAGS})
list(FILTER TPX_CURSES_FLAGS EXCLUDE REGEX "^-D_XOPEN_SOURCE")
target_sources(tpx PRIVATE src/explore.c src/term_curses.c)
target_include_directories(tpx PRIVATE ${CURSES_INCLUDE_DIRS})
set_source_files_properties(src/term_curses.c PROPERTIES
  COMPILE_OPTIONS "${TPX_CURSES_FLAGS};-DNCURSES_WIDECHAR=1")
target_link_libraries(tpx PRIVATE tpx_tui ${CURSES_LIBRARIES})

# The redraw benchmark (bench/redraw.c): not a test, run by hand.
add_executable(tpx_bench_redraw bench/redraw.c)
target_compile_options(tpx_bench_redraw PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_bench_redraw PRIVATE tpx_tui)
