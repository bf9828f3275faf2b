// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <vector>

#include "vortex/array/canonical.h"
#include "vortex/base/check.h"
#include "vortex/buffer/buffer.h"
#include "vortex/default_session.h"
#include "vortex/file/file_writer.h"
#include "vortex/file/vortex_file.h"
#include "vortex/io/read_at.h"
#include "vortex/layout/builtin_layouts.h"
#include "vortex/session/session.h"

namespace vortex::testing {

/// Every built-in encoding and layout: the default writer compresses, so a writer's session
/// must know every encoding the compressor may emit.
inline std::shared_ptr<const Session> FileTestSession() {
    return DefaultSessionPtr();
}

/// A sink that appends to a vector the test keeps.
class VectorSink final : public WriteSink {
public:
    explicit VectorSink(std::shared_ptr<std::vector<uint8_t>> out) : out_(std::move(out)) {}
    Status Write(std::span<const uint8_t> bytes) override {
        out_->insert(out_->end(), bytes.begin(), bytes.end());
        return Status::OK();
    }
    Status Flush() override { return Status::OK(); }
    Status Close() override { return Status::OK(); }
    uint64_t bytes_written() const override { return out_->size(); }

private:
    std::shared_ptr<std::vector<uint8_t>> out_;
};

/// Writes `chunks` as one file in memory and returns its bytes.
inline Result<Buffer>
WriteToBuffer(const DType &dtype, const std::vector<ArrayRef> &chunks, WriteOptions options = {}) {
    auto bytes = std::make_shared<std::vector<uint8_t>>();
    VX_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(std::make_unique<VectorSink>(bytes), dtype,
                                                      FileTestSession(), std::move(options)));
    for (const ArrayRef &chunk : chunks) {
        VX_RETURN_NOT_OK(writer->Write(chunk));
    }
    VX_RETURN_NOT_OK(writer->Finish().status());
    return Buffer::Copy(*bytes);
}

inline Result<std::shared_ptr<const VortexFile>> OpenBuffer(const Buffer &bytes,
                                                            const OpenOptions &options = {}) {
    return VortexFile::Open(std::make_shared<InMemoryReadAt>(bytes), FileTestSession(), options);
}

} // namespace vortex::testing
