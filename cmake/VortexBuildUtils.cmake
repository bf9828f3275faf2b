# SPDX-License-Identifier: Apache-2.0
# One helper per target kind, so every target is declared alike.

# vortex_add_library(NAME [STATIC] SOURCES ... DEPS ... [PRECOMPILE HEADERS...])
# Declares one module of src/vortex as a static library (shared with VORTEX_SHARED_MODULES). DEPS
# are linked PUBLIC: they are the module graph, which points only downward (STYLE.md section 1).
# The sources reuse the modules' precompiled header, or with PRECOMPILE their own, which adds
# HEADERS to it (cmake/VortexPrecompiledHeaders.cmake).
# STATIC keeps a library static in every build; the test- and benchmark-support libraries use it.
# They are linked only into executables, and most link GoogleTest, a static archive: a shared
# library holding a copy of it beside the test binary's own constructs and destroys GoogleTest's
# globals twice (a double free at exit).
function(vortex_add_library name)
    cmake_parse_arguments(ARG "STATIC" "" "SOURCES;DEPS;PRECOMPILE" ${ARGN})
    set(type ${VORTEX_MODULE_TYPE})
    if(ARG_STATIC)
        set(type STATIC)
    endif()
    add_library(${name} ${type} ${ARG_SOURCES})
    target_include_directories(${name} PUBLIC "${PROJECT_SOURCE_DIR}/src" "${PROJECT_SOURCE_DIR}/include"
                                                "${PROJECT_BINARY_DIR}/include")
    target_compile_options(${name} PRIVATE ${VORTEX_WARNING_FLAGS})
    target_link_libraries(${name} PUBLIC ${ARG_DEPS})
    if(ARG_PRECOMPILE)
        vortex_precompile_headers(${name} ${VORTEX_MODULE_PCH_HEADERS} ${ARG_PRECOMPILE})
    else()
        vortex_reuse_pch(${name} MODULE)
    endif()
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
    vortex_reuse_pch(${name} TEST)
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

