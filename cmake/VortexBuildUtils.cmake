# SPDX-License-Identifier: Apache-2.0
# One helper per target kind, so every target is declared alike.

# vortex_add_library(NAME [STATIC] SOURCES ... DEPS ...)
# Declares one module of src/vortex as a static library (shared with VORTEX_SHARED_MODULES). DEPS
# are linked PUBLIC: they are the module graph, which points only downward (STYLE.md section 1).
# STATIC keeps a library static in every build; the test- and benchmark-support libraries use it.
# They are linked only into executables, and most link GoogleTest, a static archive: a shared
# library holding a copy of it beside the test binary's own constructs and destroys GoogleTest's
# globals twice (a double free at exit).
function(vortex_add_library name)
    cmake_parse_arguments(ARG "STATIC" "" "SOURCES;DEPS" ${ARGN})
    set(type ${VORTEX_MODULE_TYPE})
    if(ARG_STATIC)
        set(type STATIC)
    endif()
    add_library(${name} ${type} ${ARG_SOURCES})
    target_include_directories(${name} PUBLIC "${PROJECT_SOURCE_DIR}/src" "${PROJECT_SOURCE_DIR}/include"
                                                "${PROJECT_BINARY_DIR}/include")
    target_compile_options(${name} PRIVATE ${VORTEX_WARNING_FLAGS})
    target_link_libraries(${name} PUBLIC ${ARG_DEPS})
endfunction()

# vortex_add_test(NAME [SINGLE_PROCESS] SOURCES ... DEPS ... [LABELS ...])
# Declares one GoogleTest executable and registers its tests with CTest, one CTest test per
# GoogleTest case. SINGLE_PROCESS registers the whole binary as one CTest test instead, for
# suites whose cases share expensive set-up. LABELS tag the tests: `heavy` ones are run by
# scripts/test.sh in a release build instead of the sanitizer build.
function(vortex_add_test name)
    if(NOT VORTEX_BUILD_TESTS)
        return()
    endif()
    cmake_parse_arguments(ARG "SINGLE_PROCESS" "" "SOURCES;DEPS;LABELS" ${ARGN})
    add_executable(${name} ${ARG_SOURCES})
    target_compile_options(${name} PRIVATE ${VORTEX_WARNING_FLAGS})
    target_link_libraries(${name} PRIVATE ${ARG_DEPS} GTest::gtest GTest::gmock GTest::gtest_main)
    set(labels)
    if(ARG_LABELS)
        set(labels LABELS "${ARG_LABELS}")
    endif()
    if(ARG_SINGLE_PROCESS)
        add_test(NAME ${name} COMMAND ${name})
        set_tests_properties(${name} PROPERTIES TIMEOUT 900 ${labels})
    else()
        gtest_discover_tests(${name} DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 600 ${labels})
    endif()
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
    add_dependencies(vortex_benchmarks ${name})
endfunction()

if(VORTEX_BUILD_TESTS)
    include(GoogleTest)
endif()
