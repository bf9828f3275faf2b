// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Scalars: typed values for expression literals.

#include <array>
#include <limits>
#include <span>

#include "handles.h"

namespace capi = vortex::capi;
namespace api = vortex::api;

namespace {

vx_scalar *NewScalar(api::Scalar scalar) {
    return capi::NewHandle<vx_scalar>(std::move(scalar));
}

// Builds a scalar that cannot fail, or returns NULL (out of memory).
template <typename F>
vx_scalar *Infallible(F &&make) {
    return capi::Quietly<vx_scalar *>(nullptr, [&] { return NewScalar(make()); });
}

// The little-endian two's complement bytes of `value`.
template <typename T>
std::array<uint8_t, sizeof(T)> LittleEndian(T value) {
    std::array<uint8_t, sizeof(T)> bytes{};
    auto bits = static_cast<std::make_unsigned_t<T>>(value);
    for (uint8_t &byte : bytes) {
        byte = static_cast<uint8_t>(bits & 0xFF);
        bits = static_cast<std::make_unsigned_t<T>>(bits >> 8);
    }
    return bytes;
}

vx_scalar *
Decimal(std::span<const uint8_t> bytes, uint8_t precision, int8_t scale, bool nullable, vx_error **err) {
    return capi::Guarded<vx_scalar *>(err, nullptr, [&] {
        return NewScalar(capi::Take(api::Scalar::Decimal(bytes, precision, scale, nullable)));
    });
}

// Copies of the scalars at `pointers[0, len)`.
std::vector<api::Scalar> Values(const vx_scalar *const *pointers, size_t len, const char *what) {
    if (pointers == nullptr && len > 0) {
        capi::Fail(std::string(what) + " pointer is NULL");
    }
    std::vector<api::Scalar> values;
    values.reserve(len);
    for (size_t i = 0; i < len; ++i) {
        if (pointers[i] == nullptr) {
            capi::Fail("scalar pointer at index " + std::to_string(i) + " is NULL");
        }
        values.push_back(pointers[i]->scalar);
    }
    return values;
}

} // namespace

