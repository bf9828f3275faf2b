// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/writer.hpp"

#include "vortex/api/api_internal.h"

namespace vortex::api {
namespace {

// Gathers a file's bytes into a vector its caller keeps.
class VectorWriteSink final : public WriteSink {
public:
    explicit VectorWriteSink(std::shared_ptr<std::vector<uint8_t>> out) : out_(std::move(out)) {}

    vortex::Status Write(std::span<const uint8_t> bytes) override {
        out_->insert(out_->end(), bytes.begin(), bytes.end());
        return vortex::Status::OK();
    }
    vortex::Status Flush() override { return vortex::Status::OK(); }
    vortex::Status Close() override { return vortex::Status::OK(); }
    uint64_t bytes_written() const override { return out_->size(); }

private:
    std::shared_ptr<std::vector<uint8_t>> out_;
};

vortex::WriteOptions ToInternal(const WriteOptions &options) {
    vortex::WriteOptions out;
    switch (options.compression) {
        case Compression::Default:
            out.compression = vortex::Compression::kDefault;
            break;
        case Compression::Compact:
            out.compression = vortex::Compression::kCompact;
            break;
        case Compression::None:
            out.compression = vortex::Compression::kNone;
            break;
    }
    if (options.zone_rows > 0) {
        out.zone_len = options.zone_rows;
    }
    if (options.block_bytes > 0) {
        out.block_bytes = options.block_bytes;
    }
    if (options.executor) {
        out.executor = options.executor->impl().executor.get();
    }
    return out;
}

WriteSummary ToPublic(const vortex::WriteSummary &summary) {
    return {summary.rows, summary.bytes};
}

} // namespace

struct Writer::Impl {
    std::unique_ptr<FileWriter> writer;
    // Keeps the executor compression runs on alive as long as the writer.
    std::shared_ptr<Executor> executor;
};

namespace {

vortex::Result<std::unique_ptr<FileWriter>>
OpenWriter(std::unique_ptr<WriteSink> sink, const vortex::DType &dtype, const WriteOptions &options) {
    return FileWriter::Open(std::move(sink), dtype, DefaultSessionPtr(), ToInternal(options));
}

vortex::Result<std::unique_ptr<FileWriter>>
OpenFileWriter(const std::string &path, const vortex::DType &dtype, const WriteOptions &options) {
    // Written beside the destination and renamed over it by Finish: an unfinished or failed
    // write leaves the destination as it was.
    FileWriteSinkOptions sink_options;
    sink_options.replace_atomically = true;
    VX_ASSIGN_OR_RETURN(std::unique_ptr<FileWriteSink> sink, FileWriteSink::Open(path, sink_options));
    return OpenWriter(std::move(sink), dtype, options);
}

vortex::Result<vortex::WriteSummary> WriteAll(std::unique_ptr<FileWriter> writer, const ArrayRef &array) {
    VX_RETURN_NOT_OK(writer->Write(array));
    return writer->Finish();
}

} // namespace

Result<Writer> Writer::Open(const std::string &path, const DType &dtype, const WriteOptions &options) {
    return ToPublic(OpenFileWriter(path, Unwrap(dtype), options), [&](std::unique_ptr<FileWriter> writer) {
        return Writer(std::make_shared<Impl>(Impl{std::move(writer), options.executor}));
    });
}

Status Writer::Write(const Array &chunk) {
    if (impl_->writer == nullptr) {
        return {StatusCode::InvalidArgument, "the writer is finished"};
    }
    return ToPublic(impl_->writer->Write(Unwrap(chunk)));
}

Status Writer::Write(ArrowArray *array, ArrowSchema *schema) {
    Result<Array> imported = Array::FromArrow(array, schema);
    if (!imported.ok()) {
        return imported.status();
    }
    return Write(*imported);
}

Result<WriteSummary> Writer::Finish() {
    if (impl_->writer == nullptr) {
        return Status(StatusCode::InvalidArgument, "the writer is finished");
    }
    std::unique_ptr<FileWriter> writer = std::move(impl_->writer);
    return ToPublic(writer->Finish(), [](vortex::WriteSummary s) { return ToPublic(s); });
}

uint64_t Writer::bytes_written() const {
    return impl_->writer == nullptr ? 0 : impl_->writer->bytes_written();
}

Result<WriteSummary> WriteFile(const std::string &path, const Array &array, const WriteOptions &options) {
    auto writer = OpenFileWriter(path, Unwrap(array)->dtype(), options);
    if (!writer.ok()) {
        return ToPublic(writer.status());
    }
    return ToPublic(WriteAll(*std::move(writer), Unwrap(array)),
                    [](vortex::WriteSummary s) { return ToPublic(s); });
}

Result<WriteSummary>
WriteFile(const std::string &path, ArrowArrayStream *stream, const WriteOptions &options) {
    if (stream == nullptr) {
        return Status(StatusCode::InvalidArgument, "null ArrowArrayStream");
    }
    auto reader = ImportArrayStream(stream);
    if (!reader.ok()) {
        return ToPublic(reader.status());
    }
    auto writer = OpenFileWriter(path, (*reader)->dtype(), options);
    if (!writer.ok()) {
        return ToPublic(writer.status());
    }
    while (true) {
        auto batch = (*reader)->Next();
        if (!batch.ok()) {
            return ToPublic(batch.status());
        }
        if (!batch->has_value()) {
            break;
        }
        if (auto status = (*writer)->Write(**batch); !status.ok()) {
            return ToPublic(status);
        }
    }
    return ToPublic((*writer)->Finish(), [](vortex::WriteSummary s) { return ToPublic(s); });
}

Result<std::vector<uint8_t>> WriteBuffer(const Array &array, const WriteOptions &options) {
    auto bytes = std::make_shared<std::vector<uint8_t>>();
    auto writer = OpenWriter(std::make_unique<VectorWriteSink>(bytes), Unwrap(array)->dtype(), options);
    if (!writer.ok()) {
        return ToPublic(writer.status());
    }
    auto summary = WriteAll(*std::move(writer), Unwrap(array));
    if (!summary.ok()) {
        return ToPublic(summary.status());
    }
    return std::move(*bytes);
}

} // namespace vortex::api
