// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/builder/primitive_builder.h"

#include <cstring>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

template <NativePType T>
Status PrimitiveBuilder<T>::AppendScalar(const Scalar &scalar) {
    VX_ASSIGN_OR_RETURN(const bool appended_null, AppendIfNull(scalar));
    if (!appended_null) {
        Append(scalar.as<T>());
    }
    return Status::OK();
}

template <NativePType T>
Status PrimitiveBuilder<T>::AppendArray(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, CanonicalForAppend(array));
    VX_ASSIGN_OR_RETURN(auto primitive, CanonicalAs<PrimitiveArray>(canonical));
    const std::span<const T> values = primitive->values_as<T>();
    const size_t first = values_.size() / sizeof(T);
    values_.Append(values.data(), values.size_bytes());
    if (zero_nulls_ && primitive->validity().null_count(values.size()) > 0) {
        for (size_t i = 0; i < values.size(); ++i) {
            if (!primitive->validity().is_valid(i)) {
                std::memset(values_.data() + (first + i) * sizeof(T), 0, sizeof(T));
            }
        }
    }
    validity_.AppendValidity(primitive->validity(), values.size());
    return Status::OK();
}

template <NativePType T>
ArrayRef PrimitiveBuilder<T>::Finish() {
    Buffer values = std::move(values_).Freeze();
    values_ = BufferMut(alignof(T) > kDefaultAlignment ? alignof(T) : kDefaultAlignment);
    return PrimitiveArray::Make(kPTypeOf<T>, std::move(values), validity_.Finish());
}

template class PrimitiveBuilder<uint8_t>;
template class PrimitiveBuilder<uint16_t>;
template class PrimitiveBuilder<uint32_t>;
template class PrimitiveBuilder<uint64_t>;
template class PrimitiveBuilder<int8_t>;
template class PrimitiveBuilder<int16_t>;
template class PrimitiveBuilder<int32_t>;
template class PrimitiveBuilder<int64_t>;
template class PrimitiveBuilder<Half>;
template class PrimitiveBuilder<float>;
template class PrimitiveBuilder<double>;

} // namespace vortex
