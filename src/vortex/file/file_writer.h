// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>

#include "vortex/io/write_sink.h"
#include "vortex/layout/write/layout_writer.h"

namespace vortex {

class Executor;
class Session;

enum class Compression { kDefault, kCompact, kNone };

struct WriteOptions {
    /// Runs compression; nullptr = Executor::Default().
    Executor *executor = nullptr;
    /// Rows per zone of the zone maps (spec default 8192).
    uint64_t zone_len = 8192;
    /// Uncompressed bytes per column block before it is compressed and written.
    uint64_t block_bytes = uint64_t{1} << 20;
    /// Compressed bytes a column gathers before writing them together (the reference's code
    /// uses 2 MiB; its prose docs say 1 MB).
    uint64_t buffer_bytes = uint64_t{2} << 20;
    /// Upper bound on buffered_bytes() (plus the chunk being written). 0 = per column two
    /// blocks (one being cut, one compressing), buffer_bytes and, with the default strategy,
    /// one dictionary's values (at most a block), times the number of columns. A smaller
    /// budget shrinks the per-column limits so the bound holds.
    uint64_t max_buffered_bytes = 0;
    /// Writes min/max/sum/null_count/nan_count per top-level column into the footer.
    bool file_statistics = true;
    /// How blocks are compressed when `compressor` is empty: the BtrBlocks-style default,
    /// `kCompact` (pco for numbers, zstd for strings and binaries, for size over speed) or `kNone`
    /// (canonical).
    Compression compression = Compression::kDefault;
    /// Overrides `compression`: applied to every block before it is written.
    ChunkCompressor compressor;
    /// Replaces the default strategy tree (struct -> zone map -> repartition -> compress ->
    /// buffered -> flat).
    LayoutStrategyRef strategy;
};

struct WriteSummary {
    uint64_t rows = 0;
    uint64_t bytes = 0;
};

/// Writes one Vortex file by pushing chunks (DESIGN.md section 4). Write() blocks while the
/// pipeline is full; columns are written by their own drivers and compressed on the executor;
/// segments land in sequence order. Input is re-cut into compact batches of a fixed number of
/// rows (a zone, unless the budget is too small for one), so the bytes depend neither on
/// thread timing nor on how the input was chunked.
/// Not thread-safe: one thread calls Write() and Finish(). bytes_written() and
/// buffered_bytes() may be read from any thread.
class FileWriter {
public:
    static Result<std::unique_ptr<FileWriter>> Open(std::unique_ptr<WriteSink> sink,
                                                    DType dtype,
                                                    std::shared_ptr<const Session> session,
                                                    WriteOptions options = {});
    ~FileWriter();

    /// Appends a chunk of the file's dtype (empty chunks are skipped).
    Status Write(const ArrayRef &chunk);
    /// Flushes every column, writes the footer and closes the sink.
    Result<WriteSummary> Finish();

    const DType &dtype() const;
    uint64_t bytes_written() const;
    uint64_t buffered_bytes() const;
    /// The most buffered_bytes() has been.
    uint64_t peak_buffered_bytes() const;
    /// The effective bound on buffered_bytes() (see WriteOptions::max_buffered_bytes).
    uint64_t buffered_bytes_budget() const;

    struct State;

private:
    explicit FileWriter(std::unique_ptr<State> state);
    Status EmitBatches(bool flush);

    /// Rows whose width decides the batch size.
    static constexpr uint64_t kBatchProbeRows = 64;
    std::unique_ptr<State> state_;
};

/// The default strategy for a file of `dtype` with these options.
LayoutStrategyRef DefaultWriteStrategy(const DType &dtype, const WriteOptions &options);

} // namespace vortex
