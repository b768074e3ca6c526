# The explorer's tests: unit tests of its pure parts, screens rendered
# headless against golden text, and the real binary driven in tmux.
add_executable(tpx_render tpx_render.c)
target_compile_options(tpx_render PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_render PRIVATE tpx_tui)