extern "C" {

void vx_scalar_free(vx_scalar *ptr) {
    capi::DeleteHandle(ptr);
}

vx_scalar *vx_scalar_clone(const vx_scalar *scalar) {
    return capi::Quietly<vx_scalar *>(
        nullptr, [&]() -> vx_scalar * { return scalar == nullptr ? nullptr : NewScalar(scalar->scalar); });
}

const vx_dtype *vx_scalar_dtype(const vx_scalar *scalar) {
    return capi::Quietly<const vx_dtype *>(nullptr, [&]() -> const vx_dtype * {
        if (scalar == nullptr) {
            return nullptr;
        }
        return capi::Lazy(scalar->dtype_once, scalar->dtype,
                          [&] { return capi::BorrowedDType(scalar->scalar.dtype()); });
    });
}

bool vx_scalar_is_null(const vx_scalar *scalar) {
    return scalar != nullptr && scalar->scalar.is_null();
}

vx_scalar *vx_scalar_new_bool(bool value, bool is_nullable) {
    return Infallible([&] { return api::Scalar::Bool(value, is_nullable); });
}
vx_scalar *vx_scalar_new_u8(uint8_t value, bool is_nullable) {
    return Infallible([&] { return api::Scalar::UInt8(value, is_nullable); });
}
vx_scalar *vx_scalar_new_u16(uint16_t value, bool is_nullable) {
    return Infallible([&] { return api::Scalar::UInt16(value, is_nullable); });
}
vx_scalar *vx_scalar_new_u32(uint32_t value, bool is_nullable) {
    return Infallible([&] { return api::Scalar::UInt32(value, is_nullable); });
}
vx_scalar *vx_scalar_new_u64(uint64_t value, bool is_nullable) {
    return Infallible([&] { return api::Scalar::UInt64(value, is_nullable); });
}
vx_scalar *vx_scalar_new_i8(int8_t value, bool is_nullable) {
    return Infallible([&] { return api::Scalar::Int8(value, is_nullable); });
}
vx_scalar *vx_scalar_new_i16(int16_t value, bool is_nullable) {
    return Infallible([&] { return api::Scalar::Int16(value, is_nullable); });
}
vx_scalar *vx_scalar_new_i32(int32_t value, bool is_nullable) {
    return Infallible([&] { return api::Scalar::Int32(value, is_nullable); });
}
vx_scalar *vx_scalar_new_i64(int64_t value, bool is_nullable) {
    return Infallible([&] { return api::Scalar::Int64(value, is_nullable); });
}
vx_scalar *vx_scalar_new_f32(float value, bool is_nullable) {
    return Infallible([&] { return api::Scalar::Float32(value, is_nullable); });
}
vx_scalar *vx_scalar_new_f64(double value, bool is_nullable) {
    return Infallible([&] { return api::Scalar::Float64(value, is_nullable); });
}
vx_scalar *vx_scalar_new_f16_bits(uint16_t bits, bool is_nullable) {
    return Infallible([&] { return api::Scalar::Float16Bits(bits, is_nullable); });
}

vx_scalar *vx_scalar_new_utf8(const char *ptr, size_t len, bool is_nullable, vx_error **err) {
    return capi::Guarded<vx_scalar *>(err, nullptr, [&] {
        if (ptr == nullptr && len > 0) {
            capi::Fail("utf8 data pointer is NULL");
        }
        const std::string_view text = len == 0 ? std::string_view() : std::string_view(ptr, len);
        if (!capi::IsUtf8(text)) {
            capi::Fail("invalid UTF-8 in a utf8 scalar");
        }
        return NewScalar(capi::Take(api::Scalar::Utf8(text, is_nullable)));
    });
}

vx_scalar *vx_scalar_new_binary(const uint8_t *ptr, size_t len, bool is_nullable, vx_error **err) {
    return capi::Guarded<vx_scalar *>(err, nullptr, [&] {
        if (ptr == nullptr && len > 0) {
            capi::Fail("binary data pointer is NULL");
        }
        const std::span<const uint8_t> bytes = len == 0 ? std::span<const uint8_t>() : std::span(ptr, len);
        return NewScalar(api::Scalar::Binary(bytes, is_nullable));
    });
}

vx_scalar *vx_scalar_new_null(const vx_dtype *dtype, vx_error **err) {
    return capi::Guarded<vx_scalar *>(
        err, nullptr, [&] { return NewScalar(api::Scalar::Null(capi::Deref(dtype, "dtype").dtype)); });
}

vx_scalar *
vx_scalar_new_decimal_i8(int8_t value, uint8_t precision, int8_t scale, bool is_nullable, vx_error **err) {
    return Decimal(LittleEndian(value), precision, scale, is_nullable, err);
}

vx_scalar *
vx_scalar_new_decimal_i16(int16_t value, uint8_t precision, int8_t scale, bool is_nullable, vx_error **err) {
    return Decimal(LittleEndian(value), precision, scale, is_nullable, err);
}

vx_scalar *
vx_scalar_new_decimal_i32(int32_t value, uint8_t precision, int8_t scale, bool is_nullable, vx_error **err) {
    return Decimal(LittleEndian(value), precision, scale, is_nullable, err);
}

vx_scalar *
vx_scalar_new_decimal_i64(int64_t value, uint8_t precision, int8_t scale, bool is_nullable, vx_error **err) {
    return Decimal(LittleEndian(value), precision, scale, is_nullable, err);
}

vx_scalar *vx_scalar_new_decimal_i128_le(
    const uint8_t *bytes16, uint8_t precision, int8_t scale, bool is_nullable, vx_error **err) {
    if (bytes16 == nullptr) {
        capi::SetError(err, "decimal bytes pointer is NULL");
        return nullptr;
    }
    return Decimal(std::span<const uint8_t>(bytes16, 16), precision, scale, is_nullable, err);
}

vx_scalar *vx_scalar_new_decimal_i256_le(
    const uint8_t *bytes32, uint8_t precision, int8_t scale, bool is_nullable, vx_error **err) {
    if (bytes32 == nullptr) {
        capi::SetError(err, "decimal bytes pointer is NULL");
        return nullptr;
    }
    return Decimal(std::span<const uint8_t>(bytes32, 32), precision, scale, is_nullable, err);
}

vx_scalar *vx_scalar_new_list(const vx_dtype *element_dtype,
                              const vx_scalar *const *elements,
                              size_t len,
                              bool is_nullable,
                              vx_error **err) {
    return capi::Guarded<vx_scalar *>(err, nullptr, [&] {
        const api::DType &element = capi::Deref(element_dtype, "element dtype").dtype;
        return NewScalar(
            capi::Take(api::Scalar::List(element, Values(elements, len, "elements"), is_nullable)));
    });
}

vx_scalar *vx_scalar_new_fixed_size_list(const vx_dtype *element_dtype,
                                         const vx_scalar *const *elements,
                                         size_t len,
                                         bool is_nullable,
                                         vx_error **err) {
    return capi::Guarded<vx_scalar *>(err, nullptr, [&] {
        const api::DType &element = capi::Deref(element_dtype, "element dtype").dtype;
        if (len > std::numeric_limits<uint32_t>::max()) {
            capi::Fail("a fixed-size list holds at most 2^32 - 1 elements");
        }
        return NewScalar(
            capi::Take(api::Scalar::FixedSizeList(element, Values(elements, len, "elements"), is_nullable)));
    });
}

vx_scalar *vx_scalar_new_struct(const vx_dtype *struct_dtype,
                                const vx_scalar *const *fields,
                                size_t len,
                                vx_error **err) {
    return capi::Guarded<vx_scalar *>(err, nullptr, [&] {
        const api::DType &dtype = capi::Deref(struct_dtype, "struct dtype").dtype;
        return NewScalar(capi::Take(api::Scalar::Struct(dtype, Values(fields, len, "fields"))));
    });
}

} // extern "C"
