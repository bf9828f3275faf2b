# SPDX-License-Identifier: Apache-2.0
# Precompiled headers (VORTEX_PRECOMPILED_HEADERS, GCC only). The headers that most translation
# units include (the standard library, fmt, the status types, GoogleTest) are parsed once per kind
# of target instead of once per file: every module reuses the precompiled header of one anchor
# target, every test binary that of another, and the command-line tools precompile CLI11.
#
# GCC uses a precompiled header only when it was built with the code-generation flags of its
# user, so each anchor is compiled like its users (-fPIC for the modules, -fPIE for the test
# executables). CMake adds -Winvalid-pch: with VORTEX_WERROR a header GCC refuses is a build
# error, not a silent slowdown. A build with the option OFF checks that every file still includes
# what it uses (scripts/test.sh builds its ThreadSanitizer stage so; clang-tidy reads the files
# without the precompiled header, scripts/tidy.sh).
#
# After editing a header list, delete the target's cmake_pch.hxx.gch in an existing build folder:
# CMake 3.25 rewrites cmake_pch.hxx with the new list but keeps its old time, so ninja does not
# recompile the header (seen when vx's list changed; a fresh build is not affected).

# Included by more than a third of the modules' sources, or costly and included by many.
set(VORTEX_MODULE_PCH_HEADERS
    <algorithm> <cstddef> <cstdint> <cstring> <functional> <limits> <memory> <optional> <span>
    <string> <string_view> <type_traits> <utility> <variant> <vector>
    "${PROJECT_SOURCE_DIR}/src/vortex/base/result.h")
# GoogleTest and GoogleMock over the modules' set. The test-support headers (status matchers,
# primitive arrays, array_equal, random_array) were measured too and gained nothing.
set(VORTEX_TEST_PCH_HEADERS ${VORTEX_MODULE_PCH_HEADERS} <random> <gtest/gtest.h> <gmock/gmock.h>)

set(VORTEX_USE_PCH OFF)
if(VORTEX_PRECOMPILED_HEADERS AND CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND NOT VORTEX_FUZZ)
    set(VORTEX_USE_PCH ON)
endif()

# Declares the anchor targets: object libraries compiled only for their precompiled headers.
function(vortex_add_pch_anchors)
    if(NOT VORTEX_USE_PCH)
        return()
    endif()
    set(anchor_source "${PROJECT_SOURCE_DIR}/cmake/pch_anchor.cc")
    add_library(vortex_pch_module OBJECT "${anchor_source}")
    target_compile_options(vortex_pch_module PRIVATE ${VORTEX_WARNING_FLAGS})
    target_include_directories(vortex_pch_module PRIVATE "${PROJECT_SOURCE_DIR}/src")
    target_link_libraries(vortex_pch_module PRIVATE fmt::fmt)
    target_precompile_headers(vortex_pch_module PRIVATE ${VORTEX_MODULE_PCH_HEADERS})
    if(VORTEX_BUILD_TESTS)
        # Compiled as the test executables are: position-independent executable code.
        add_library(vortex_pch_test OBJECT "${anchor_source}")
        set_target_properties(vortex_pch_test PROPERTIES POSITION_INDEPENDENT_CODE OFF)
        target_compile_options(vortex_pch_test PRIVATE ${VORTEX_WARNING_FLAGS} -fPIE)
        target_include_directories(vortex_pch_test PRIVATE "${PROJECT_SOURCE_DIR}/src")
        target_link_libraries(vortex_pch_test PRIVATE fmt::fmt GTest::gtest GTest::gmock)
        target_precompile_headers(vortex_pch_test PRIVATE ${VORTEX_TEST_PCH_HEADERS})
    endif()
endfunction()

# vortex_reuse_pch(TARGET MODULE|TEST): TARGET's sources include the anchor's precompiled header.
function(vortex_reuse_pch target kind)
    if(NOT VORTEX_USE_PCH)
        return()
    endif()
    string(TOLOWER "${kind}" kind)
    target_precompile_headers(${target} REUSE_FROM vortex_pch_${kind})
endfunction()

# vortex_precompile_headers(TARGET HEADERS...): TARGET precompiles its own header set.
function(vortex_precompile_headers target)
    if(NOT VORTEX_USE_PCH)
        return()
    endif()
    target_precompile_headers(${target} PRIVATE ${ARGN})
endfunction()
