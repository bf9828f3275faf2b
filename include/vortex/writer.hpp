// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Writing files: push arrays (or Arrow batches) into a Writer, or write a whole stream.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "vortex/array.hpp"
#include "vortex/arrow_c_abi.h"
#include "vortex/dtype.hpp"
#include "vortex/scan.hpp"
#include "vortex/status.hpp"

namespace vortex::api {

enum class Compression : uint8_t {
    /// Lightweight cascading encodings (BtrBlocks-style), chosen per block from samples.
    Default,
    /// Smaller files: zstd for strings and binaries as well.
    Compact,
    /// Canonical arrays, uncompressed.
    None,
};

struct WriteOptions {
    Compression compression = Compression::Default;
    /// Rows per zone of the zone maps (0: 8192).
    uint64_t zone_rows = 0;
    /// Uncompressed bytes per column block before it is compressed (0: 1 MiB).
    uint64_t block_bytes = 0;
    /// Compresses on this executor (default: the process-wide one).
    std::shared_ptr<Executor> executor;
};

struct WriteSummary {
    uint64_t rows = 0;
    uint64_t bytes = 0;
};

/// Writes one file from pushed arrays of its dtype. One thread calls Write and Finish; Write
/// blocks while the pipeline is full. The file is written beside the destination and renamed
/// over it by Finish, so a failed or unfinished write leaves the destination as it was.
class Writer {
public:
    static Result<Writer> Open(const std::string &path, const DType &dtype, const WriteOptions &options = {});

    Status Write(const Array &chunk);
    /// An Arrow batch (with its schema) of the file's dtype; both are consumed.
    Status Write(ArrowArray *array, ArrowSchema *schema);
    /// Flushes, writes the footer and closes the file.
    Result<WriteSummary> Finish();
    uint64_t bytes_written() const;

    struct Impl;
    explicit Writer(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}

private:
    std::shared_ptr<Impl> impl_;
};

/// Writes `array` as a whole file.
Result<WriteSummary> WriteFile(const std::string &path, const Array &array, const WriteOptions &options = {});
/// Writes every batch of an Arrow stream (released at the end) as one file.
Result<WriteSummary>
WriteFile(const std::string &path, ArrowArrayStream *stream, const WriteOptions &options = {});
/// Writes `array` as a whole file into memory.
Result<std::vector<uint8_t>> WriteBuffer(const Array &array, const WriteOptions &options = {});

} // namespace vortex::api
