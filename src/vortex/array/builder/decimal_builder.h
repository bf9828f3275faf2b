// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <optional>
#include <vector>

#include "vortex/array/builder/array_builder.h"
#include "vortex/array/builder/validity_builder.h"
#include "vortex/buffer/buffer.h"
#include "vortex/dtype/decimal.h"

namespace vortex {

/// Builds a DecimalArray. The values type is the widest among the appended scalars' stored
/// widths (so canonicalizing keeps a source array's width), at least the narrowest type for the
/// precision when values are appended with Append(), and that narrowest type if none are.
class DecimalBuilder final : public ArrayBuilder {
public:
    /// `dtype` must be a Decimal dtype.
    explicit DecimalBuilder(DType dtype);

    /// Appends an unscaled value; it must fit the precision's narrowest values type.
    void Append(const I256 &unscaled);

    const DType &dtype() const override { return dtype_; }
    size_t len() const override { return validity_.len(); }
    void AppendNull() override;
    Status AppendScalar(const Scalar &scalar) override;
    ArrayRef Finish() override;

private:
    DType dtype_;
    DecimalType min_values_type_;
    std::optional<DecimalType> values_type_;
    // Values are kept at full width and narrowed in Finish(), once the width is known.
    std::vector<I256> values_;
    ValidityBuilder validity_;
};

} // namespace vortex
