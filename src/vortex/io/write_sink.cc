// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/io/write_sink.h"

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

#include "vortex/base/check.h"
#include "vortex/io/posix_error_internal.h"

namespace vortex {
namespace {

// See kMaxReadPerCall in file_read_at.cc.
constexpr size_t kMaxWritePerCall = size_t{1} << 30;

} // namespace

Result<std::unique_ptr<FileWriteSink>> FileWriteSink::Open(const std::string &path,
                                                           const FileWriteSinkOptions &options) {
    int fd;
    do {
        fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        const int err = errno;
        return Status::Io("cannot open '{}' for writing: {}", path, internal::ErrnoMessage(err));
    }
    return std::make_unique<FileWriteSink>(PrivateTag{}, path, fd, options);
}

FileWriteSink::FileWriteSink(PrivateTag, std::string path, int fd, const FileWriteSinkOptions &options)
    : path_(std::move(path)), fd_(fd), options_(options) {
    pending_.reserve(options_.buffer_size);
}

FileWriteSink::~FileWriteSink() {
    if (!closed_) {
        ::close(fd_);
    }
}

Status FileWriteSink::CheckWritable() const {
    VX_RETURN_NOT_OK(error_);
    VX_ENSURE(!closed_, InvalidArgument, "{}: sink is already closed", path_);
    return Status::OK();
}

Status FileWriteSink::WriteFully(std::span<const uint8_t> bytes) {
    while (!bytes.empty()) {
        const size_t request = std::min(bytes.size(), kMaxWritePerCall);
        const ssize_t wrote = ::write(fd_, bytes.data(), request);
        if (wrote < 0) {
            const int err = errno;
            if (err == EINTR) {
                continue;
            }
            error_ =
                Status::Io("{}: write of {} bytes failed: {}", path_, request, internal::ErrnoMessage(err));
            return error_;
        }
        // write(2) returns 0 only for a zero-byte request; treat it as a failure to avoid spinning.
        if (wrote == 0) {
            error_ = Status::Io("{}: write of {} bytes made no progress", path_, request);
            return error_;
        }
        bytes = bytes.subspan(static_cast<size_t>(wrote));
    }
    return Status::OK();
}

Status FileWriteSink::Write(std::span<const uint8_t> bytes) {
    VX_RETURN_NOT_OK(CheckWritable());
    if (pending_.size() + bytes.size() > options_.buffer_size) {
        VX_RETURN_NOT_OK(Flush());
    }
    if (bytes.size() >= options_.buffer_size) {
        // Large writes go straight to the file: copying them first would gain nothing.
        VX_RETURN_NOT_OK(WriteFully(bytes));
    } else {
        pending_.insert(pending_.end(), bytes.begin(), bytes.end());
    }
    bytes_written_ += bytes.size();
    return Status::OK();
}

Status FileWriteSink::Flush() {
    VX_RETURN_NOT_OK(CheckWritable());
    VX_RETURN_NOT_OK(WriteFully(pending_));
    pending_.clear();
    return Status::OK();
}

Status FileWriteSink::Close() {
    if (closed_) {
        return error_;
    }
    Status status = Flush();
    if (status.ok() && options_.sync_on_close && ::fsync(fd_) != 0) {
        const int err = errno;
        status = Status::Io("{}: fsync failed: {}", path_, internal::ErrnoMessage(err));
    }
    // close(2) is not retried on EINTR: on Linux the descriptor is released regardless.
    if (::close(fd_) != 0 && status.ok()) {
        const int err = errno;
        status = Status::Io("{}: close failed: {}", path_, internal::ErrnoMessage(err));
    }
    closed_ = true;
    pending_.clear();
    if (error_.ok()) {
        error_ = status;
    }
    return status;
}

Status BufferWriteSink::Write(std::span<const uint8_t> bytes) {
    VX_ENSURE(!closed_, InvalidArgument, "write to a closed in-memory sink");
    buffer_.Append(bytes.data(), bytes.size());
    bytes_written_ += bytes.size();
    return Status::OK();
}

Status BufferWriteSink::Flush() {
    VX_ENSURE(!closed_, InvalidArgument, "flush of a closed in-memory sink");
    return Status::OK();
}

Status BufferWriteSink::Close() {
    closed_ = true;
    return Status::OK();
}

Buffer BufferWriteSink::Finish() {
    VX_CHECK_MSG(!finished_, "BufferWriteSink::Finish called twice");
    finished_ = true;
    closed_ = true;
    return std::move(buffer_).Freeze();
}

} // namespace vortex
