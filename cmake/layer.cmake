# Folders are layers: each folder of src/ with a CMakeLists.txt is one target,
# made by one of these two functions, and sees only the headers of the
# targets it DEPENDS on (and theirs): its own folder is its PUBLIC include
# directory, so a layer above reaches it only through a DEPENDS arrow.
# tests/check_includes.py reads the same calls to check every include and
# every call against the arrows, so there is no other list of the layers.
#
#   tpx_layer(NAME [DEPENDS target...] [HEADERS dir...] [EXCLUDE file...]
#             [SOURCES file...])
#     a static library of every .c in the folder and in its sub-folders
#     that have no CMakeLists.txt of their own (a view's folder inside
#     src/explorer/views), but the EXCLUDE'd ones (built only in some
#     configurations, added by whoever decides), plus SOURCES (generated);
#     HEADERS: header-only folders it also sees, relative to the project
#     (kernels: the kernel table, read by the model).
#   tpx_program(NAME ...)   the same as an executable.
function(tpx_layer_sources out)
  cmake_parse_arguments(L "" "" "EXCLUDE;SOURCES" ${ARGN})
  file(GLOB_RECURSE srcs CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.c)
  file(GLOB_RECURSE subs CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*/CMakeLists.txt)
  foreach(sub IN LISTS subs)
    get_filename_component(dir ${sub} DIRECTORY)
    list(FILTER srcs EXCLUDE REGEX "^${dir}/")
  endforeach()
  foreach(x IN LISTS L_EXCLUDE)
    list(REMOVE_ITEM srcs ${CMAKE_CURRENT_SOURCE_DIR}/${x})
  endforeach()
  list(SORT srcs)
  set(${out} ${srcs} ${L_SOURCES} PARENT_SCOPE)
endfunction()

function(tpx_layer_setup name)
  cmake_parse_arguments(L "" "" "DEPENDS;HEADERS;EXCLUDE;SOURCES" ${ARGN})
  target_include_directories(${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
  foreach(h IN LISTS L_HEADERS)
    target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR}/${h})
  endforeach()
  target_compile_options(${name} PRIVATE $<$<COMPILE_LANGUAGE:C>:${TPX_WARNINGS}>)
  if(L_DEPENDS)
    target_link_libraries(${name} PUBLIC ${L_DEPENDS})
  endif()
endfunction()

function(tpx_layer name)
  tpx_layer_sources(srcs ${ARGN})
  add_library(${name} STATIC ${srcs})
  tpx_layer_setup(${name} ${ARGN})
endfunction()

function(tpx_program name)
  tpx_layer_sources(srcs ${ARGN})
  add_executable(${name} ${srcs})
  tpx_layer_setup(${name} ${ARGN})
endfunction()
