// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <cerrno>
#include <unistd.h>
#include <utility>

#include "vortex/base/checked_cast.h"
#include "vortex/io/posix_error_internal.h"
#include "vortex/io/read_at.h"
#include "vortex/io/regular_file_internal.h"

namespace vortex {
namespace {

// Linux transfers at most 0x7ffff000 bytes per call; asking for less keeps every count
// representable in ssize_t on any platform.
constexpr size_t kMaxReadPerCall = size_t{1} << 30;

} // namespace

Result<std::shared_ptr<FileReadAt>> FileReadAt::Open(const std::string &path) {
    VX_ASSIGN_OR_RETURN(const internal::OpenedRegularFile file, internal::OpenRegularFile(path, "read"));
    return std::make_shared<FileReadAt>(PrivateTag{}, path, file.fd, file.size);
}

FileReadAt::FileReadAt(PrivateTag, std::string path, int fd, uint64_t size)
    : path_(std::move(path)), fd_(fd), size_(size) {}

FileReadAt::~FileReadAt() {
    // Nothing useful can be done about a failed close of a read-only descriptor.
    ::close(fd_);
}

Result<Buffer> FileReadAt::Read(uint64_t offset, uint64_t length) const {
    VX_RETURN_NOT_OK(CheckReadRange(path_, offset, length, size_));
    const auto byte_count = CheckedCast<size_t>(length);
    // Allocate without zeroing (BufferMut::Resize would zero): every byte is overwritten.
    auto &pool = MemoryPool::Default();
    uint8_t *data = pool.Allocate(byte_count, kDefaultAlignment);
    std::shared_ptr<const void> owner(
        data, [byte_count](uint8_t *p) { MemoryPool::Default().Free(p, byte_count, kDefaultAlignment); });
    VX_RETURN_NOT_OK(ReadInto(offset, {data, byte_count}));
    return Buffer::Wrap(data, byte_count, std::move(owner));
}

Status FileReadAt::ReadInto(uint64_t offset, std::span<uint8_t> dest) const {
    VX_RETURN_NOT_OK(CheckReadRange(path_, offset, dest.size(), size_));
    size_t done = 0;
    while (done < dest.size()) {
        const size_t request = std::min(dest.size() - done, kMaxReadPerCall);
        const auto position = CheckedCast<off_t>(offset + done);
        const ssize_t got = ::pread(fd_, dest.data() + done, request, position);
        if (got < 0) {
            if (errno == EINTR) {
                continue;
            }
            return Status::Io("{}: pread of {} bytes at offset {} failed: {}", path_, request, offset + done,
                              internal::ErrnoMessage(errno));
        }
        // The size was fixed at open; end of file before it means the file shrank.
        VX_ENSURE(got > 0, Io,
                  "{}: unexpected end of file at offset {} (size at open was {}); was it truncated?", path_,
                  offset + done, size_);
        done += static_cast<size_t>(got);
    }
    return Status::OK();
}

} // namespace vortex
