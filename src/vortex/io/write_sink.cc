// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/io/write_sink.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <fcntl.h>
#include <random>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

#include "vortex/base/check.h"
#include "vortex/base/format.h"
#include "vortex/io/posix_error_internal.h"

namespace vortex {
namespace {

// See kMaxReadPerCall in file_read_at.cc.
constexpr size_t kMaxWritePerCall = size_t{1} << 30;

std::string DirectoryOf(const std::string &path) {
    const size_t slash = path.rfind('/');
    if (slash == std::string::npos) {
        return ".";
    }
    return slash == 0 ? "/" : path.substr(0, slash);
}

// Creates a new file `.NAME.tmp-XXXXXXXX` in the directory of `path` (the same file system,
// so rename(2) can replace `path` atomically), with the mode a plain create would give.
Result<std::pair<std::string, int>> OpenTempBeside(const std::string &path) {
    const size_t slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    VX_ENSURE(!name.empty(), InvalidArgument, "cannot write '{}': it names a directory", path);
    static std::atomic<uint64_t> counter{0};
    std::random_device entropy;
    for (int attempt = 0; attempt < 100; ++attempt) {
        const uint64_t tag = (uint64_t{entropy()} << 20) ^ (static_cast<uint64_t>(::getpid()) << 8) ^
                             counter.fetch_add(1, std::memory_order_relaxed);
        const std::string temp = vortex::format("{}.{}.tmp-{:012x}", dir, name, tag & 0xFFFFFFFFFFFFULL);
        int fd;
        do {
            fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        } while (fd < 0 && errno == EINTR);
        if (fd >= 0) {
            return std::make_pair(temp, fd);
        }
        if (errno != EEXIST) {
            const int err = errno;
            return Status::Io("cannot create a temporary file beside '{}' for writing: {}", path,
                              internal::ErrnoMessage(err));
        }
    }
    return Status::Io("cannot create a temporary file beside '{}': every name tried exists", path);
}

} // namespace

Result<std::unique_ptr<FileWriteSink>> FileWriteSink::Open(const std::string &path,
                                                           const FileWriteSinkOptions &options) {
    // Only a regular file (or a new one) is replaced: a device such as /dev/stdout, a FIFO or a
    // symbolic link is written in place, as renaming over it would replace the node itself.
    struct stat existing {};
    const bool replaceable = ::lstat(path.c_str(), &existing) != 0 || S_ISREG(existing.st_mode);
    if (options.replace_atomically && replaceable) {
        VX_ASSIGN_OR_RETURN(auto temp, OpenTempBeside(path));
        return std::make_unique<FileWriteSink>(PrivateTag{}, path, std::move(temp.first), temp.second,
                                               options);
    }
    int fd;
    do {
        fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) {
        const int err = errno;
        return Status::Io("cannot open '{}' for writing: {}", path, internal::ErrnoMessage(err));
    }
    FileWriteSinkOptions direct = options;
    direct.replace_atomically = false;
    return std::make_unique<FileWriteSink>(PrivateTag{}, path, path, fd, direct);
}

FileWriteSink::FileWriteSink(
    PrivateTag, std::string path, std::string temp_path, int fd, const FileWriteSinkOptions &options)
    : path_(std::move(path)), temp_path_(std::move(temp_path)), fd_(fd), options_(options) {
    pending_.reserve(options_.buffer_size);
}

FileWriteSink::~FileWriteSink() {
    if (!closed_) {
        ::close(fd_);
    }
    // A temporary file still there was never published: the write failed or was abandoned.
    if (options_.replace_atomically && !published_) {
        ::unlink(temp_path_.c_str());
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
    if (status.ok() && (options_.sync_on_close || options_.replace_atomically) && ::fsync(fd_) != 0) {
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
    if (status.ok() && options_.replace_atomically) {
        status = Publish();
    }
    if (options_.replace_atomically && !published_) {
        ::unlink(temp_path_.c_str());
    }
    if (error_.ok()) {
        error_ = status;
    }
    return status;
}

Status FileWriteSink::Publish() {
    if (::rename(temp_path_.c_str(), path_.c_str()) != 0) {
        const int err = errno;
        return Status::Io("cannot rename '{}' to '{}': {}", temp_path_, path_, internal::ErrnoMessage(err));
    }
    published_ = true;
    // The rename is durable once the directory entry is: fsync the directory.
    const std::string dir = DirectoryOf(path_);
    const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir_fd < 0) {
        const int err = errno;
        return Status::Io("{}: cannot open its directory to sync it: {}", path_, internal::ErrnoMessage(err));
    }
    const int synced = ::fsync(dir_fd);
    const int err = errno;
    ::close(dir_fd);
    if (synced != 0) {
        return Status::Io("{}: fsync of its directory failed: {}", path_, internal::ErrnoMessage(err));
    }
    return Status::OK();
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
