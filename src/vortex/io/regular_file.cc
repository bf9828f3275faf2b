// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vortex/base/checked_cast.h"
#include "vortex/io/posix_error_internal.h"
#include "vortex/io/regular_file_internal.h"

namespace vortex::internal {

Result<OpenedRegularFile> OpenRegularFile(const std::string &path, std::string_view purpose) {
    int fd;
    do {
        fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        const int err = errno;
        return Status::Io("cannot open '{}' for reading: {}", path, ErrnoMessage(err));
    }
    struct stat info {};
    if (::fstat(fd, &info) != 0) {
        const int err = errno;
        ::close(fd);
        return Status::Io("cannot stat '{}': {}", path, ErrnoMessage(err));
    }
    if (!S_ISREG(info.st_mode)) {
        ::close(fd);
        return Status::Io("cannot {} '{}': not a regular file", purpose, path);
    }
    return OpenedRegularFile{fd, CheckedCast<uint64_t>(info.st_size)};
}

} // namespace vortex::internal
