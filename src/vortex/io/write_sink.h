// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "vortex/base/result.h"
#include "vortex/base/status.h"
#include "vortex/buffer/buffer.h"

namespace vortex {

/// An append-only destination for bytes, such as a file being written.
///
/// Protocol: one writer calls Write any number of times, optionally Flush, then Close once;
/// a sink is not thread-safe. After Close (or a failed call) every Write and Flush returns
/// an error; a repeated Close returns the outcome of the first. Bytes are durable (as far as
/// the sink promises) only once Close returns OK.
class WriteSink {
public:
    virtual ~WriteSink() = default;

    /// Appends `bytes`; the sink may buffer them.
    virtual Status Write(std::span<const uint8_t> bytes) = 0;
    /// Hands every buffered byte to the underlying destination.
    virtual Status Flush() = 0;
    /// Flushes and releases the destination.
    virtual Status Close() = 0;
    /// Returns the number of bytes accepted by Write so far, buffered or not: the offset the
    /// next byte will have in the output.
    virtual uint64_t bytes_written() const = 0;
};

struct FileWriteSinkOptions {
    /// Writes smaller than this are gathered in memory, so many small writes (flatbuffer
    /// tables, padding) cost one system call per `buffer_size` bytes.
    size_t buffer_size = size_t{1} << 20;
    /// Close calls fsync(2) before closing, so a successful Close means the bytes are on disk.
    bool sync_on_close = false;
    /// Writes to a temporary file beside the destination and renames it over the destination
    /// only in a successful Close, after fsync of the file (and of its directory after the
    /// rename). A write that fails or is never closed removes the temporary file: the
    /// destination is either untouched or the whole new file. A destination that exists and
    /// is not a regular file (a device, a FIFO, a symbolic link) is written in place.
    bool replace_atomically = false;
};

/// Writes a file through write(2), creating or truncating it (or, with
/// `replace_atomically`, a temporary file renamed over it on Close). The destructor of a sink
/// that was not closed discards buffered bytes and closes the descriptor: call Close to keep
/// them.
class FileWriteSink final : public WriteSink {
    struct PrivateTag {};

public:
    /// Creates or truncates `path`; errors name the path and the system's reason.
    static Result<std::unique_ptr<FileWriteSink>> Open(const std::string &path,
                                                       const FileWriteSinkOptions &options = {});

    FileWriteSink(
        PrivateTag, std::string path, std::string temp_path, int fd, const FileWriteSinkOptions &options);
    ~FileWriteSink() override;
    FileWriteSink(const FileWriteSink &) = delete;
    FileWriteSink &operator=(const FileWriteSink &) = delete;

    Status Write(std::span<const uint8_t> bytes) override;
    Status Flush() override;
    Status Close() override;
    uint64_t bytes_written() const override { return bytes_written_; }

    const std::string &path() const { return path_; }
    /// The file being written: path() itself, or the temporary file until Close renames it.
    const std::string &temp_path() const { return temp_path_; }

private:
    // Renames the temporary file over the destination and makes the rename durable.
    Status Publish();
    // Writes all of `bytes` to the descriptor, retrying interrupted and short writes.
    Status WriteFully(std::span<const uint8_t> bytes);
    Status CheckWritable() const;

    std::string path_;
    std::string temp_path_; // equal to path_ unless replace_atomically
    int fd_;
    FileWriteSinkOptions options_;
    std::vector<uint8_t> pending_; // bytes accepted but not yet handed to write(2)
    uint64_t bytes_written_ = 0;
    bool closed_ = false;
    bool published_ = false; // the temporary file has been renamed to path_
    Status error_;           // the first failure; once set, the sink refuses further work
};

/// Gathers written bytes in memory; Finish returns them as one Buffer.
class BufferWriteSink final : public WriteSink {
public:
    Status Write(std::span<const uint8_t> bytes) override;
    Status Flush() override;
    Status Close() override;
    uint64_t bytes_written() const override { return bytes_written_; }

    /// Returns every byte written and closes the sink. Call at most once.
    Buffer Finish();

private:
    BufferMut buffer_;
    uint64_t bytes_written_ = 0;
    bool closed_ = false;
    bool finished_ = false;
};

} // namespace vortex
