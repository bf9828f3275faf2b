// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Arrays, the struct column builder and array iterators.

#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <type_traits>

#include "expression.h"
#include "handles.h"

namespace capi = vortex::capi;
namespace api = vortex::api;

struct vx_struct_column_builder { // NOLINT(readability-identifier-naming)
    api::Validity validity;
    std::vector<std::string> names;
    std::vector<api::Array> fields;
};

struct vx_array_iterator { // NOLINT(readability-identifier-naming)
    std::function<api::Result<std::optional<api::Array>>()> next;
    bool finished = false;
};

namespace {

// The C++ API's validity for a vx_validity (a mask is referenced, not copied).
api::Validity ToValidity(const vx_validity &validity) {
    api::Validity out;
    switch (capi::EnumValue(validity.type)) {
        case VX_VALIDITY_NON_NULLABLE:
            out.kind = api::Validity::Kind::NonNullable;
            break;
        case VX_VALIDITY_ALL_VALID:
            out.kind = api::Validity::Kind::AllValid;
            break;
        case VX_VALIDITY_ALL_INVALID:
            out.kind = api::Validity::Kind::AllInvalid;
            break;
        case VX_VALIDITY_ARRAY:
            out.kind = api::Validity::Kind::Mask;
            out.mask =
                std::make_shared<const api::Array>(capi::Deref(validity.array, "validity array").array);
            break;
        default:
            capi::Fail("unknown validity type " + std::to_string(capi::EnumValue(validity.type)));
    }
    return out;
}

// `scalar`'s value as T when it fits exactly (floats: when in range).
template <typename T>
std::optional<T> ValueAs(const api::Scalar &scalar) {
    if constexpr (std::is_floating_point_v<T>) {
        const std::optional<double> value = scalar.AsDouble();
        if (!value) {
            return std::nullopt;
        }
        if (std::isfinite(*value) && std::fabs(*value) > static_cast<double>(std::numeric_limits<T>::max())) {
            return std::nullopt;
        }
        return static_cast<T>(*value);
    } else if constexpr (std::is_signed_v<T>) {
        const std::optional<int64_t> value = scalar.AsInt64();
        if (!value || *value < std::numeric_limits<T>::min() || *value > std::numeric_limits<T>::max()) {
            return std::nullopt;
        }
        return static_cast<T>(*value);
    } else {
        const std::optional<uint64_t> value = scalar.AsUInt64();
        if (!value || *value > std::numeric_limits<T>::max()) {
            return std::nullopt;
        }
        return static_cast<T>(*value);
    }
}

// Element `index` of `array` when the array is of `kind`; nullopt on any misuse or a null.
std::optional<api::Scalar> Element(const vx_array *array, size_t index, api::DTypeKind kind) {
    if (array == nullptr || array->array.dtype().kind() != kind || index >= array->array.len()) {
        return std::nullopt;
    }
    api::Result<api::Scalar> scalar = array->array.ScalarAt(index);
    if (!scalar.ok() || scalar->is_null()) {
        return std::nullopt;
    }
    return *std::move(scalar);
}

template <typename T>
T Get(const vx_array *array, size_t index, api::DTypeKind kind) {
    return capi::Quietly<T>(T{}, [&] {
        const std::optional<api::Scalar> element = Element(array, index, kind);
        return element ? ValueAs<T>(*element).value_or(T{}) : T{};
    });
}

uint16_t GetF16(const vx_array *array, size_t index, api::DTypeKind kind) {
    return capi::Quietly<uint16_t>(0, [&]() -> uint16_t {
        const std::optional<api::Scalar> element = Element(array, index, kind);
        return element ? element->AsFloat16Bits().value_or(0) : 0;
    });
}

constexpr api::DTypeKind kPrimitive = api::DTypeKind::Primitive;
constexpr api::DTypeKind kExtension = api::DTypeKind::Extension;

} // namespace

