// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/array/builder/array_builder.h"
#include "vortex/array/builder/bitmap_builder.h"
#include "vortex/array/builder/validity_builder.h"

namespace vortex {

/// Builds a BoolArray.
class BoolBuilder final : public ArrayBuilder {
public:
    /// `zero_nulls`: AppendArray stores false under null rows (a compact builder, see
    /// BuilderOptions).
    explicit BoolBuilder(Nullability nullability = Nullability::NonNullable, bool zero_nulls = false);

    void Append(bool value) {
        bits_.Append(value);
        validity_.AppendValid();
    }
    const DType &dtype() const override { return dtype_; }
    size_t len() const override { return bits_.len(); }
    void AppendNull() override;
    Status AppendScalar(const Scalar &scalar) override;
    /// Copies the value bits and validity bits in bulk, at any bit offset.
    Status AppendArray(const ArrayRef &array) override;
    ArrayRef Finish() override;

private:
    DType dtype_;
    BitmapBuilder bits_;
    ValidityBuilder validity_;
    bool zero_nulls_;
};

} // namespace vortex
