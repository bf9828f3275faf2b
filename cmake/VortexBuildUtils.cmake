# SPDX-License-Identifier: Apache-2.0
# One helper per target kind, so every target is declared alike.

# vortex_add_library(NAME SOURCES ... DEPS ...)
# Declares one module of src/vortex as a static library. DEPS are linked PUBLIC: they are the
# module graph, which points only downward (STYLE.md section 1).
function(vortex_add_library name)
    cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
    add_library(${name} STATIC ${ARG_SOURCES})
    target_include_directories(${name} PUBLIC "${PROJECT_SOURCE_DIR}/src")
    target_compile_options(${name} PRIVATE ${VORTEX_WARNING_FLAGS})
    target_link_libraries(${name} PUBLIC ${ARG_DEPS})
endfunction()

# vortex_add_test(NAME SOURCES ... DEPS ...)
# Declares one GoogleTest executable and registers its tests with CTest.
function(vortex_add_test name)
    if(NOT VORTEX_BUILD_TESTS)
        return()
    endif()
    cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_compile_options(${name} PRIVATE ${VORTEX_WARNING_FLAGS})
    target_link_libraries(${name} PRIVATE ${ARG_DEPS} GTest::gtest GTest::gmock GTest::gtest_main)
    gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 600)
endfunction()

# vortex_add_benchmark(NAME SOURCES ... DEPS ...)
# Declares one Google Benchmark executable; benchmarks are never part of the test run.
function(vortex_add_benchmark name)
    if(NOT VORTEX_BUILD_BENCHMARKS)
        return()
    endif()
    cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_compile_options(${name} PRIVATE ${VORTEX_WARNING_FLAGS})
    target_link_libraries(${name} PRIVATE ${ARG_DEPS} benchmark::benchmark benchmark::benchmark_main)
endfunction()

if(VORTEX_BUILD_TESTS)
    include(GoogleTest)
endif()
