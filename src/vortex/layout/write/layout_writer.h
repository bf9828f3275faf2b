// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <functional>
#include <memory>

#include "vortex/array/array.h"
#include "vortex/array/serde/serialized_array.h"
#include "vortex/base/result.h"
#include "vortex/layout/layout.h"
#include "vortex/layout/sequence/sequence_id.h"
#include "vortex/layout/write/buffered_bytes.h"

namespace vortex {

class ArrayWriteContext;
class Executor;

/// Where writers put segments, in sequence order whatever the thread timing (spec:
/// layouts-scan 6.2-6.3). Write() never waits for that order: the segment is parked on its id
/// (SequenceId::Park) and appended once every id before it has been written or released, by
/// whichever thread released the last of them. Thread-safe.
class SegmentSink {
public:
    virtual ~SegmentSink() = default;
    /// Parks `segment` for `id`'s turn and returns the id layouts refer to it by; consumes
    /// `id`. `held` covers the segment's bytes until it is appended. The returned ids are
    /// the sink's own: a sink that numbers segments in file order maps them when it writes
    /// the footer (FileSegmentSink). Fails once an earlier append has failed.
    virtual Result<uint32_t>
    Write(SequenceId id, SerializedArray segment, BufferedBytes::Reservation held) = 0;
};

/// Turns an uncompressed chunk into the array that is written (later issues plug in the
/// compressor here). Must be thread-safe and deterministic.
using ChunkCompressor = std::function<Result<ArrayRef>(const ArrayRef &chunk)>;

/// What every writer of one file shares.
struct WriteContext {
    SegmentSink &segments;
    const ArrayWriteContext &arrays;
    Executor &executor;
    BufferedBytes &buffered;
    ChunkCompressor compressor;
};

/// One node of a strategy tree writing one column (or a struct of columns).
///
/// Protocol: one thread at a time calls Write() with chunks in sequence order, then Finish()
/// once. A writer keeps NO id once Write returns: whatever it holds back (a partial block, a
/// window of compressed chunks) is labelled later, from a later input's id or from the EOF
/// pointer. An id kept while waiting for input would stop every later segment of every
/// column, and the input that would release it may never come while those wait: that is how
/// strategy trees deadlock. A writer whose children run concurrently drives them all at once
/// (never one after the other).
class LayoutWriter {
public:
    virtual ~LayoutWriter() = default;
    /// Consumes a non-empty chunk of the writer's dtype. `held` covers the chunk's bytes; the
    /// writer keeps it while it keeps the chunk.
    virtual Status Write(SequenceId id, ArrayRef chunk, BufferedBytes::Reservation held) = 0;
    /// Writes what remains, with ids minted from `eof` for anything written after all data,
    /// and returns the layout.
    virtual Result<LayoutRef> Finish(SequencePointer eof) = 0;
};

/// Builds the writers of a strategy tree for a dtype.
class LayoutStrategy {
public:
    virtual ~LayoutStrategy() = default;
    virtual Result<std::unique_ptr<LayoutWriter>> NewWriter(const DType &dtype,
                                                            const WriteContext &ctx) const = 0;
};

using LayoutStrategyRef = std::shared_ptr<const LayoutStrategy>;

} // namespace vortex
