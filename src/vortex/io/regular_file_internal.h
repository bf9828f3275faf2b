// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "vortex/base/result.h"

namespace vortex::internal {

// An open read-only descriptor of a regular file and its size at open time; the caller owns fd.
struct OpenedRegularFile {
    int fd;
    uint64_t size;
};

// Opens `path` read-only (retrying EINTR) and checks it is a regular file. `purpose` words the
// error for directories and devices ("read", "map"). Errors name the path and the system's reason.
Result<OpenedRegularFile> OpenRegularFile(const std::string &path, std::string_view purpose);

} // namespace vortex::internal
