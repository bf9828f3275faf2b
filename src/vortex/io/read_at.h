// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "vortex/base/result.h"
#include "vortex/base/status.h"
#include "vortex/buffer/buffer.h"

namespace vortex {

/// A source of bytes read by position: a file, a mapped file, or memory.
///
/// Protocol: every method is const and thread-safe, so one source serves any number of
/// concurrent readers without locking. The size is fixed when the source is opened. `Read`
/// returns exactly the bytes asked for or an error; it never returns a short read. The
/// method is `Read`, not `ReadAt`, because C++ forbids a member named like its class.
class ReadAt {
public:
    virtual ~ReadAt() = default;

    /// Returns the number of bytes in the source.
    virtual Result<uint64_t> Size() const = 0;

    /// Returns bytes [offset, offset + length). A range that does not lie wholly inside the
    /// source is an OutOfBounds error naming the source, the range and the size; I/O failures
    /// are Io errors. Reading zero bytes at any offset up to the size succeeds.
    virtual Result<Buffer> Read(uint64_t offset, uint64_t length) const = 0;

    /// Names the source (a path, or a label for memory) for error messages.
    virtual std::string_view name() const = 0;

    /// Copies bytes [offset, offset + dest.size()) into `dest`, with Read's checks and errors.
    /// The default reads and copies; sources that copy anyway read straight into `dest`.
    virtual Status ReadInto(uint64_t offset, std::span<uint8_t> dest) const;

    /// True when Read returns views of memory the source already holds (a mapping, a
    /// buffer), so a read costs only the pages later touched: a reader that needs a few bytes
    /// of a range then reads it whole (ReadSparse) instead of range by range.
    virtual bool reads_are_views() const { return false; }
    /// Read, for a caller that will touch only a few bytes of the range: a mapped file does
    /// not fault the whole range in ahead (as Read does, for callers that decode all of it).
    virtual Result<Buffer> ReadSparse(uint64_t offset, uint64_t length) const { return Read(offset, length); }

    /// Returns a power of two A such that a read at an offset that is a multiple of A returns
    /// a buffer whose data is aligned to A. Callers use it to decide whether a segment needs
    /// an aligned copy, and to align the starts of coalesced reads.
    virtual size_t alignment_hint() const = 0;
};

/// Returns OK if [offset, offset + length) lies inside a source of `size` bytes, else an
/// OutOfBounds error naming `name`, the range and the size. Overflow-safe.
Status CheckReadRange(std::string_view name, uint64_t offset, uint64_t length, uint64_t size);

/// Reads a regular file with pread(2). The size is taken once at open; each Read allocates
/// a new 64-byte aligned buffer and fills it, retrying interrupted and short reads.
class FileReadAt final : public ReadAt {
    struct PrivateTag {};

public:
    /// Opens `path` read-only; errors name the path and the system's reason.
    static Result<std::shared_ptr<FileReadAt>> Open(const std::string &path);

    FileReadAt(PrivateTag, std::string path, int fd, uint64_t size);
    ~FileReadAt() override;
    FileReadAt(const FileReadAt &) = delete;
    FileReadAt &operator=(const FileReadAt &) = delete;

    Result<uint64_t> Size() const override { return size_; }
    Result<Buffer> Read(uint64_t offset, uint64_t length) const override;
    Status ReadInto(uint64_t offset, std::span<uint8_t> dest) const override;
    std::string_view name() const override { return path_; }
    // Every buffer comes fresh from the pool, so any offset gives an aligned buffer.
    size_t alignment_hint() const override { return kDefaultAlignment; }

private:
    std::string path_;
    int fd_;
    uint64_t size_;
};

/// Maps a whole regular file read-only. Reads are zero-copy: each returned Buffer shares
/// ownership of the mapping, so buffers stay valid after this object is destroyed. The file
/// must not be truncated while mapped (the kernel would raise SIGBUS on access).
class MmapReadAt final : public ReadAt {
    struct PrivateTag {};

public:
    /// Maps `path`; an empty file is valid and maps nothing. Errors name the path.
    static Result<std::shared_ptr<MmapReadAt>> Open(const std::string &path);

    MmapReadAt(PrivateTag,
               std::string path,
               std::shared_ptr<const void> mapping,
               const uint8_t *data,
               uint64_t size);

    Result<uint64_t> Size() const override { return size_; }
    Result<Buffer> Read(uint64_t offset, uint64_t length) const override;
    bool reads_are_views() const override { return true; }
    Result<Buffer> ReadSparse(uint64_t offset, uint64_t length) const override;
    std::string_view name() const override { return path_; }
    // A mapping starts on a page boundary, so file offsets keep their alignment up to a page.
    size_t alignment_hint() const override;

private:
    std::string path_;
    std::shared_ptr<const void> mapping_; // munmaps when the last Buffer referring to it dies
    const uint8_t *data_;
    uint64_t size_;
};

/// Serves reads from a Buffer; each read is a zero-copy slice of it.
class InMemoryReadAt final : public ReadAt {
public:
    explicit InMemoryReadAt(Buffer buffer, std::string name = "<memory>")
        : buffer_(std::move(buffer)), name_(std::move(name)) {}

    Result<uint64_t> Size() const override { return buffer_.size(); }
    Result<Buffer> Read(uint64_t offset, uint64_t length) const override;
    bool reads_are_views() const override { return true; }
    std::string_view name() const override { return name_; }
    size_t alignment_hint() const override;

private:
    Buffer buffer_;
    std::string name_;
};

} // namespace vortex
