// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <map>
#include <string_view>
#include <utility>
#include <vector>

#include "vortex/array/builder/array_builder.h"
#include "vortex/array/builder/validity_builder.h"
#include "vortex/buffer/buffer.h"

namespace vortex {

class VarBinViewArray;

/// Builds a VarBinViewArray (Utf8 or Binary). Long values go to data buffers of at most
/// kMaxBufferSize bytes each; AppendArray may instead share the input's data buffers.
class VarBinViewBuilder final : public ArrayBuilder {
public:
    static constexpr size_t kMaxBufferSize = size_t{1} << 24;

    /// `dtype` must be Utf8 or Binary. Utf8 validity of appended bytes is checked in Finish
    /// only in debug builds; use AppendScalar for untrusted values.
    /// `share_buffers`: see BuilderOptions.
    explicit VarBinViewBuilder(DType dtype, bool share_buffers = true);

    void Append(std::string_view value);

    const DType &dtype() const override { return dtype_; }
    size_t len() const override { return validity_.len(); }
    void AppendNull() override;
    Status AppendScalar(const Scalar &scalar) override;
    /// Copies the views in bulk. When most of the input's data bytes are referenced, its data
    /// buffers are shared (zero-copy, each added once) and the views' buffer indices rebased;
    /// otherwise (e.g. a small slice of a big array) the referenced bytes are copied. Views
    /// under nulls become zero.
    Status AppendArray(const ArrayRef &array) override;
    /// Room for the views of `capacity` values (the string bytes are not known yet).
    void Reserve(size_t capacity) override;
    ArrayRef Finish() override;

private:
    void FlushBlock();
    // Appends the view of `value` (copying long values into the block), not its validity.
    void AppendView(std::string_view value);
    // Copies the bytes of a value longer than 12 bytes into the block, first starting a new
    // one (with `room` bytes reserved, when more values will follow) if they would not fit;
    // returns where they start. The view's buffer index is data_buffers_.size() after it.
    uint32_t StoreLongValue(const void *bytes, size_t size, size_t room);
    // Appends the views of every value of `strings`, copying the `referenced` bytes of its
    // valid long values into blocks; the views of nulls become zero. Not the validity.
    void CopyValues(const VarBinViewArray &strings, size_t referenced);
    // Returns the index of `buffer` among data_buffers_, adding it on first use.
    uint32_t ShareBuffer(const Buffer &buffer);

    DType dtype_;
    BufferMut views_;
    std::vector<Buffer> data_buffers_;
    BufferMut block_;
    // The shared input buffers by (address, size), so that chunks of one array share once.
    std::map<std::pair<const uint8_t *, size_t>, uint32_t> shared_;
    ValidityBuilder validity_;
    bool share_buffers_;
};

} // namespace vortex
