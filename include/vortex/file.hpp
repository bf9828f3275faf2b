// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Opening Vortex files: from a path, from memory or from any ReadAt.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vortex/dtype.hpp"
#include "vortex/read_at.hpp"
#include "vortex/scalar.hpp"
#include "vortex/scan.hpp"
#include "vortex/status.hpp"

namespace vortex::api {

/// Parsed footers shared by opens of the same file (same path, size, mtime and inode): a
/// reopen reads no tail and parses nothing. Thread-safe; share one among many opens.
class FooterCache {
public:
    static std::shared_ptr<FooterCache> Make(size_t capacity = 4096);

    struct Impl;
    explicit FooterCache(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
    Impl &impl() const { return *impl_; }

private:
    std::shared_ptr<Impl> impl_;
};

struct OpenOptions {
    /// Map the file instead of reading it with pread (paths only).
    bool mmap = false;
    /// Consulted by opens of paths.
    std::shared_ptr<FooterCache> footer_cache;
    /// Bytes of decoded segments the open file keeps for all its scans (0: none kept).
    size_t array_cache_bytes = 0;
    /// Bytes of segment tails the open file keeps so that repeated takes of a few rows read
    /// only their rows' blocks (0: none kept).
    uint64_t skeleton_cache_bytes = uint64_t{2} << 20;
};

/// Statistics the writer stored for one top-level column.
struct ColumnStatistics {
    std::string name;
    std::optional<Scalar> min;
    std::optional<Scalar> max;
    std::optional<Scalar> sum;
    std::optional<uint64_t> null_count;
    std::optional<uint64_t> nan_count;
};

/// An open file. Immutable and thread-safe; copies share it.
class File {
public:
    static Result<File> Open(const std::string &path, const OpenOptions &options = {});
    static Result<File> Open(std::shared_ptr<const ReadAt> source, const OpenOptions &options = {});
    /// Opens the file held in memory at [data, data + size). The memory is not copied: keep it
    /// alive and unchanged while the file and any array read from it are in use.
    static Result<File> OpenBuffer(const void *data, size_t size, const OpenOptions &options = {});

    DType dtype() const;
    uint64_t row_count() const;
    uint64_t file_size() const;
    /// Per top-level column (empty when the file stores none). Each column's entry is decoded
    /// when asked for, so a damaged one is reported here rather than by Open.
    Result<std::vector<ColumnStatistics>> statistics() const;

    /// Starts describing a scan of this file.
    ScanBuilder Scan() const;
    /// The same, named as the reference's C++ wrapper names it.
    ScanBuilder CreateScanBuilder() const { return Scan(); }

    struct Impl;
    explicit File(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
    const Impl &impl() const { return *impl_; }

private:
    std::shared_ptr<const Impl> impl_;
};

} // namespace vortex::api
