// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include "vortex/array/builder/array_builder.h"
#include "vortex/array/builder/validity_builder.h"
#include "vortex/buffer/buffer.h"
#include "vortex/dtype/ptype.h"

namespace vortex {

/// Builds a PrimitiveArray of `T`.
template <NativePType T>
class PrimitiveBuilder final : public ArrayBuilder {
public:
    /// `zero_nulls`: AppendArray stores zero under null rows instead of whatever the input
    /// held there (a compact builder, see BuilderOptions).
    explicit PrimitiveBuilder(Nullability nullability = Nullability::NonNullable, bool zero_nulls = false)
        : dtype_(DType::Primitive(kPTypeOf<T>, nullability)), validity_(nullability),
          zero_nulls_(zero_nulls) {}

    void Append(T value) {
        values_.Push(value);
        validity_.AppendValid();
    }
    void AppendValues(std::span<const T> values) {
        values_.Append(values.data(), values.size_bytes());
        validity_.AppendValidN(values.size());
    }
    void Reserve(size_t capacity) override { values_.Reserve(capacity * sizeof(T)); }

    const DType &dtype() const override { return dtype_; }
    size_t len() const override { return validity_.len(); }
    void AppendNull() override {
        validity_.AppendNull();
        values_.Push(T{});
    }
    Status AppendScalar(const Scalar &scalar) override;
    /// Copies the values with one memcpy and the validity bits in bulk.
    Status AppendArray(const ArrayRef &array) override;
    ArrayRef Finish() override;

private:
    DType dtype_;
    BufferMut values_{alignof(T) > kDefaultAlignment ? alignof(T) : kDefaultAlignment};
    ValidityBuilder validity_;
    bool zero_nulls_;
};

// Instantiated in primitive_builder.cc for every NativePType.
extern template class PrimitiveBuilder<uint8_t>;
extern template class PrimitiveBuilder<uint16_t>;
extern template class PrimitiveBuilder<uint32_t>;
extern template class PrimitiveBuilder<uint64_t>;
extern template class PrimitiveBuilder<int8_t>;
extern template class PrimitiveBuilder<int16_t>;
extern template class PrimitiveBuilder<int32_t>;
extern template class PrimitiveBuilder<int64_t>;
extern template class PrimitiveBuilder<Half>;
extern template class PrimitiveBuilder<float>;
extern template class PrimitiveBuilder<double>;

} // namespace vortex
