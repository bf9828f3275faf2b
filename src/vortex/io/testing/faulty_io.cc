// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/io/testing/faulty_io.h"

#include <chrono>
#include <cstring>
#include <thread>

namespace vortex::testing {

FaultyReadAt::FaultyReadAt(std::shared_ptr<const ReadAt> inner, ReadFaults faults)
    : inner_(std::move(inner)), config_(faults) {}

Result<Buffer> FaultyReadAt::Read(uint64_t offset, uint64_t length) const {
    const uint64_t number = reads_.fetch_add(1);
    if (config_.delay_micros > 0) {
        std::this_thread::sleep_for(std::chrono::microseconds(config_.delay_micros));
    }
    const auto covers = [&](int64_t byte) {
        return byte >= 0 && static_cast<uint64_t>(byte) >= offset &&
               static_cast<uint64_t>(byte) - offset < length;
    };
    bool fail = false;
    if (config_.fail_read >= 0) {
        const auto target = static_cast<uint64_t>(config_.fail_read);
        fail = config_.sticky ? number >= target : number == target;
    }
    if (covers(config_.fail_offset)) {
        fail = fail || config_.sticky || faults_.load() == 0;
    }
    if (fail) {
        faults_.fetch_add(1);
        if (config_.short_read && length > 0) {
            VX_ASSIGN_OR_RETURN(Buffer whole, inner_->Read(offset, length));
            return whole.Slice(0, length / 2);
        }
        return Status::Io("faulty: read of {} bytes at {} failed: Input/output error (injected)", length,
                          offset);
    }
    VX_ASSIGN_OR_RETURN(Buffer bytes, inner_->Read(offset, length));
    if (covers(config_.flip_offset) && flip_covering_reads_.fetch_add(1) >= 1) {
        BufferMut changed = BufferMut::Zeroed(bytes.size());
        std::memcpy(changed.data(), bytes.data(), bytes.size());
        changed.data()[static_cast<uint64_t>(config_.flip_offset) - offset] ^= 0xFF;
        return std::move(changed).Freeze();
    }
    return bytes;
}

FaultySink::FaultySink(SinkFaults faults, std::shared_ptr<std::string> bytes)
    : config_(faults), bytes_(std::move(bytes)) {}

Status FaultySink::Write(std::span<const uint8_t> bytes) {
    VX_ENSURE(!closed_, InvalidArgument, "faulty sink: write after close");
    VX_ENSURE(!failed_, Io, "faulty sink: an earlier write failed");
    if (config_.enospc_after >= 0 && written_ + bytes.size() > static_cast<uint64_t>(config_.enospc_after)) {
        failed_ = true;
        return Status::Io("faulty sink: write of {} bytes at {} failed: No space left on device (injected)",
                          bytes.size(), written_);
    }
    bytes_->append(reinterpret_cast<const char *>(bytes.data()), bytes.size());
    written_ += bytes.size();
    return Status::OK();
}

Status FaultySink::Flush() {
    VX_ENSURE(!closed_, InvalidArgument, "faulty sink: flush after close");
    VX_ENSURE(!failed_ && !config_.fail_flush, Io,
              "faulty sink: flush failed: Input/output error (injected)");
    return Status::OK();
}

Status FaultySink::Close() {
    if (closed_) {
        return Status::OK();
    }
    closed_ = true;
    VX_ENSURE(!failed_, Io, "faulty sink: an earlier write failed");
    VX_ENSURE(!config_.fail_close, Io, "faulty sink: close failed: Input/output error (injected)");
    return Status::OK();
}

} // namespace vortex::testing
