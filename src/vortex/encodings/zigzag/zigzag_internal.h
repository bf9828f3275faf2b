// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <type_traits>

#include "vortex/array/arrays/primitive/primitive_array.h"

namespace vortex::zigzag::internal {

// Spec: arrays-encodings 7.1. Both maps work in the unsigned type, where shifts and negation
// wrap without undefined behaviour.
template <typename S>
constexpr std::make_unsigned_t<S> EncodeValue(S value) {
    using U = std::make_unsigned_t<S>;
    const U bits = static_cast<U>(value);
    const U sign = value < 0 ? static_cast<U>(~U{0}) : U{0};
    return static_cast<U>(static_cast<U>(bits << 1) ^ sign);
}

template <typename U>
constexpr std::make_signed_t<U> DecodeValue(U value) {
    return static_cast<std::make_signed_t<U>>(
        static_cast<U>((value >> 1) ^ static_cast<U>(U{0} - (value & 1))));
}

/// Decodes a canonical unsigned child into the signed PrimitiveArray, keeping its validity.
ArrayRef DecodePrimitive(const PrimitiveArray &encoded);

} // namespace vortex::zigzag::internal
