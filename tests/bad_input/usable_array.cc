// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "usable_array.h"

#include <csignal>
#include <cstdio>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/compute/compute.h"
#include "vortex/base/format.h"
#include "vortex/scalar/scalar.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_UNDEFINED__)
#include <sanitizer/common_interface_defs.h>
#define VORTEX_BAD_INPUT_HAVE_SANITIZER 1
#endif

namespace vortex::bad_input {
namespace {

// Fixed storage so the crash handler does not allocate.
char g_current_case[512] = "(none)";

void PrintCurrentCase() {
    std::fprintf(stderr, "\n*** bad-input case being run: %s\n", g_current_case);
    std::fflush(stderr);
}

void OnFatalSignal(int signal) {
    PrintCurrentCase();
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

void CheckSlice(const ArrayRef &array, size_t start, size_t stop, const BuildCase &build_case) {
    auto sliced = Slice(array, start, stop);
    if (sliced.ok()) {
        EXPECT_EQ((*sliced)->len(), stop - start) << DescribeCase(build_case);
    }
}

void CheckEnds(const ArrayRef &array) {
    const size_t len = array->len();
    if (len > 0) {
        (void)ScalarAt(array, 0);
        (void)ScalarAt(array, len - 1);
        (void)array->is_valid(len - 1);
    }
    (void)ScalarAt(array, len); // OutOfBounds, never a read past the end
}

void CheckMaterialized(const ArrayRef &array, const BuildCase &build_case) {
    const size_t len = array->len();
    const Mask validity = array->validity_mask();
    EXPECT_EQ(validity.len(), len) << DescribeCase(build_case);
    CheckSlice(array, len / 3, len - len / 3, build_case);

    std::vector<size_t> every_other;
    for (size_t i = 0; i < len; i += 2) {
        every_other.push_back(i);
    }
    auto filtered = Filter(array, Mask::FromIndices(len, every_other));
    if (filtered.ok()) {
        EXPECT_EQ((*filtered)->len(), every_other.size()) << DescribeCase(build_case);
    }

    std::vector<uint32_t> positions;
    if (len > 0) {
        positions = {static_cast<uint32_t>(std::min<size_t>(len - 1, UINT32_MAX)), 0,
                     static_cast<uint32_t>(len / 2)};
    }
    auto taken = Take(array, PrimitiveArray::FromValues(positions));
    if (taken.ok()) {
        EXPECT_EQ((*taken)->len(), positions.size()) << DescribeCase(build_case);
    }
}

} // namespace

std::string DescribeCase(const BuildCase &build_case) {
    return vortex::format("encoding={} sample={} kind={} index={} seed={:#x}", build_case.encoding,
                          build_case.sample, build_case.kind, build_case.index, build_case.seed);
}

void SetCurrentCase(const BuildCase &build_case) {
    std::snprintf(
        g_current_case, sizeof g_current_case, "encoding=%.*s sample=%zu kind=%.*s index=%llu seed=%#llx",
        static_cast<int>(build_case.encoding.size()), build_case.encoding.data(), build_case.sample,
        static_cast<int>(build_case.kind.size()), build_case.kind.data(),
        static_cast<unsigned long long>(build_case.index), static_cast<unsigned long long>(build_case.seed));
}

void InstallCaseReporter() {
    static const bool installed = [] {
        std::signal(SIGABRT, OnFatalSignal);
        std::signal(SIGSEGV, OnFatalSignal);
#ifdef VORTEX_BAD_INPUT_HAVE_SANITIZER
        __sanitizer_set_death_callback(PrintCurrentCase);
#endif
        return true;
    }();
    (void)installed;
}

void ExpectUsable(const ArrayRef &array, const BuildCase &build_case) {
    ASSERT_NE(array, nullptr) << "Build() returned OK with a null array; " << DescribeCase(build_case);
    (void)array->SerializeMetadata();
    CheckEnds(array);
    const size_t len = array->len();
    if (len > kMaterializeLimit) {
        // Only O(1) work: a slice of the last few elements, checked fully.
        auto tail = Slice(array, len - 3, len);
        if (tail.ok()) {
            ExpectUsable(*tail, build_case);
        }
        return;
    }
    CheckMaterialized(array, build_case);
    auto canonical = array->ToCanonical();
    if (canonical.ok()) {
        ASSERT_NE(*canonical, nullptr) << DescribeCase(build_case);
        EXPECT_EQ((*canonical)->len(), len) << DescribeCase(build_case);
        EXPECT_EQ((*canonical)->dtype(), array->dtype()) << DescribeCase(build_case);
        if (canonical->get() != array.get()) {
            CheckEnds(*canonical);
            CheckMaterialized(*canonical, build_case);
        }
    }
}

} // namespace vortex::bad_input