# vortex_add_encoding(NAME REGISTER FUNCTION SOURCES ... [PROTOS ...] [DEPS ...] [TESTS ...]
#                     [TEST_DEPS ...] [TEST_DEFINITIONS ...] [SAMPLES FUNCTION] [NODE_SAMPLES FUNCTION])
# Declares the encoding family of the calling folder (src/vortex/encodings/NAME): its library
# vortex_enc_NAME (the array layer, the format schemas, DEPS, and the family's own metadata
# schemas PROTOS, compiled into it and included as "vortex/encodings/NAME/<stem>.pb.h"; they may
# import the shared schemas of format/ such as "dtype.proto"), its GoogleTest binary
# vortex_enc_NAME_test from TESTS (with the shared encoding test support, TEST_DEPS and
# TEST_DEFINITIONS, and VORTEX_GOLDEN_DIR naming the folder's golden/), and its registration: the
# facade links every family and calls each one's FUNCTION, declared in the folder's register.h, in
# the order the families are added (src/vortex/encodings/CMakeLists.txt). The folder's golden/
# holds the reference's metadata bytes of its encodings and exempt.txt for those without
# (tests/compat/golden_coverage_test.cc reads every family's). SAMPLES names the family's sample
# maker (vortex::testing::AddEncodedSamplesFn, declared in the folder's samples.h and defined in
# its samples.cc, built into vortex_enc_NAME_samples with the tests): the valid arrays that the
# bad-input harness and the fuzz seeds corrupt; NODE_SAMPLES (vortex::testing::AddNodeSamplesFn,
# same files) makes the stored parts of encodings that decode on load. No other list names a
# family.
function(vortex_add_encoding name)
    cmake_parse_arguments(ARG "" "REGISTER;SAMPLES;NODE_SAMPLES" "SOURCES;PROTOS;DEPS;TESTS;TEST_DEPS;TEST_DEFINITIONS" ${ARGN})
    if(NOT ARG_REGISTER)
        message(FATAL_ERROR "vortex_add_encoding(${name}): REGISTER names the family's registration function")
    endif()
    set(target vortex_enc_${name})
    file(RELATIVE_PATH folder "${PROJECT_SOURCE_DIR}/src" "${CMAKE_CURRENT_SOURCE_DIR}")
    set(gen_root "${CMAKE_CURRENT_BINARY_DIR}/gen")
    set(gen_dir "${gen_root}/${folder}")
    set(proto_sources)
    file(GLOB shared_protos "${PROJECT_SOURCE_DIR}/format/*.proto")
    foreach(proto IN LISTS ARG_PROTOS)
        get_filename_component(stem "${proto}" NAME_WE)
        set(out_cc "${gen_dir}/${stem}.pb.cc")
        add_custom_command(
            OUTPUT "${out_cc}" "${gen_dir}/${stem}.pb.h"
            COMMAND "${CMAKE_COMMAND}" -E make_directory "${gen_dir}"
            COMMAND protobuf::protoc --proto_path=${CMAKE_CURRENT_SOURCE_DIR}
                    --proto_path=${PROJECT_SOURCE_DIR}/format --cpp_out=${gen_dir}
                    "${CMAKE_CURRENT_SOURCE_DIR}/${proto}"
            DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/${proto}" ${shared_protos}
            COMMENT "protoc ${folder}/${proto}")
        # Generated code is not ours to keep warning-free.
        set_source_files_properties("${out_cc}" PROPERTIES COMPILE_OPTIONS "-w")
        list(APPEND proto_sources "${out_cc}")
    endforeach()
    vortex_add_library(${target} SOURCES ${ARG_SOURCES} ${proto_sources}
                       DEPS vortex_array vortex_format_proto ${ARG_DEPS})
    if(ARG_PROTOS)
        target_include_directories(${target} SYSTEM PUBLIC "${gen_root}")
    endif()
    if(ARG_TESTS)
        vortex_add_test(${target}_test SOURCES ${ARG_TESTS} DEPS ${target} vortex_encodings_testing ${ARG_TEST_DEPS})
        if(TARGET ${target}_test)
            target_compile_definitions(${target}_test PRIVATE VORTEX_GOLDEN_DIR="${CMAKE_CURRENT_SOURCE_DIR}/golden"
                                                              ${ARG_TEST_DEFINITIONS})
        endif()
    endif()
    if((ARG_SAMPLES OR ARG_NODE_SAMPLES) AND VORTEX_BUILD_TESTS)
        vortex_add_library(${target}_samples STATIC SOURCES samples.cc DEPS ${target} vortex_encodings_testing)
        set_property(GLOBAL APPEND PROPERTY VORTEX_ENCODING_SAMPLE_TARGETS ${target}_samples)
        set_property(GLOBAL APPEND PROPERTY VORTEX_ENCODING_SAMPLE_HEADERS "${folder}/samples.h")
        set_property(GLOBAL APPEND PROPERTY VORTEX_ENCODING_SAMPLE_FUNCTIONS ${ARG_SAMPLES})
        set_property(GLOBAL APPEND PROPERTY VORTEX_ENCODING_NODE_SAMPLE_FUNCTIONS ${ARG_NODE_SAMPLES})
    endif()
    set_property(GLOBAL APPEND PROPERTY VORTEX_ENCODING_GOLDEN_DIRS "${CMAKE_CURRENT_SOURCE_DIR}/golden")
    set_property(GLOBAL APPEND PROPERTY VORTEX_ENCODING_TARGETS ${target})
    set_property(GLOBAL APPEND PROPERTY VORTEX_ENCODING_HEADERS "${folder}/register.h")
    set_property(GLOBAL APPEND PROPERTY VORTEX_ENCODING_REGISTER_FUNCTIONS "${ARG_REGISTER}")
endfunction()

