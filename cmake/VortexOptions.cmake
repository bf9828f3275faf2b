# SPDX-License-Identifier: Apache-2.0
# Build options, all prefixed VORTEX_ (STYLE.md section 8).
option(VORTEX_BUILD_TESTS "Build unit tests" ON)
option(VORTEX_BUILD_BENCHMARKS "Build micro benchmarks" OFF)
option(VORTEX_BUILD_CLI "Build the vx command-line tool" ON)
option(VORTEX_BUILD_PYTHON "Build the Python package's native module (python/; pybind11)" OFF)
option(VORTEX_WERROR "Treat warnings as errors" OFF)
set(VORTEX_SANITIZE "" CACHE STRING "Sanitizers to enable: 'address;undefined' or 'thread'")
option(VORTEX_PRECOMPILED_HEADERS "Precompile the headers most sources include (GCC)" ON)
option(VORTEX_FUZZ "Build the fuzz targets as libFuzzer binaries (clang; fuzz/README.md)" OFF)

find_program(VORTEX_CCACHE ccache)
if(VORTEX_CCACHE)
    # ccache caches a file compiled with a precompiled header only with this sloppiness (its
    # manual, "Precompiled headers"): it cannot see __TIME__ or #defines through the header.
    set(CMAKE_CXX_COMPILER_LAUNCHER env CCACHE_SLOPPINESS=pch_defines,time_macros "${VORTEX_CCACHE}")
endif()

# lld links the test binaries (hundreds of MB under the sanitizers) in a third of GNU ld's time.
option(VORTEX_USE_LLD "Link with lld when it is installed" ON)
find_program(VORTEX_LLD ld.lld)
if(VORTEX_USE_LLD AND VORTEX_LLD)
    add_link_options(-fuse-ld=lld)
endif()

# The modules are static libraries, which every test binary links whole: under the sanitizers that
# is ~400 MB per binary. Test builds can make them shared, so each module is linked once.
option(VORTEX_SHARED_MODULES "Build the modules as shared libraries (for test builds; no package)" OFF)
if(VORTEX_SHARED_MODULES)
    set(VORTEX_MODULE_TYPE SHARED)
else()
    set(VORTEX_MODULE_TYPE STATIC)
endif()

set(VORTEX_WARNING_FLAGS -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast
    -Wimplicit-fallthrough)
if(VORTEX_WERROR)
    list(APPEND VORTEX_WARNING_FLAGS -Werror)
endif()

if(VORTEX_SANITIZE)
    string(REPLACE ";" "," _vortex_sanitizers "${VORTEX_SANITIZE}")
    add_compile_options(-fsanitize=${_vortex_sanitizers} -fno-omit-frame-pointer -fno-sanitize-recover=all)
    add_link_options(-fsanitize=${_vortex_sanitizers})
endif()

if(VORTEX_FUZZ)
    if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
        message(FATAL_ERROR "VORTEX_FUZZ needs clang (libFuzzer); use the `fuzz` preset")
    endif()
    # Coverage for libFuzzer everywhere; only the fuzz binaries link its main (fuzz/).
    add_compile_options(-fsanitize=fuzzer-no-link)
endif()
