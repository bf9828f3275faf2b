// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Scans: projection, filter (pruned with zone maps), row range, take, limit; as a stream of
// arrays, an Arrow C stream, or splits an engine schedules on its own threads.
//
//   auto file = File::Open("data.vortex");
//   ArrowArrayStream stream;
//   Status st = file->Scan().WithProjection({"a", "b"}).WithFilter(Col("a") > Lit(10))
//                   .IntoArrowStream(&stream);

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vortex/array.hpp"
#include "vortex/arrow_c_abi.h"
#include "vortex/dtype.hpp"
#include "vortex/expr.hpp"
#include "vortex/status.hpp"

namespace vortex::api {

/// Worker threads for decoding and compression; scans and writers use the process-wide one
/// (a worker per core) unless given their own.
class Executor {
public:
    /// `threads` workers (0: one per core).
    static std::shared_ptr<Executor> Make(size_t threads);

    struct Impl;
    explicit Executor(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
    Impl &impl() const { return *impl_; }

private:
    std::shared_ptr<Impl> impl_;
};

/// Pulls a scan's results in row order. Dropping it cancels the scan.
class ArrayStream {
public:
    /// The next non-empty batch, or nullopt at the end.
    Result<std::optional<Array>> Next();
    /// The dtype of every batch.
    DType dtype() const;

    struct Impl;
    explicit ArrayStream(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}

private:
    std::shared_ptr<Impl> impl_;
};

/// Exports arrays of `dtype`, pulled one at a time from `next` (nullopt ends them), as an Arrow
/// C stream for one consumer: get_next calls `next` on the consumer's thread and exports what it
/// returns (an error of `next`, or an array of another dtype, becomes the stream's error, read
/// with get_last_error). The stream owns `next` and destroys it when released.
Status ExportArrowStream(const DType &dtype,
                         std::function<Result<std::optional<Array>>()> next,
                         ArrowArrayStream *out);

/// A piece of a planned scan (a row range of the file) that any thread may execute.
class Split {
public:
    uint64_t row_begin() const;
    uint64_t row_end() const;
    /// Reads the split: the rows that pass the filter (possibly none).
    Result<Array> Execute() const;

    struct Impl;
    explicit Split(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

private:
    std::shared_ptr<const Impl> impl_;
};

/// Describes a scan. Each With* returns the builder; errors (an unknown column, a filter that
/// does not parse) surface when the scan starts.
class ScanBuilder {
public:
    /// Top-level columns, in this order (default: all).
    ScanBuilder &WithProjection(std::vector<std::string> columns);
    ScanBuilder &WithFilter(const Expr &filter);
    /// A filter in the text syntax (Expr::Parse), parsed against the file's dtype.
    ScanBuilder &WithFilter(const std::string &filter);
    /// Rows [begin, end) of the file.
    ScanBuilder &WithRowRange(uint64_t begin, uint64_t end);
    /// Only these rows (file row indices, any order, returned once each in row order).
    ScanBuilder &WithIndices(std::vector<uint64_t> rows);
    ScanBuilder &WithLimit(uint64_t rows);
    /// Rows per batch at most (default: a split's worth).
    ScanBuilder &WithBatchRows(size_t rows);
    /// Batches in row order (the default) or as they finish.
    ScanBuilder &WithOrdered(bool ordered);
    ScanBuilder &WithExecutor(std::shared_ptr<Executor> executor);

    /// The dtype the scan returns (the projection of the file's).
    Result<DType> OutputDType() const;
    /// Starts the scan; returns at once (planning runs on the executor).
    Result<ArrayStream> IntoStream() const;
    /// Exports the scan as an Arrow C stream for one consumer; at most one batch is prepared
    /// ahead of it, and releasing the stream cancels the scan.
    Status IntoArrowStream(ArrowArrayStream *out) const;
    /// Plans the scan (pruning with zone maps) into splits; a limit is then the caller's to
    /// apply.
    Result<std::vector<Split>> Splits() const;
    /// Runs the scan and returns every batch.
    Result<std::vector<Array>> Collect() const;

    struct Impl;
    explicit ScanBuilder(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}

private:
    std::shared_ptr<Impl> impl_;
};

} // namespace vortex::api
