// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/base/check.h"

#include <cstdio>
#include <cstdlib>

namespace vortex::internal {

void CheckFailed(const char *file, int line, const char *condition, const std::string &detail) {
    std::fprintf(stderr, "%s:%d: check failed: %s %s\n", file, line, condition, detail.c_str());
    std::fflush(stderr);
    std::abort();
}

} // namespace vortex::internal
