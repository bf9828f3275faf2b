// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <string_view>
#include <vector>

#include "vortex/array/builder/array_builder.h"
#include "vortex/array/builder/validity_builder.h"
#include "vortex/buffer/buffer.h"

namespace vortex {

/// Builds a VarBinViewArray (Utf8 or Binary). Long values go to data buffers of at most
/// kMaxBufferSize bytes each.
class VarBinViewBuilder final : public ArrayBuilder {
public:
    static constexpr size_t kMaxBufferSize = size_t{1} << 24;

    /// `dtype` must be Utf8 or Binary. Utf8 validity of appended bytes is checked in Finish
    /// only in debug builds; use AppendScalar for untrusted values.
    explicit VarBinViewBuilder(DType dtype);

    void Append(std::string_view value);

    const DType &dtype() const override { return dtype_; }
    size_t len() const override { return validity_.len(); }
    void AppendNull() override;
    Status AppendScalar(const Scalar &scalar) override;
    ArrayRef Finish() override;

private:
    void FlushBlock();

    DType dtype_;
    BufferMut views_;
    std::vector<Buffer> data_buffers_;
    BufferMut block_;
    ValidityBuilder validity_;
};

} // namespace vortex
