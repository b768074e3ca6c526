# The explorer's tests: unit tests of its pure parts, screens rendered
# headless against golden text, and the real binary driven in tmux.
# (Included from tests/CMakeLists.txt when the explorer is built.)
add_library(tpx_fake_runner STATIC fake_runner.c)
target_compile_options(tpx_fake_runner PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_fake_runner PUBLIC tpx_core)

foreach(t test_edit test_export test_footprint test_keys test_layout test_papercuts
          test_predict_views test_profile test_tour test_views test_worker)
  tpx_unit_test(${t})
  target_link_libraries(${t} PRIVATE tpx_app tpx_fake_runner)
endforeach()

target_sources(test_views PRIVATE golden_check.c)
target_compile_definitions(test_views PRIVATE TPX_GOLDEN_DIR="${CMAKE_CURRENT_SOURCE_DIR}/golden")
# A beside B: several GPUs' files (the shipped ones), A's picture beside B's
tpx_unit_test(test_views_ab golden_check.c)
target_link_libraries(test_views_ab PRIVATE tpx_app)
target_compile_definitions(test_views_ab PRIVATE TPX_GOLDEN_DIR="${CMAKE_CURRENT_SOURCE_DIR}/golden"
  TPX_RESULTS_DIR="${CMAKE_SOURCE_DIR}/bench/results")
target_compile_definitions(test_tour PRIVATE
  TPX_TOUR_FIXTURE="${CMAKE_CURRENT_SOURCE_DIR}/fixtures/tour_lesson.txt"
  TPX_RESULTS_DIR="${CMAKE_SOURCE_DIR}/bench/results")

add_executable(tpx_render tpx_render.c)
target_compile_options(tpx_render PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_render PRIVATE tpx_app tpx_cli)

# A result document for the --load test, written by tpx bench's own writer.
add_executable(replay_fixture replay_fixture.c)
target_compile_options(replay_fixture PRIVATE ${TPX_WARNINGS})
target_link_libraries(replay_fixture PRIVATE tpx_core)

# Random sweeps saved and read back by every reader (report, --load, compare, export).
add_executable(roundtrip_gen roundtrip_gen.c sweep_gen.c)
target_compile_options(roundtrip_gen PRIVATE ${TPX_WARNINGS})
target_link_libraries(roundtrip_gen PRIVATE tpx_core)
add_test(NAME cli_roundtrip COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli_roundtrip.sh $<TARGET_FILE:tpx>
         $<TARGET_FILE:roundtrip_gen>)
set_tests_properties(cli_roundtrip PROPERTIES LABELS unit TIMEOUT 300)

add_test(NAME tui_no_tty COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/no_tty.sh $<TARGET_FILE:tpx>)
add_test(NAME tui_e2e_tmux COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/e2e_tmux.sh $<TARGET_FILE:tpx>
         $<TARGET_FILE:replay_fixture>)
add_test(NAME cli_export COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli_export.sh $<TARGET_FILE:tpx>)
add_test(NAME cli_tour COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli_tour.sh $<TARGET_FILE:tpx>)
set_tests_properties(tui_no_tty tui_e2e_tmux cli_export cli_tour PROPERTIES LABELS unit)
set_tests_properties(tui_e2e_tmux PROPERTIES TIMEOUT 120)
add_test(NAME tui_e2e_signals COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/e2e_signals.sh $<TARGET_FILE:tpx>)
set_tests_properties(tui_e2e_signals PROPERTIES LABELS unit TIMEOUT 120)


# The explorer's live path on a real GPU (skipped without one).
add_test(NAME gpu_e2e_tmux COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/e2e_gpu_tmux.sh $<TARGET_FILE:tpx>)
set_tests_properties(gpu_e2e_tmux PROPERTIES LABELS gpu SKIP_RETURN_CODE 77 TIMEOUT 400)

# The table of bad inputs: command line, explorer fields (headless), terminals.
add_test(NAME bad_inputs COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/bad_inputs.sh $<TARGET_FILE:tpx>
         $<TARGET_FILE:tpx_render>)
set_tests_properties(bad_inputs PROPERTIES LABELS unit TIMEOUT 120)

# A view is one folder and one table row: the dummy view (tests/dummy_view/)
# joins the table as a real view does, views.c compiled again with its row,
# and the test finds its key, tab, help line, export name and tour number.
tpx_unit_test(test_view_dummy dummy_view/dummy.c ${PROJECT_SOURCE_DIR}/src/explorer/views/views.c)
target_include_directories(test_view_dummy PRIVATE dummy_view)
target_compile_definitions(test_view_dummy PRIVATE TPX_VIEWS_EXTRA="dummy.def")
target_link_libraries(test_view_dummy PRIVATE tpx_shell)
