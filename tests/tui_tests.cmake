# The explorer's tests: unit tests of its pure parts, screens rendered
# headless against golden text, and the real binary driven in tmux.
# (Included from tests/CMakeLists.txt when the explorer is built.)
add_library(tpx_fake_runner STATIC fake_runner.c)
target_compile_options(tpx_fake_runner PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_fake_runner PUBLIC tpx_core)

foreach(t test_edit test_export test_fit test_slide test_theme test_kedit test_footprint test_keys
          test_layout test_papercuts
          test_predict_views test_profile test_tour test_views test_worker)
  tpx_unit_test(${t})
  target_link_libraries(${t} PRIVATE tpx_app tpx_fake_runner)
endforeach()
# The screens: every view and dialog drawn headless against golden text (and
# what the prediction shows on them).
set_tests_properties(test_views test_predict_views PROPERTIES LABELS screen COST 20)
# the kernel editor: a student's typing, the screens searched for the verdicts
set_tests_properties(test_kedit PROPERTIES LABELS screen)

target_sources(test_views PRIVATE golden_check.c)
target_compile_definitions(test_views PRIVATE TPX_GOLDEN_DIR="${CMAKE_CURRENT_SOURCE_DIR}/golden")
# A beside B: several GPUs' files (the shipped ones), A's picture beside B's
tpx_unit_test(test_views_ab golden_check.c)
target_link_libraries(test_views_ab PRIVATE tpx_app)
set_tests_properties(test_views_ab PROPERTIES LABELS screen)
target_compile_definitions(test_views_ab PRIVATE TPX_GOLDEN_DIR="${CMAKE_CURRENT_SOURCE_DIR}/golden"
  TPX_RESULTS_DIR="${CMAKE_SOURCE_DIR}/bench/results")
# Every tour step as a class sees it: evidence visible, goldens at 100x30.
tpx_unit_test(test_tour_screens golden_check.c)
target_link_libraries(test_tour_screens PRIVATE tpx_app)
set_tests_properties(test_tour_screens PROPERTIES LABELS screen COST 20)
target_compile_definitions(test_tour_screens PRIVATE
  TPX_GOLDEN_DIR="${CMAKE_CURRENT_SOURCE_DIR}/golden" TPX_RESULTS_DIR="${CMAKE_SOURCE_DIR}/bench/results")
target_compile_definitions(test_tour PRIVATE
  TPX_TOUR_FIXTURE="${CMAKE_CURRENT_SOURCE_DIR}/fixtures/tour_lesson.txt"
  TPX_RESULTS_DIR="${CMAKE_SOURCE_DIR}/bench/results")

add_executable(tpx_render tpx_render.c)
target_compile_options(tpx_render PRIVATE ${TPX_WARNINGS})
target_link_libraries(tpx_render PRIVATE tpx_app tpx_cli)
# The README's screen captures are what the explorer draws now (a model or view
# change that leaves them stale fails here; scripts/readme-captures.sh --write).
add_test(NAME readme_captures COMMAND env TPX_NO_BUILD=1 TPX_RENDER=$<TARGET_FILE:tpx_render>
         ${PROJECT_SOURCE_DIR}/scripts/readme-captures.sh --check)
set_tests_properties(readme_captures PROPERTIES LABELS screen)
add_test(NAME readme_captures_stale COMMAND env TPX_RENDER=$<TARGET_FILE:tpx_render>
         ${PROJECT_SOURCE_DIR}/tests/readme_captures_stale.sh)
set_tests_properties(readme_captures_stale PROPERTIES LABELS screen)

# A result document for the --load test, written by tpx bench's own writer.
add_executable(replay_fixture replay_fixture.c)
target_compile_options(replay_fixture PRIVATE ${TPX_WARNINGS})
target_link_libraries(replay_fixture PRIVATE tpx_core)

# Random sweeps saved and read back by every reader (report, --load, compare, export).
add_executable(roundtrip_gen roundtrip_gen.c sweep_gen.c)
target_compile_options(roundtrip_gen PRIVATE ${TPX_WARNINGS})
target_link_libraries(roundtrip_gen PRIVATE tpx_core)
tpx_script_test(cli_roundtrip ARGS $<TARGET_FILE:roundtrip_gen> TIMEOUT 600 COST 60)
# The largest sizes through the model, the views and bench (overflow: UBSan in CI).
tpx_script_test(cli_extremes TIMEOUT 600 COST 30)

tpx_script_test(tui_no_tty SCRIPT no_tty.sh)
tpx_script_test(cli_export)
# The views and key groups the man page, --help and README name are the explorer's.
tpx_script_test(help_tables ARGS ${PROJECT_BINARY_DIR}/tpx.1 ${PROJECT_SOURCE_DIR}/README.md)
tpx_script_test(cli_tour)
tpx_script_test(cli_tour_claims COST 30)
# The real binary in tmux: keys, mouse, resizes, signals.
tpx_script_test(tui_e2e_tmux SCRIPT e2e_tmux.sh ARGS $<TARGET_FILE:replay_fixture> LABELS e2e
                TIMEOUT 120)
tpx_script_test(tui_e2e_signals SCRIPT e2e_signals.sh LABELS e2e TIMEOUT 120)
# Job control (kill -TSTP, fg), LINES/COLUMNS, outside text on the screen.
tpx_script_test(tui_e2e_terminal SCRIPT e2e_terminal.sh LABELS e2e TIMEOUT 180)
# A student writes a kernel in the kernel editor and sees the verdict.
tpx_script_test(tui_e2e_kedit SCRIPT e2e_kedit.sh LABELS e2e TIMEOUT 120)
# The Map's marks follow the editor's text, beside it, after a pause.
tpx_script_test(tui_e2e_kedit_marks SCRIPT e2e_kedit_marks.sh LABELS e2e TIMEOUT 120)

# The explorer's live path on a real GPU (skipped without one).
tpx_script_test(gpu_e2e_tmux SCRIPT e2e_gpu_tmux.sh LABELS gpu e2e TIMEOUT 400)

# The table of bad inputs: command line, explorer fields (headless), terminals
# (in tmux).
tpx_script_test(bad_inputs ARGS $<TARGET_FILE:tpx_render> LABELS cli e2e TIMEOUT 600 COST 60)

# A view is one folder and one table row: the dummy view (tests/dummy_view/)
# joins the table as a real view does, views.c compiled again with its row,
# and the test finds its key, tab, help line, export name and tour number.
tpx_unit_test(test_view_dummy dummy_view/dummy.c ${PROJECT_SOURCE_DIR}/src/explorer/views/views.c)
target_include_directories(test_view_dummy PRIVATE dummy_view)
target_compile_definitions(test_view_dummy PRIVATE TPX_VIEWS_EXTRA="dummy.def")
target_link_libraries(test_view_dummy PRIVATE tpx_shell)
set_tests_properties(test_view_dummy PROPERTIES LABELS screen)
# The check's verdict on the Map: the scene's marks and screens of wrong kernels.
tpx_unit_test(test_map_check golden_check.c)
target_link_libraries(test_map_check PRIVATE tpx_app)
set_tests_properties(test_map_check PROPERTIES LABELS screen COST 15)
target_compile_definitions(test_map_check PRIVATE TPX_GOLDEN_DIR="${CMAKE_CURRENT_SOURCE_DIR}/golden"
  TPX_UKERNELS="${CMAKE_CURRENT_SOURCE_DIR}/ukernels" TPX_ASSET_KERNELS="${CMAKE_SOURCE_DIR}/assets/kernels")
