// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// pco's latents: numbers mapped order-preservingly onto unsigned integers of their width, and
// the wrapping arithmetic pco does on them. Shared by the decoder and the encoder.

#include <cstddef>
#include <cstdint>

#include "vortex/encodings/pco/pco_format.h"

namespace vortex::pco {

/// Numbers per batch, the unit of a page's body (pco FULL_BATCH_N).
inline constexpr size_t kBatchN = 256;
/// tANS states decoded in turn (pco ANS_INTERLEAVING).
inline constexpr size_t kInterleaving = 4;

template <typename L>
inline constexpr unsigned kBits = sizeof(L) * 8;
template <typename L>
inline constexpr L kMid = static_cast<L>(uint64_t{1} << (kBits<L> - 1));

// Wrapping arithmetic in the latent's width (through uint64_t: no promotion to int).
template <typename L>
L WrapAdd(L a, L b) {
    return static_cast<L>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
template <typename L>
L WrapSub(L a, L b) {
    return static_cast<L>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
template <typename L>
L WrapMul(L a, L b) {
    return static_cast<L>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
template <typename L>
L ToggleCenter(L x) {
    return WrapAdd(x, kMid<L>);
}

enum class Kind : uint8_t { Unsigned, Signed, Float };

inline Kind KindOf(NumberType type) {
    switch (type) {
        case NumberType::U8:
        case NumberType::U16:
        case NumberType::U32:
        case NumberType::U64:
            return Kind::Unsigned;
        case NumberType::I8:
        case NumberType::I16:
        case NumberType::I32:
        case NumberType::I64:
            return Kind::Signed;
        default:
            return Kind::Float;
    }
}

template <typename L>
L FloatBitsToLatent(L bits) {
    return (bits & kMid<L>) ? static_cast<L>(~bits) : static_cast<L>(bits ^ kMid<L>);
}

/// The order-preserving bijection from number bits to latents.
template <typename L>
L ToLatentOrdered(L bits, Kind kind) {
    switch (kind) {
        case Kind::Unsigned:
            return bits;
        case Kind::Signed:
            return static_cast<L>(bits ^ kMid<L>);
        case Kind::Float:
            return FloatBitsToLatent(bits);
    }
    return bits;
}

/// Its inverse, from latents back to number bits.
template <typename L>
L FromLatentOrdered(L latent, Kind kind) {
    switch (kind) {
        case Kind::Unsigned:
            return latent;
        case Kind::Signed:
            return static_cast<L>(latent ^ kMid<L>);
        case Kind::Float:
            return (latent & kMid<L>) ? static_cast<L>(latent ^ kMid<L>) : static_cast<L>(~latent);
    }
    return latent;
}

} // namespace vortex::pco
