// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <type_traits>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/encodings/fastlanes/for/for_array.h"

namespace vortex::fastlanes {

namespace {

template <typename T>
Result<ArrayRef> EncodeTyped(const PrimitiveArray &array) {
    using U = std::make_unsigned_t<T>;
    const auto values = array.values().span<T>();
    const Validity &validity = array.validity();
    bool any_valid = false;
    T min = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        if (validity.is_valid(i) && (!any_valid || values[i] < min)) {
            min = values[i];
            any_valid = true;
        }
    }
    BufferMut out = BufferMut::Zeroed(values.size() * sizeof(T));
    U *dst = out.data_as<U>();
    const U reference = static_cast<U>(min);
    // Nulls encode as 0, as the reference writes them, so they stay small for bit-packing.
    for (size_t i = 0; i < values.size(); ++i) {
        dst[i] = validity.is_valid(i) ? static_cast<U>(static_cast<U>(values[i]) - reference) : U{0};
    }
    auto encoded = PrimitiveArray::Make(array.ptype(), std::move(out).Freeze(), validity);
    VX_ASSIGN_OR_RETURN(auto for_array,
                        FoRArray::TryMake(encoded, Scalar::Primitive<T>(min, Nullability::NonNullable)));
    return ArrayRef(std::move(for_array));
}

} // namespace

Result<ArrayRef> FoREncode(const ArrayRef &canonical) {
    const auto *primitive = canonical ? As<PrimitiveArray>(*canonical) : nullptr;
    VX_ENSURE(primitive != nullptr && IsInt(primitive->ptype()), InvalidArgument,
              "FoR encodes canonical integer arrays, got {}",
              canonical ? canonical->dtype().ToString() : std::string("null"));
    return VisitIntPType(primitive->ptype(), [&]<typename T>() { return EncodeTyped<T>(*primitive); });
}

} // namespace vortex::fastlanes
