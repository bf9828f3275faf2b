// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <optional>

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
    /// `zero_nulls`: store zero under null rows instead of whatever the input held there,
    /// so the values depend only on the valid rows (a compact builder, see BuilderOptions).
    explicit DecimalBuilder(DType dtype, bool zero_nulls = false);

    /// Appends an unscaled value; it must fit the precision's narrowest values type.
    void Append(const I256 &unscaled);

    const DType &dtype() const override { return dtype_; }
    size_t len() const override { return validity_.len(); }
    void AppendNull() override;
    Status AppendScalar(const Scalar &scalar) override;
    /// Copies the values with one memcpy when the widths match and widens them otherwise;
    /// like ScalarAt, fails if a non-null value exceeds the precision.
    Status AppendArray(const ArrayRef &array) override;
    ArrayRef Finish() override;

private:
    // Re-encodes the stored values at `type` if it is wider than values_type_.
    void WidenTo(DecimalType type);
    void AppendZeros(size_t count);

    DType dtype_;
    DecimalType min_values_type_;
    std::optional<DecimalType> values_type_;
    // Little-endian values at values_type_'s width; empty while values_type_ is unset (only
    // nulls appended so far, whose values are zero).
    BufferMut values_;
    ValidityBuilder validity_;
    bool zero_nulls_;
};

} // namespace vortex
