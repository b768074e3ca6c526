# Run at every build (the tpx_git_commit target, src/cli/CMakeLists.txt):
# writes OUT (generated/git_commit.h) with the commit the sources were built
# from and whether the tree differed from it, so a result file names the code
# that produced it, not the commit of the last configure.  configure_file
# rewrites OUT only when its text changes, so an unchanged tree recompiles
# nothing.  Outside git (a tarball): "unknown", dirty unknown (-1).
#   cmake -DSRC=<source dir> -DOUT=<header> -P cmake/git_commit.cmake
set(TPX_GIT_COMMIT "unknown")
set(TPX_GIT_DIRTY -1)
find_program(TPX_GIT git)
if(TPX_GIT)
  execute_process(COMMAND ${TPX_GIT} rev-parse HEAD WORKING_DIRECTORY ${SRC}
                  OUTPUT_VARIABLE head OUTPUT_STRIP_TRAILING_WHITESPACE
                  RESULT_VARIABLE rc ERROR_QUIET)
  if(rc EQUAL 0 AND head MATCHES "^[0-9a-f]+$")
    set(TPX_GIT_COMMIT ${head})
    # tracked changes and untracked files git does not ignore: both can be built
    execute_process(COMMAND ${TPX_GIT} status --porcelain WORKING_DIRECTORY ${SRC}
                    OUTPUT_VARIABLE status RESULT_VARIABLE rc ERROR_QUIET)
    if(rc EQUAL 0)
      if(status STREQUAL "")
        set(TPX_GIT_DIRTY 0)
      else()
        set(TPX_GIT_DIRTY 1)
      endif()
    endif()
  endif()
endif()
get_filename_component(here ${CMAKE_CURRENT_LIST_FILE} DIRECTORY)
configure_file(${here}/../src/cli/git_commit.h.in ${OUT} @ONLY)
