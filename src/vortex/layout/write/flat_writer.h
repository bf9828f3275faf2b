// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/layout/write/layout_writer.h"

namespace vortex {

/// Writes each chunk as one serialized array in its own segment: a vortex.flat per chunk,
/// gathered under a vortex.chunked when there are several (none: an empty vortex.chunked,
/// the reference's form of an empty column).
class FlatStrategy final : public LayoutStrategy {
public:
    Result<std::unique_ptr<LayoutWriter>> NewWriter(const DType &dtype,
                                                    const WriteContext &ctx) const override;
};

/// Forwards each chunk through the context's compressor (run on the executor, one chunk at a
/// time per column; columns compress in parallel) after computing the chunk's statistics, so
/// they are written with it.
class CompressStrategy final : public LayoutStrategy {
public:
    explicit CompressStrategy(LayoutStrategyRef child) : child_(std::move(child)) {}
    Result<std::unique_ptr<LayoutWriter>> NewWriter(const DType &dtype,
                                                    const WriteContext &ctx) const override;

private:
    LayoutStrategyRef child_;
};

/// Holds chunks until `window_bytes` are buffered, then passes them on together, so runs of
/// one column sit next to each other in the file. Keeps only the newest id and relabels the
/// held chunks with ids descended from it.
class BufferedStrategy final : public LayoutStrategy {
public:
    BufferedStrategy(LayoutStrategyRef child, uint64_t window_bytes)
        : child_(std::move(child)), window_bytes_(window_bytes) {}
    Result<std::unique_ptr<LayoutWriter>> NewWriter(const DType &dtype,
                                                    const WriteContext &ctx) const override;

private:
    LayoutStrategyRef child_;
    uint64_t window_bytes_;
};

/// Re-cuts the stream into compact blocks of a fixed number of rows: about `block_bytes`
/// (uncompressed, judged from the first `row_multiple` rows), a multiple of `row_multiple`
/// rows where that fits; the tail is flushed at Finish.
class RepartitionStrategy final : public LayoutStrategy {
public:
    RepartitionStrategy(LayoutStrategyRef child, uint64_t block_bytes, uint64_t row_multiple)
        : child_(std::move(child)), block_bytes_(block_bytes), row_multiple_(row_multiple) {}
    Result<std::unique_ptr<LayoutWriter>> NewWriter(const DType &dtype,
                                                    const WriteContext &ctx) const override;

private:
    LayoutStrategyRef child_;
    uint64_t block_bytes_;
    uint64_t row_multiple_;
};

} // namespace vortex
