// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/encodings/zigzag/zigzag_array.h"
#include "vortex/encodings/zigzag/zigzag_internal.h"

namespace vortex::zigzag {
namespace {

// One element-wise pass that the compiler vectorizes: no branches, no reference counts.
template <typename In, typename Out, typename Fn>
Buffer MapValues(std::span<const In> values, Fn fn) {
    BufferMut out = BufferMut::Zeroed(values.size() * sizeof(Out));
    Out *__restrict dst = out.data_as<Out>();
    const In *__restrict src = values.data();
    for (size_t i = 0; i < values.size(); ++i) {
        dst[i] = fn(src[i]);
    }
    return std::move(out).Freeze();
}

} // namespace

namespace internal {

ArrayRef DecodePrimitive(const PrimitiveArray &encoded) {
    return VisitIntPType(encoded.ptype(), [&]<typename U>() -> ArrayRef {
        if constexpr (std::is_unsigned_v<U>) {
            using S = std::make_signed_t<U>;
            Buffer values = MapValues<U, S>(encoded.values_as<U>(), [](U u) { return DecodeValue(u); });
            return PrimitiveArray::Make(kPTypeOf<S>, std::move(values), encoded.validity());
        } else {
            VX_CHECK_MSG(false, "zigzag child must be unsigned, got {}", PTypeName(encoded.ptype()));
            return nullptr;
        }
    });
}

} // namespace internal

Result<ArrayRef> ZigZagEncode(const ArrayRef &canonical) {
    const auto *primitive = As<PrimitiveArray>(*canonical);
    VX_ENSURE(primitive != nullptr && IsSignedInt(primitive->ptype()), InvalidArgument,
              "zigzag encodes canonical signed integers, got {} ({})", canonical->dtype(),
              canonical->encoding_id());
    return VisitIntPType(primitive->ptype(), [&]<typename S>() -> Result<ArrayRef> {
        if constexpr (std::is_signed_v<S>) {
            using U = std::make_unsigned_t<S>;
            Buffer values =
                MapValues<S, U>(primitive->values_as<S>(), [](S s) { return internal::EncodeValue(s); });
            ArrayRef encoded = PrimitiveArray::Make(kPTypeOf<U>, std::move(values), primitive->validity());
            VX_ASSIGN_OR_RETURN(auto array, ZigZagArray::TryMake(encoded));
            return ArrayRef(std::move(array));
        } else {
            return Status::Internal("unreachable");
        }
    });
}

} // namespace vortex::zigzag
