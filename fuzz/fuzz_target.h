// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// What every fuzz target shares: the libFuzzer entry point and the one way a target reports a
// broken contract. Untrusted bytes may make any call fail with a Status; they may never make
// it crash, read out of bounds, or succeed with a result of the wrong shape. The last is what
// FUZZ_CHECK catches, by aborting so that libFuzzer (or the standalone driver) records it.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_CHECK(condition)                                                                                \
    do {                                                                                                     \
        if (!(condition)) {                                                                                  \
            std::fprintf(stderr, "%s:%d: fuzz contract broken: %s\n", __FILE__, __LINE__, #condition);       \
            std::abort();                                                                                    \
        }                                                                                                    \
    } while (false)

namespace vortex::fuzz {

/// The check the targets give bad_input::UseAsAReader (tests/bad_input/array_usage.h): a
/// broken expectation aborts.
inline void AbortUnless(bool holds, const char *what) {
    if (!holds) {
        std::fprintf(stderr, "fuzz contract broken: %s\n", what);
        std::abort();
    }
}

} // namespace vortex::fuzz
