# Writes the shell completions the binary generates from its own option
# tables (tpx completions bash|zsh), for cmake --install (src/main/CMakeLists.txt).
#   cmake -DTPX=<tpx binary> -DDIR=<output folder> -P cmake/completions.cmake
file(MAKE_DIRECTORY ${DIR})
foreach(pair "bash;tpx" "zsh;_tpx")
  list(GET pair 0 shell)
  list(GET pair 1 name)
  execute_process(COMMAND ${TPX} completions ${shell} OUTPUT_FILE ${DIR}/${name}.tmp
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "tpx completions ${shell} failed (${rc})")
  endif()
  file(RENAME ${DIR}/${name}.tmp ${DIR}/${name})
endforeach()