extern "C" {

const vx_array *vx_array_clone(const vx_array *ptr) {
    if (ptr != nullptr) {
        ptr->refs.fetch_add(1, std::memory_order_relaxed);
    }
    return ptr;
}

void vx_array_free(const vx_array *ptr) {
    if (ptr != nullptr && ptr->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        capi::DeleteHandle(ptr);
    }
}

bool vx_array_is_nullable(const vx_array *array) {
    return capi::Quietly(false, [&] { return array != nullptr && array->array.dtype().nullable(); });
}

bool vx_array_has_dtype(const vx_array *array, vx_dtype_variant variant) {
    return capi::Quietly(false, [&] {
        return array != nullptr && static_cast<int>(array->array.dtype().kind()) == capi::EnumValue(variant);
    });
}

bool vx_array_is_primitive(const vx_array *array, vx_ptype ptype) {
    return capi::Quietly(false, [&] {
        if (array == nullptr) {
            return false;
        }
        const std::optional<api::PType> actual = array->array.dtype().ptype();
        return actual && static_cast<int>(*actual) == capi::EnumValue(ptype);
    });
}

void vx_array_get_validity(const vx_array *array, vx_validity *validity, vx_error **error) {
    capi::GuardedVoid(error, [&] {
        const api::Array &value = capi::Deref(array, "array").array;
        vx_validity &out = capi::Deref(validity, "validity");
        const api::Validity described = value.GetValidity();
        vx_validity result{VX_VALIDITY_NON_NULLABLE, nullptr};
        switch (described.kind) {
            case api::Validity::Kind::NonNullable:
                break;
            case api::Validity::Kind::AllValid:
                result.type = VX_VALIDITY_ALL_VALID;
                break;
            case api::Validity::Kind::AllInvalid:
                result.type = VX_VALIDITY_ALL_INVALID;
                break;
            case api::Validity::Kind::Mask:
                result.type = VX_VALIDITY_ARRAY;
                result.array = capi::NewArray(*described.mask);
                break;
        }
        out = result;
    });
}

size_t vx_array_len(const vx_array *array) {
    return array == nullptr ? 0 : array->array.len();
}

const vx_dtype *vx_array_dtype(const vx_array *array) {
    return capi::Quietly<const vx_dtype *>(nullptr, [&]() -> const vx_dtype * {
        if (array == nullptr) {
            return nullptr;
        }
        return capi::Lazy(array->dtype_once, array->dtype,
                          [&] { return capi::BorrowedDType(array->array.dtype()); });
    });
}

const vx_array *vx_array_get_field(const vx_array *array, size_t index, vx_error **error_out) {
    return capi::Guarded<const vx_array *>(error_out, nullptr, [&] {
        const api::Array &value = capi::Deref(array, "array").array;
        const api::DType dtype = value.dtype();
        if (dtype.kind() != api::DTypeKind::Struct) {
            capi::Fail("vx_array_get_field needs a struct array, not " + dtype.ToString());
        }
        if (index >= dtype.field_count()) {
            capi::Fail("Field index " + std::to_string(index) + " out of bounds: the struct has " +
                       std::to_string(dtype.field_count()) + " fields");
        }
        return capi::NewArray(capi::Take(value.Field(index)));
    });
}

const vx_array *vx_array_slice(const vx_array *array, size_t start, size_t stop, vx_error **error_out) {
    return capi::Guarded<const vx_array *>(error_out, nullptr, [&] {
        return capi::NewArray(capi::Take(capi::Deref(array, "array").array.Slice(start, stop)));
    });
}

bool vx_array_element_is_invalid(const vx_array *array, size_t index, vx_error **error) {
    return capi::Guarded(error, false,
                         [&] { return !capi::Take(capi::Deref(array, "array").array.IsValid(index)); });
}

size_t vx_array_invalid_count(const vx_array *array, vx_error **error_out) {
    return capi::Guarded<size_t>(error_out, 0, [&] {
        return static_cast<size_t>(capi::Take(capi::Deref(array, "array").array.NullCount()));
    });
}

const vx_array *vx_array_new_null(size_t len) {
    return capi::Quietly<const vx_array *>(nullptr, [&] { return capi::NewArray(api::Array::Null(len)); });
}

const vx_array *vx_array_new_primitive(
    vx_ptype ptype, const void *ptr, size_t len, const vx_validity *validity, vx_error **error) {
    // Unlike every other function, success leaves `*error` as it was.
    try {
        if (validity == nullptr) {
            capi::Fail("validity is NULL");
        }
        const int value = capi::EnumValue(ptype);
        if (value < PTYPE_U8 || value > PTYPE_F64) {
            capi::Fail("unknown ptype " + std::to_string(value));
        }
        const api::Validity nulls = ToValidity(*validity);
        return capi::NewArray(
            capi::Take(api::Array::FromPrimitive(static_cast<api::PType>(value), ptr, len, nulls)));
    } catch (...) {
        capi::SetError(error, capi::CurrentExceptionMessage());
        return nullptr;
    }
}

const vx_array *
vx_array_from_arrow(FFI_ArrowArray *array, FFI_ArrowSchema *schema, bool nullable, vx_error **error_out) {
    return capi::Guarded<const vx_array *>(error_out, nullptr, [&] {
        if (schema != nullptr && schema->release != nullptr) {
            // The nullability of the top level is the caller's choice, not the schema's.
            schema->flags =
                nullable ? (schema->flags | ARROW_FLAG_NULLABLE) : (schema->flags & ~ARROW_FLAG_NULLABLE);
        }
        return capi::NewArray(capi::Take(api::Array::FromArrow(array, schema)));
    });
}

uint8_t vx_array_get_u8(const vx_array *array, size_t index) {
    return Get<uint8_t>(array, index, kPrimitive);
}
uint8_t vx_array_get_storage_u8(const vx_array *array, size_t index) {
    return Get<uint8_t>(array, index, kExtension);
}
uint16_t vx_array_get_u16(const vx_array *array, size_t index) {
    return Get<uint16_t>(array, index, kPrimitive);
}
uint16_t vx_array_get_storage_u16(const vx_array *array, size_t index) {
    return Get<uint16_t>(array, index, kExtension);
}
uint32_t vx_array_get_u32(const vx_array *array, size_t index) {
    return Get<uint32_t>(array, index, kPrimitive);
}
uint32_t vx_array_get_storage_u32(const vx_array *array, size_t index) {
    return Get<uint32_t>(array, index, kExtension);
}
uint64_t vx_array_get_u64(const vx_array *array, size_t index) {
    return Get<uint64_t>(array, index, kPrimitive);
}
uint64_t vx_array_get_storage_u64(const vx_array *array, size_t index) {
    return Get<uint64_t>(array, index, kExtension);
}
int8_t vx_array_get_i8(const vx_array *array, size_t index) {
    return Get<int8_t>(array, index, kPrimitive);
}
int8_t vx_array_get_storage_i8(const vx_array *array, size_t index) {
    return Get<int8_t>(array, index, kExtension);
}
int16_t vx_array_get_i16(const vx_array *array, size_t index) {
    return Get<int16_t>(array, index, kPrimitive);
}
int16_t vx_array_get_storage_i16(const vx_array *array, size_t index) {
    return Get<int16_t>(array, index, kExtension);
}
int32_t vx_array_get_i32(const vx_array *array, size_t index) {
    return Get<int32_t>(array, index, kPrimitive);
}
int32_t vx_array_get_storage_i32(const vx_array *array, size_t index) {
    return Get<int32_t>(array, index, kExtension);
}
int64_t vx_array_get_i64(const vx_array *array, size_t index) {
    return Get<int64_t>(array, index, kPrimitive);
}
int64_t vx_array_get_storage_i64(const vx_array *array, size_t index) {
    return Get<int64_t>(array, index, kExtension);
}
uint16_t vx_array_get_f16(const vx_array *array, size_t index) {
    return GetF16(array, index, kPrimitive);
}
uint16_t vx_array_get_storage_f16(const vx_array *array, size_t index) {
    return GetF16(array, index, kExtension);
}
float vx_array_get_f32(const vx_array *array, size_t index) {
    return Get<float>(array, index, kPrimitive);
}
float vx_array_get_storage_f32(const vx_array *array, size_t index) {
    return Get<float>(array, index, kExtension);
}
double vx_array_get_f64(const vx_array *array, size_t index) {
    return Get<double>(array, index, kPrimitive);
}
double vx_array_get_storage_f64(const vx_array *array, size_t index) {
    return Get<double>(array, index, kExtension);
}

const vx_string *vx_array_get_utf8(const vx_array *array, uint32_t index) {
    return capi::Quietly<const vx_string *>(nullptr, [&]() -> const vx_string * {
        const std::optional<api::Scalar> element = Element(array, index, api::DTypeKind::Utf8);
        std::optional<std::string> text = element ? element->AsString() : std::nullopt;
        return text ? capi::NewString(*std::move(text)) : nullptr;
    });
}

const vx_binary *vx_array_get_binary(const vx_array *array, uint32_t index) {
    return capi::Quietly<const vx_binary *>(nullptr, [&]() -> const vx_binary * {
        const std::optional<api::Scalar> element = Element(array, index, api::DTypeKind::Binary);
        std::optional<std::string> bytes = element ? element->AsString() : std::nullopt;
        if (!bytes) {
            return nullptr;
        }
        return capi::NewHandle<vx_binary>(vx_binary{std::make_shared<const std::string>(*std::move(bytes))});
    });
}

const vx_array *vx_array_apply(const vx_array *array, const vx_expression *expression, vx_error **error) {
    return capi::Guarded<const vx_array *>(error, nullptr, [&] {
        const api::Array &value = capi::Deref(array, "array").array;
        const capi::ExprNode &node = *capi::Deref(expression, "expression").node;
        capi::ReturnDType(node, value.dtype());
        return capi::NewArray(capi::Evaluate(node, value));
    });
}

void vx_array_iterator_free(vx_array_iterator *ptr) {
    capi::DeleteHandle(ptr);
}

const vx_array *vx_array_iterator_next(vx_array_iterator *iter, vx_error **error_out) {
    return capi::Guarded<const vx_array *>(error_out, nullptr, [&]() -> const vx_array * {
        vx_array_iterator &iterator = capi::Deref(iter, "array iterator");
        if (iterator.finished) {
            return nullptr;
        }
        std::optional<api::Array> next = capi::Take(iterator.next());
        if (!next) {
            iterator.finished = true;
            return nullptr;
        }
        return capi::NewArray(*std::move(next));
    });
}

vx_struct_column_builder *vx_struct_column_builder_new(const vx_validity *validity, size_t capacity) {
    return capi::Quietly<vx_struct_column_builder *>(nullptr, [&]() -> vx_struct_column_builder * {
        if (validity == nullptr) {
            return nullptr;
        }
        auto builder = std::make_unique<vx_struct_column_builder>();
        builder->validity = ToValidity(*validity);
        // `capacity` counts columns in some callers and rows in others: a small hint at most.
        builder->fields.reserve(std::min<size_t>(capacity, 64));
        return builder.release();
    });
}

void vx_struct_column_builder_free(vx_struct_column_builder *ptr) {
    capi::DeleteHandle(ptr);
}

void vx_struct_column_builder_add_field(vx_struct_column_builder *builder,
                                        const char *name,
                                        const vx_array *field,
                                        vx_error **error) {
    capi::GuardedVoid(error, [&] {
        vx_struct_column_builder &columns = capi::Deref(builder, "struct column builder");
        const std::string column(&capi::Deref(name, "field name"));
        const api::Array &values = capi::Deref(field, "field array").array;
        if (!capi::IsUtf8(column)) {
            capi::Fail("the field name is not valid UTF-8");
        }
        if (!columns.fields.empty() && values.len() != columns.fields.front().len()) {
            capi::Fail("field '" + column + "' has " + std::to_string(values.len()) +
                       " rows, the first field has " + std::to_string(columns.fields.front().len()));
        }
        columns.names.push_back(column);
        columns.fields.push_back(values);
    });
}

const vx_array *vx_struct_column_builder_finalize(vx_struct_column_builder *builder, vx_error **error) {
    std::unique_ptr<vx_struct_column_builder> owned(builder);
    return capi::Guarded<const vx_array *>(error, nullptr, [&] {
        const vx_struct_column_builder &columns = capi::Deref(owned.get(), "struct column builder");
        const size_t len = columns.fields.empty() ? 0 : columns.fields.front().len();
        return capi::NewArray(
            capi::Take(api::Array::MakeStruct(columns.names, columns.fields, columns.validity, len)));
    });
}

} // extern "C"
