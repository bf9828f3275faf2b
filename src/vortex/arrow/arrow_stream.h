// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/arrow/arrow_import.h"
#include "vortex/arrow/c_abi.h"
#include "vortex/base/result.h"
#include "vortex/dtype/dtype.h"

namespace vortex {

// The Arrow C Stream Interface. Spec: Arrow C stream interface ("ArrowArrayStream",
// "Result lifetimes", "Stream lifetime").

/// Pulls the next array of a stream; std::nullopt ends it.
using ArrayStreamNext = std::function<Result<std::optional<ArrayRef>>()>;

/// Exports a pull-based stream of arrays of `dtype` into `out`. get_schema exports `dtype`;
/// get_next calls `next` and exports its array (end of stream: a released ArrowArray, i.e.
/// release == nullptr). Errors return EINVAL (an array of the wrong dtype, export failures)
/// or EIO (an error from `next`); get_last_error then returns the message, valid until the
/// next call on the stream. After an error every get_next repeats it. The exported arrays
/// are independent of the stream; `next` is destroyed when the consumer releases the stream.
Status ExportArrayStream(DType dtype, ArrayStreamNext next, ArrowArrayStream *out);

/// Exports `arrays` (each of `dtype`) as a stream.
Status ExportArrayStream(DType dtype, std::vector<ArrayRef> arrays, ArrowArrayStream *out);

/// Reads an imported ArrowArrayStream; owns it and releases it on destruction. Arrays already
/// returned stay valid after the reader is gone.
class ArrowArrayStreamReader {
public:
    ArrowArrayStreamReader(const ArrowArrayStreamReader &) = delete;
    ArrowArrayStreamReader &operator=(const ArrowArrayStreamReader &) = delete;
    ~ArrowArrayStreamReader();

    const DType &dtype() const { return schema_.dtype; }
    /// Returns the next array, std::nullopt at the end of the stream, or the producer's error
    /// (Io, with its get_last_error message).
    Result<std::optional<ArrayRef>> Next();

    struct Token {};
    ArrowArrayStreamReader(Token, ArrowArrayStream stream, ImportedSchema schema);

private:
    ArrowArrayStream stream_;
    ImportedSchema schema_;
    bool finished_ = false;
};

/// Takes ownership of `stream` (moving it: the source is marked released) and reads its
/// schema. On error the stream is released.
Result<std::unique_ptr<ArrowArrayStreamReader>> ImportArrayStream(ArrowArrayStream *stream);

} // namespace vortex