# vortex_write_encoding_registry(OUT_TARGETS)
# Writes include/vortex/encodings/encoding_families.h into the build tree: the registration
# function of every family vortex_add_encoding() declared, for the facade, and sets OUT_TARGETS
# to the families' libraries. Also writes encoding_golden_dirs.txt, the families' golden/
# folders one per line, for the golden coverage test. Files are rewritten only when they change.
function(vortex_write_encoding_registry out_targets)
    get_property(targets GLOBAL PROPERTY VORTEX_ENCODING_TARGETS)
    get_property(headers GLOBAL PROPERTY VORTEX_ENCODING_HEADERS)
    get_property(functions GLOBAL PROPERTY VORTEX_ENCODING_REGISTER_FUNCTIONS)
    set(text "// Generated by vortex_write_encoding_registry() (cmake/VortexBuildUtils.cmake) from the\n")
    string(APPEND text "// vortex_add_encoding() calls: edit those, not this file.\n#pragma once\n\n")
    string(APPEND text "#include \"vortex/base/result.h\"\n")
    foreach(header IN LISTS headers)
        string(APPEND text "#include \"${header}\"\n")
    endforeach()
    string(APPEND text "\nnamespace vortex::internal {\n\n/// Registers every encoding family of the build, in declaration order.\n")
    string(APPEND text "inline Status RegisterEncodingFamilies(SessionBuilder &builder) {\n")
    foreach(function IN LISTS functions)
        string(APPEND text "    VX_RETURN_NOT_OK(${function}(builder));\n")
    endforeach()
    string(APPEND text "    return Status::OK();\n}\n\n} // namespace vortex::internal\n")
    vortex_write_if_changed("${PROJECT_BINARY_DIR}/include/vortex/encodings/encoding_families.h" "${text}")
    vortex_write_encoding_samples()
    get_property(golden_dirs GLOBAL PROPERTY VORTEX_ENCODING_GOLDEN_DIRS)
    string(REPLACE ";" "\n" golden_text "${golden_dirs}")
    vortex_write_if_changed("${PROJECT_BINARY_DIR}/encoding_golden_dirs.txt" "${golden_text}\n")
    set(${out_targets} ${targets} PARENT_SCOPE)
endfunction()

# Writes include/vortex/encodings/encoding_family_samples.h: AddEncodingFamilySamples() and
# AddEncodingFamilyNodeSamples() call the SAMPLES and NODE_SAMPLES functions of the families, in
# declaration order; the bad-input harness links the VORTEX_ENCODING_SAMPLE_TARGETS libraries.
function(vortex_write_encoding_samples)
    get_property(headers GLOBAL PROPERTY VORTEX_ENCODING_SAMPLE_HEADERS)
    get_property(functions GLOBAL PROPERTY VORTEX_ENCODING_SAMPLE_FUNCTIONS)
    get_property(node_functions GLOBAL PROPERTY VORTEX_ENCODING_NODE_SAMPLE_FUNCTIONS)
    set(text "// Generated by vortex_write_encoding_samples() (cmake/VortexBuildUtils.cmake) from the\n")
    string(APPEND text "// vortex_add_encoding() calls: edit those, not this file.\n#pragma once\n\n")
    string(APPEND text "#include \"vortex/encodings/testing/encoded_samples.h\"\n")
    foreach(header IN LISTS headers)
        string(APPEND text "#include \"${header}\"\n")
    endforeach()
    string(APPEND text "\nnamespace vortex::testing {\n\n/// Appends the samples of every family that supplies them.\n")
    string(APPEND text "inline void AddEncodingFamilySamples(const ArrayRef &canonical, uint64_t seed, EncodedSamples &out) {\n")
    foreach(function IN LISTS functions)
        string(APPEND text "    ${function}(canonical, seed, out);\n")
    endforeach()
    string(APPEND text "}\n\n/// Appends the stored parts that every family with encodings that decode on load makes.\n")
    string(APPEND text "inline void AddEncodingFamilyNodeSamples(const SamplesOfId &samples_of, std::vector<NodeSample> &out) {\n")
    foreach(function IN LISTS node_functions)
        string(APPEND text "    ${function}(samples_of, out);\n")
    endforeach()
    string(APPEND text "}\n\n} // namespace vortex::testing\n")
    vortex_write_if_changed("${PROJECT_BINARY_DIR}/include/vortex/encodings/encoding_family_samples.h" "${text}")
endfunction()

# Writes TEXT to PATH only when it differs, so a reconfigure does not rebuild what includes it.
function(vortex_write_if_changed path text)
    file(WRITE "${path}.tmp" "${text}")
    configure_file("${path}.tmp" "${path}" COPYONLY)
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
