// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "vortex/base/check.h"

namespace vortex {

/// Physical primitive types. Spec: dtypes-scalars, "PType"; the numeric tags are on disk.
enum class PType : uint8_t {
    U8 = 0,
    U16 = 1,
    U32 = 2,
    U64 = 3,
    I8 = 4,
    I16 = 5,
    I32 = 6,
    I64 = 7,
    F16 = 8,
    F32 = 9,
    F64 = 10
};

inline constexpr uint8_t kMaxPTypeTag = 10;

/// IEEE-754 binary16, stored as its raw bits (g++ 12 has no std::float16_t in C++20 mode).
struct Half {
    uint16_t bits = 0;
    friend bool operator==(Half a, Half b) = default;
    /// Converts to float exactly (every half is representable as a float).
    float ToFloat() const;
    /// Rounds a float to the nearest half, ties to even.
    static Half FromFloat(float value);
};

template <typename T>
struct PTypeTraits;

#define VX_PTYPE_TRAITS(CPP, TAG)                                                                            \
    template <>                                                                                              \
    struct PTypeTraits<CPP> {                                                                                \
        static constexpr PType kPType = PType::TAG;                                                          \
    };
VX_PTYPE_TRAITS(uint8_t, U8)
VX_PTYPE_TRAITS(uint16_t, U16)
VX_PTYPE_TRAITS(uint32_t, U32)
VX_PTYPE_TRAITS(uint64_t, U64)
VX_PTYPE_TRAITS(int8_t, I8)
VX_PTYPE_TRAITS(int16_t, I16)
VX_PTYPE_TRAITS(int32_t, I32)
VX_PTYPE_TRAITS(int64_t, I64)
VX_PTYPE_TRAITS(Half, F16)
VX_PTYPE_TRAITS(float, F32)
VX_PTYPE_TRAITS(double, F64)
#undef VX_PTYPE_TRAITS

/// Satisfied by the C++ types that back a PType.
template <typename T>
concept NativePType = requires {
    PTypeTraits<T>::kPType;
};

template <NativePType T>
inline constexpr PType kPTypeOf = PTypeTraits<T>::kPType;

constexpr size_t ByteWidth(PType ptype) {
    switch (ptype) {
        case PType::U8:
        case PType::I8:
            return 1;
        case PType::U16:
        case PType::I16:
        case PType::F16:
            return 2;
        case PType::U32:
        case PType::I32:
        case PType::F32:
            return 4;
        case PType::U64:
        case PType::I64:
        case PType::F64:
            return 8;
    }
    return 0;
}
constexpr bool IsUnsignedInt(PType p) {
    return p <= PType::U64;
}
constexpr bool IsSignedInt(PType p) {
    return p >= PType::I8 && p <= PType::I64;
}
constexpr bool IsInt(PType p) {
    return p <= PType::I64;
}
constexpr bool IsFloat(PType p) {
    return p >= PType::F16;
}

std::string_view PTypeName(PType ptype);

/// Converts a tag read from a file; false when it names no PType.
constexpr bool IsValidPTypeTag(uint64_t tag) {
    return tag <= kMaxPTypeTag;
}

/// Calls `fn.template operator()<T>()` with the C++ type of `ptype`; the one PType switch
/// that every caller shares.
template <typename Fn>
decltype(auto) VisitPType(PType ptype, Fn &&fn) {
    switch (ptype) {
        case PType::U8:
            return fn.template operator()<uint8_t>();
        case PType::U16:
            return fn.template operator()<uint16_t>();
        case PType::U32:
            return fn.template operator()<uint32_t>();
        case PType::U64:
            return fn.template operator()<uint64_t>();
        case PType::I8:
            return fn.template operator()<int8_t>();
        case PType::I16:
            return fn.template operator()<int16_t>();
        case PType::I32:
            return fn.template operator()<int32_t>();
        case PType::I64:
            return fn.template operator()<int64_t>();
        case PType::F16:
            return fn.template operator()<Half>();
        case PType::F32:
            return fn.template operator()<float>();
        case PType::F64:
            return fn.template operator()<double>();
    }
    VX_CHECK_MSG(false, "invalid ptype {}", static_cast<int>(ptype));
    __builtin_unreachable();
}

/// Like VisitPType, restricted to the integer types.
template <typename Fn>
decltype(auto) VisitIntPType(PType ptype, Fn &&fn) {
    switch (ptype) {
        case PType::U8:
            return fn.template operator()<uint8_t>();
        case PType::U16:
            return fn.template operator()<uint16_t>();
        case PType::U32:
            return fn.template operator()<uint32_t>();
        case PType::U64:
            return fn.template operator()<uint64_t>();
        case PType::I8:
            return fn.template operator()<int8_t>();
        case PType::I16:
            return fn.template operator()<int16_t>();
        case PType::I32:
            return fn.template operator()<int32_t>();
        case PType::I64:
            return fn.template operator()<int64_t>();
        default:
            break;
    }
    VX_CHECK_MSG(false, "ptype {} is not an integer", PTypeName(ptype));
    __builtin_unreachable();
}

} // namespace vortex
