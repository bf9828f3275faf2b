# SPDX-License-Identifier: Apache-2.0
# Build options, all prefixed VORTEX_ (STYLE.md section 8).
option(VORTEX_BUILD_TESTS "Build unit tests" ON)
option(VORTEX_BUILD_BENCHMARKS "Build micro benchmarks" OFF)
option(VORTEX_BUILD_CLI "Build the vx command-line tool" ON)
option(VORTEX_WERROR "Treat warnings as errors" OFF)
set(VORTEX_SANITIZE "" CACHE STRING "Sanitizers to enable: 'address;undefined' or 'thread'")
option(VORTEX_FUZZ "Build the fuzz targets as libFuzzer binaries (clang; fuzz/README.md)" OFF)

find_program(VORTEX_CCACHE ccache)
if(VORTEX_CCACHE)
    set(CMAKE_CXX_COMPILER_LAUNCHER "${VORTEX_CCACHE}")
endif()

# lld links the test binaries (hundreds of MB under the sanitizers) in a third of GNU ld's time.
option(VORTEX_USE_LLD "Link with lld when it is installed" ON)
find_program(VORTEX_LLD ld.lld)
if(VORTEX_USE_LLD AND VORTEX_LLD)
    add_link_options(-fuse-ld=lld)
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
