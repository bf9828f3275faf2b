// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Test kit: a ReadAt and a WriteSink that fail the way real storage fails, for tests that
// check a reader or writer ends every such case in a clear error or the right data (never a
// crash, a hang, or a partial result reported as success).

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "vortex/io/read_at.h"
#include "vortex/io/write_sink.h"

namespace vortex::testing {

/// What a FaultyReadAt does wrong.
struct ReadFaults {
    /// Reads are numbered from 0 in the order they arrive; the read numbered `fail_read`
    /// (and, with `sticky`, every later one) fails. Negative: no read fails by number.
    int64_t fail_read = -1;
    /// Every read whose range covers this byte fails with EIO. Negative: none.
    int64_t fail_offset = -1;
    /// The failures continue after the first one (a dead disk) instead of happening once.
    bool sticky = true;
    /// Failed reads return a buffer shorter than asked (a source that breaks the ReadAt
    /// contract) instead of an Io error.
    bool short_read = false;
    /// Every read sleeps this long first, so concurrent readers overlap and time out.
    uint32_t delay_micros = 0;
    /// From the second read of a range that covers byte `flip_offset` on, that byte comes
    /// back inverted: a file that changed under the reader. Negative: never.
    int64_t flip_offset = -1;
};

/// Wraps a ReadAt and injects `faults`. Thread-safe like any ReadAt.
class FaultyReadAt final : public ReadAt {
public:
    FaultyReadAt(std::shared_ptr<const ReadAt> inner, ReadFaults faults);

    Result<uint64_t> Size() const override { return inner_->Size(); }
    Result<Buffer> Read(uint64_t offset, uint64_t length) const override;
    std::string_view name() const override { return "faulty"; }
    size_t alignment_hint() const override { return inner_->alignment_hint(); }

    /// Reads served so far (failed ones included).
    uint64_t reads() const { return reads_.load(); }
    /// Reads that failed or returned short.
    uint64_t faults_injected() const { return faults_.load(); }

private:
    std::shared_ptr<const ReadAt> inner_;
    ReadFaults config_;
    mutable std::atomic<uint64_t> reads_{0};
    mutable std::atomic<uint64_t> faults_{0};
    mutable std::atomic<uint64_t> flip_covering_reads_{0};
};

/// What a FaultySink does wrong.
struct SinkFaults {
    /// The write that would take the total past this many bytes fails with ENOSPC (and so do
    /// all after it). Negative: never.
    int64_t enospc_after = -1;
    /// Flush fails with EIO.
    bool fail_flush = false;
    /// Close fails with EIO (an fsync that reports lost writes).
    bool fail_close = false;
};

/// A sink into memory that fails as configured; bytes() holds what was accepted.
class FaultySink final : public WriteSink {
public:
    explicit FaultySink(SinkFaults faults,
                        std::shared_ptr<std::string> bytes = std::make_shared<std::string>());

    Status Write(std::span<const uint8_t> bytes) override;
    Status Flush() override;
    Status Close() override;
    uint64_t bytes_written() const override { return written_; }

    bool closed() const { return closed_; }

private:
    SinkFaults config_;
    std::shared_ptr<std::string> bytes_;
    uint64_t written_ = 0;
    bool closed_ = false;
    bool failed_ = false;
};

} // namespace vortex::testing
