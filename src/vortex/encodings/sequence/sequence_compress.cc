// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/encodings/sequence/sequence_array.h"
#include "vortex/encodings/sequence/sequence_internal.h"

namespace vortex::sequence {

Result<std::optional<ArrayRef>> SequenceEncode(const ArrayRef &canonical) {
    const auto *primitive = As<PrimitiveArray>(*canonical);
    VX_ENSURE(primitive != nullptr, InvalidArgument,
              "sequence encodes canonical primitive arrays, got {} ({})", canonical->dtype(),
              canonical->encoding_id());
    if (primitive->empty() || !IsInt(primitive->ptype()) ||
        primitive->validity().null_count(primitive->len()) > 0) {
        return std::optional<ArrayRef>();
    }
    const Nullability nullability = primitive->dtype().nullability();
    return VisitIntPType(primitive->ptype(), [&]<typename T>() -> Result<std::optional<ArrayRef>> {
        const auto values = primitive->values_as<T>();
        auto make = [&](T base, T multiplier) -> Result<std::optional<ArrayRef>> {
            VX_ASSIGN_OR_RETURN(auto array, SequenceArray::TryMake(PValue(base), PValue(multiplier),
                                                                   kPTypeOf<T>, nullability, values.size()));
            return std::optional<ArrayRef>(std::move(array));
        };
        if (values.size() == 1) {
            return make(values[0], T{0}); // any multiplier works; the reference picks zero
        }
        T multiplier;
        if (__builtin_sub_overflow(values[1], values[0], &multiplier) || multiplier == 0 ||
            !internal::CheckedLast<T>(values[0], multiplier, values.size()).has_value()) {
            return std::optional<ArrayRef>();
        }
        for (size_t i = 1; i < values.size(); ++i) {
            T next;
            if (__builtin_add_overflow(values[i - 1], multiplier, &next) || next != values[i]) {
                return std::optional<ArrayRef>();
            }
        }
        return make(values[0], multiplier);
    });
}

} // namespace vortex::sequence
