// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// What the bad-input tests demand of an array that Build() accepted, and the record of the
// case being run, printed if the process dies (a crash has no gtest message).

#include <cstdint>
#include <string>
#include <string_view>

#include "vortex/array/array.h"

#include "array_usage.h"

namespace vortex::bad_input {

/// Identifies one Build() call: re-run the named test with the same seed to reproduce it.
struct BuildCase {
    std::string_view encoding{};
    size_t sample = 0;
    std::string_view kind{};
    uint64_t index = 0;
    uint64_t seed = 0;
};

std::string DescribeCase(const BuildCase &build_case);

/// Records the case about to run; a crash handler prints the last one recorded.
void SetCurrentCase(const BuildCase &build_case);

/// Installs the crash handler (SIGABRT, SIGSEGV, and the sanitizers' death callback). Idempotent.
void InstallCaseReporter();

/// UseAsAReader (array_usage.h) with each broken expectation a gtest failure naming the case.
void ExpectUsable(const ArrayRef &array, const BuildCase &build_case);

} // namespace vortex::bad_input
