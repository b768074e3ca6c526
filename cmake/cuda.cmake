# Whether to build the CUDA kernels, and for which GPUs.  A CUDA build for
# every shipped architecture takes minutes on a small machine, and a machine
# without an NVIDIA driver cannot run what it builds, so by default:
#   - a GPU here (a driver that answers nvidia-smi or __nvcc_device_query):
#     CUDA for that GPU's architecture only;
#   - no GPU (CI, a laptop): the model-only tpx, in seconds, even with nvcc.
# Asked for more, it builds more: TPX_CUDA_ARCHS=all (every shipped
# architecture, as CI builds them), a list (90;120 or 90,120), or
# CMAKE_CUDA_ARCHITECTURES given on the command line or by a preset.  An
# explicit request on a machine without nvcc is an error, not a silent
# model-only build.  Sets TPX_HAVE_CUDA and, with it, CMAKE_CUDA_ARCHITECTURES.

# Native code for T4 (7.5), A100 (8.0), RTX 30 (8.6), RTX 40 (8.9), H100/H200
# (9.0) and RTX 50 (12.0): no JIT at run time on any of them.
set(TPX_SHIPPED_CUDA_ARCHS "75;80;86;89;90;120")
set(TPX_CUDA "AUTO" CACHE STRING
    "build the CUDA kernels: AUTO (where a GPU can run them, or TPX_CUDA_ARCHS asks), ON, OFF")
set(TPX_CUDA_ARCHS "auto" CACHE STRING
    "CUDA architectures: auto (this machine's GPU; none: no CUDA), all (${TPX_SHIPPED_CUDA_ARCHS}), or a list such as 90;120")
set_property(CACHE TPX_CUDA PROPERTY STRINGS AUTO ON OFF)

# The compute capabilities of this machine's GPUs ("90;86"), or "" when no
# driver answers: nvidia-smi first, else the query nvcc itself uses for
# -arch=native (it ships beside nvcc and needs only the driver).
function(tpx_gpu_archs out)
  set(archs "")
  find_program(TPX_NVIDIA_SMI nvidia-smi NO_CACHE)
  if(TPX_NVIDIA_SMI)
    execute_process(COMMAND ${TPX_NVIDIA_SMI} --query-gpu=compute_cap --format=csv,noheader
                    OUTPUT_VARIABLE text RESULT_VARIABLE rc ERROR_QUIET TIMEOUT 30)
    if(rc EQUAL 0)
      string(REGEX MATCHALL "[0-9]+\\.[0-9]+" caps "${text}")
      foreach(cap IN LISTS caps)
        string(REPLACE "." "" cap "${cap}")
        list(APPEND archs ${cap})
      endforeach()
    endif()
  endif()
  if(NOT archs)
    find_program(TPX_NVCC_QUERY __nvcc_device_query
                 HINTS ENV CUDA_PATH /usr/local/cuda/bin PATH_SUFFIXES bin NO_CACHE)
    if(TPX_NVCC_QUERY)
      execute_process(COMMAND ${TPX_NVCC_QUERY} OUTPUT_VARIABLE text RESULT_VARIABLE rc
                      ERROR_QUIET TIMEOUT 30)
      if(rc EQUAL 0)
        string(REGEX MATCHALL "[0-9]+" archs "${text}")
      endif()
    endif()
  endif()
  list(REMOVE_DUPLICATES archs)
  set(${out} "${archs}" PARENT_SCOPE)
endfunction()

set(TPX_HAVE_CUDA OFF)
if(NOT TPX_CUDA MATCHES "^(AUTO|ON|OFF)$")
  message(FATAL_ERROR "TPX_CUDA is '${TPX_CUDA}': use AUTO, ON or OFF")
endif()
if(NOT TPX_CUDA STREQUAL "OFF")
  # What was asked for: a preset's or the command line's CMAKE_CUDA_ARCHITECTURES,
  # else TPX_CUDA_ARCHS.
  string(REPLACE "," ";" want "${TPX_CUDA_ARCHS}")
  set(asked "")
  set(why "")
  if(DEFINED CACHE{CMAKE_CUDA_ARCHITECTURES})
    set(asked "${CMAKE_CUDA_ARCHITECTURES}")
    set(why "CMAKE_CUDA_ARCHITECTURES")
  elseif(want STREQUAL "all")
    set(asked "${TPX_SHIPPED_CUDA_ARCHS}")
    set(why "TPX_CUDA_ARCHS=all")
  elseif(NOT want STREQUAL "auto" AND NOT want STREQUAL "")
    foreach(a IN LISTS want)
      if(NOT a MATCHES "^[1-9][0-9]+[af]?(-real|-virtual)?$")
        message(FATAL_ERROR "TPX_CUDA_ARCHS: '${a}' is not an architecture (auto, all, or a "
                            "list such as 90;120: 90 is sm_90, an H100 or H200)")
      endif()
    endforeach()
    set(asked "${want}")
    set(why "TPX_CUDA_ARCHS=${TPX_CUDA_ARCHS}")
  endif()
  set(archs "${asked}")
  if(NOT archs)
    tpx_gpu_archs(archs)
    set(why "this machine's GPU")
  endif()
  if(NOT archs AND TPX_CUDA STREQUAL "ON")
    set(archs "${TPX_SHIPPED_CUDA_ARCHS}")
    set(why "TPX_CUDA=ON, no GPU here: every shipped architecture")
  endif()
  if(archs)
    include(CheckLanguage)
    check_language(CUDA)
    if(NOT CMAKE_CUDA_COMPILER)
      if(asked OR TPX_CUDA STREQUAL "ON")
        message(FATAL_ERROR "tpx: ${why} asks for the CUDA kernels, but no CUDA compiler was "
                            "found (put nvcc on the PATH or set CUDACXX; TPX_CUDA_ARCHS=auto "
                            "builds the model-only tpx)")
      endif()
      message(STATUS "tpx: a GPU is here (sm_${archs}) but no nvcc: building the model-only "
                     "tpx, which measures nothing (install the CUDA toolkit to measure)")
    else()
      set(CMAKE_CUDA_ARCHITECTURES ${archs})
      enable_language(CUDA)
      find_package(CUDAToolkit REQUIRED)
      set(TPX_HAVE_CUDA ON)
      string(REPLACE ";" ", sm_" shown "${archs}")
      message(STATUS "tpx: CUDA kernels for sm_${shown} (${why}), nvcc ${CUDAToolkit_VERSION}")
    endif()
  else()
    message(STATUS "tpx: no NVIDIA driver or GPU here: building the model-only tpx "
                   "(TPX_CUDA_ARCHS=all builds the CUDA kernels for every shipped GPU)")
  endif()
endif()
if(TPX_CUDA STREQUAL "OFF")
  message(STATUS "tpx: TPX_CUDA=OFF: building the model-only tpx")
endif()
