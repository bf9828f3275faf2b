// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/arrow/arrow_stream.h"

#include <cerrno>
#include <string>
#include <utility>

#include "vortex/arrow/arrow_export.h"

namespace vortex {

namespace {

// The private_data of an exported stream.
struct ExportedStream {
    DType dtype;
    ArrayStreamNext next;
    // The message get_last_error returns; replaced at every call (spec: the pointer is valid
    // until the next call on the stream).
    std::string last_error;
    // Errors are sticky: once get_next failed, it keeps failing the same way.
    Status error;
    int error_code = 0;
    bool finished = false;
};

ExportedStream &StateOf(ArrowArrayStream *stream) {
    return *static_cast<ExportedStream *>(stream->private_data);
}

int Fail(ExportedStream &state, int code, Status status) {
    state.last_error = status.ToString();
    state.error = std::move(status);
    state.error_code = code;
    return code;
}

int GetSchema(ArrowArrayStream *stream, ArrowSchema *out) {
    ExportedStream &state = StateOf(stream);
    state.last_error.clear();
    if (Status status = ExportSchema(state.dtype, out); !status.ok()) {
        state.last_error = status.ToString();
        return EINVAL;
    }
    return 0;
}

int GetNext(ArrowArrayStream *stream, ArrowArray *out) {
    ExportedStream &state = StateOf(stream);
    state.last_error.clear();
    if (!state.error.ok()) {
        state.last_error = state.error.ToString();
        return state.error_code;
    }
    if (state.finished) {
        out->release = nullptr;
        return 0;
    }
    Result<std::optional<ArrayRef>> next = state.next();
    if (!next.ok()) {
        return Fail(state, EIO, next.status());
    }
    if (!next->has_value()) {
        // Spec: the end of the stream is a released array.
        state.finished = true;
        out->release = nullptr;
        return 0;
    }
    const ArrayRef &array = **next;
    if (array == nullptr || array->dtype() != state.dtype) {
        return Fail(
            state, EINVAL,
            Status::MismatchedTypes("stream of {} produced an array of {}", state.dtype,
                                    array == nullptr ? std::string("nothing") : array->dtype().ToString()));
    }
    if (Status status = ExportArray(array, out); !status.ok()) {
        return Fail(state, EINVAL, std::move(status));
    }
    return 0;
}

const char *GetLastError(ArrowArrayStream *stream) {
    const ExportedStream &state = StateOf(stream);
    return state.last_error.empty() ? nullptr : state.last_error.c_str();
}

void ReleaseStream(ArrowArrayStream *stream) {
    if (stream == nullptr || stream->release == nullptr) {
        return;
    }
    std::unique_ptr<ExportedStream> state(static_cast<ExportedStream *>(stream->private_data));
    stream->release = nullptr;
    stream->private_data = nullptr;
}

} // namespace

Status ExportArrayStream(DType dtype, ArrayStreamNext next, ArrowArrayStream *out) {
    VX_ENSURE(out != nullptr && next != nullptr, InvalidArgument, "ExportArrayStream: null argument");
    auto state = std::make_unique<ExportedStream>();
    state->dtype = std::move(dtype);
    state->next = std::move(next);
    out->get_schema = &GetSchema;
    out->get_next = &GetNext;
    out->get_last_error = &GetLastError;
    out->release = &ReleaseStream;
    out->private_data = state.release();
    return Status::OK();
}

Status ExportArrayStream(DType dtype, std::vector<ArrayRef> arrays, ArrowArrayStream *out) {
    auto next = [arrays = std::move(arrays), index = size_t{0}]() mutable -> Result<std::optional<ArrayRef>> {
        if (index == arrays.size()) {
            return std::optional<ArrayRef>();
        }
        // Hand the array over so the stream does not keep it alive once exported.
        return std::optional<ArrayRef>(std::move(arrays[index++]));
    };
    return ExportArrayStream(std::move(dtype), ArrayStreamNext(std::move(next)), out);
}

ArrowArrayStreamReader::ArrowArrayStreamReader(Token, ArrowArrayStream stream, ImportedSchema schema)
    : stream_(stream), schema_(std::move(schema)) {}

ArrowArrayStreamReader::~ArrowArrayStreamReader() {
    if (stream_.release != nullptr) {
        stream_.release(&stream_);
    }
}

Result<std::optional<ArrayRef>> ArrowArrayStreamReader::Next() {
    if (finished_) {
        return std::optional<ArrayRef>();
    }
    ArrowArray array{};
    const int code = stream_.get_next(&stream_, &array);
    if (code != 0) {
        const char *message = stream_.get_last_error(&stream_);
        return Status::Io("Arrow stream get_next failed with code {}: {}", code,
                          message == nullptr ? "(no message)" : message);
    }
    if (array.release == nullptr) {
        finished_ = true;
        return std::optional<ArrayRef>();
    }
    VX_ASSIGN_OR_RETURN(ArrayRef imported, ImportArray(&array, schema_));
    return std::optional<ArrayRef>(std::move(imported));
}

Result<std::unique_ptr<ArrowArrayStreamReader>> ImportArrayStream(ArrowArrayStream *stream) {
    VX_ENSURE(stream != nullptr && stream->release != nullptr, InvalidArgument,
              "ImportArrayStream: null or released stream");
    // Spec: moving a stream: copy the struct and mark the source released.
    ArrowArrayStream moved = *stream;
    stream->release = nullptr;
    ArrowSchema schema{};
    const int code = moved.get_schema(&moved, &schema);
    if (code != 0) {
        const char *message = moved.get_last_error(&moved);
        Status status = Status::Io("Arrow stream get_schema failed with code {}: {}", code,
                                   message == nullptr ? "(no message)" : message);
        moved.release(&moved);
        return status;
    }
    auto parsed = ParseArrowSchema(&schema);
    if (!parsed.ok()) {
        moved.release(&moved);
        return parsed.status();
    }
    return std::make_unique<ArrowArrayStreamReader>(ArrowArrayStreamReader::Token{}, moved,
                                                    std::move(parsed).ValueOrDie());
}

} // namespace vortex
