// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// What the bad-input tests demand of an array that Build() accepted, and the record of the
// case being run, printed if the process dies (a crash has no gtest message).

#include <cstdint>
#include <string>
#include <string_view>

#include "vortex/array/array.h"

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

/// Above this length only operations that touch O(1) elements are tried: a valid array of
/// 2^40 nulls or constants is legitimate, and materializing it would be, too.
inline constexpr size_t kMaterializeLimit = size_t{1} << 16;

/// Uses `array` as a reader would: SerializeMetadata, ScalarAt on the first, last and one
/// past the last element, ToCanonical (then the same on the canonical array),
/// validity_mask, Slice, Filter and Take. Any of them may fail with a Status; none may
/// crash, and results that succeed must have the right length. Reports failures with the
/// current case.
void ExpectUsable(const ArrayRef &array, const BuildCase &build_case);

} // namespace vortex::bad_input
