// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/array/builder/array_builder.h"

namespace vortex {

/// Builds a NullArray.
class NullBuilder final : public ArrayBuilder {
public:
    const DType &dtype() const override { return dtype_; }
    size_t len() const override { return len_; }
    void AppendNull() override { ++len_; }
    void AppendNulls(size_t count) override { len_ += count; }
    Status AppendScalar(const Scalar &scalar) override;
    Status AppendArray(const ArrayRef &array) override;
    ArrayRef Finish() override;

private:
    DType dtype_ = DType::Null();
    size_t len_ = 0;
};

} // namespace vortex
