// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "usable_array.h"

#include <csignal>
#include <cstdio>

#include <gtest/gtest.h>

#include "vortex/base/format.h"

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
    (void)UseAsAReader(array, [&](bool holds, const char *what) {
        EXPECT_TRUE(holds) << what << "; " << DescribeCase(build_case);
    });
}

} // namespace vortex::bad_input
