// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Logical types, struct fields and their builder, and Arrow schema conversion.

#include <limits>

#include "handles.h"

namespace capi = vortex::capi;
namespace api = vortex::api;

struct vx_struct_fields_builder { // NOLINT(readability-identifier-naming)
    std::vector<std::string> names;
    std::vector<api::DType> dtypes;
};

namespace {

const vx_dtype *NewDType(api::DType dtype) {
    return capi::NewHandle<vx_dtype>(std::move(dtype));
}

// The vx_dtype behind a `const DType *` (the temporal helpers take the handle's address cast).
const vx_dtype *FromOpaque(const DType *dtype) {
    return reinterpret_cast<const vx_dtype *>(dtype); // NOLINT: the header's cast convention
}

// The handle's dtype, and drops the caller's reference to it (the consuming constructors).
api::DType Consume(const vx_dtype *handle) {
    api::DType dtype = capi::Deref(handle, "dtype").dtype;
    vx_dtype_free(handle);
    return dtype;
}

} // namespace

extern "C" {

const vx_dtype *vx_dtype_clone(const vx_dtype *ptr) {
    return capi::Quietly<const vx_dtype *>(nullptr, [&]() -> const vx_dtype * {
        const vx_dtype &dtype = capi::Deref(ptr, "dtype");
        if (dtype.borrowed) {
            // A borrowed handle lives with its owner: the clone must be able to outlive it.
            return NewDType(dtype.dtype);
        }
        dtype.refs.fetch_add(1, std::memory_order_relaxed);
        return ptr;
    });
}

void vx_dtype_free(const vx_dtype *ptr) {
    if (ptr == nullptr || ptr->borrowed) {
        return;
    }
    if (ptr->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        capi::DeleteHandle(ptr);
    }
}

const vx_dtype *vx_dtype_new_null(void) {
    return capi::Quietly<const vx_dtype *>(nullptr, [] { return NewDType(api::DType::Null()); });
}

const vx_dtype *vx_dtype_new_bool(bool is_nullable) {
    return capi::Quietly<const vx_dtype *>(nullptr, [&] { return NewDType(api::DType::Bool(is_nullable)); });
}

const vx_dtype *vx_dtype_new_primitive(vx_ptype ptype, bool is_nullable) {
    return capi::Quietly<const vx_dtype *>(nullptr, [&]() -> const vx_dtype * {
        const int value = capi::EnumValue(ptype);
        if (value < PTYPE_U8 || value > PTYPE_F64) {
            return nullptr;
        }
        return NewDType(api::DType::Primitive(static_cast<api::PType>(value), is_nullable));
    });
}

const vx_dtype *vx_dtype_new_utf8(bool is_nullable) {
    return capi::Quietly<const vx_dtype *>(nullptr, [&] { return NewDType(api::DType::Utf8(is_nullable)); });
}

const vx_dtype *vx_dtype_new_binary(bool is_nullable) {
    return capi::Quietly<const vx_dtype *>(nullptr,
                                           [&] { return NewDType(api::DType::Binary(is_nullable)); });
}

const vx_dtype *vx_dtype_new_list(const vx_dtype *element, bool is_nullable) {
    return capi::Quietly<const vx_dtype *>(
        nullptr, [&] { return NewDType(api::DType::List(Consume(element), is_nullable)); });
}

const vx_dtype *vx_dtype_new_fixed_size_list(const vx_dtype *element, uint32_t size, bool is_nullable) {
    return capi::Quietly<const vx_dtype *>(
        nullptr, [&] { return NewDType(api::DType::FixedSizeList(Consume(element), size, is_nullable)); });
}

const vx_dtype *vx_dtype_new_struct(vx_struct_fields *struct_dtype, bool is_nullable) {
    return capi::Quietly<const vx_dtype *>(nullptr, [&] {
        const vx_struct_fields &fields = capi::Deref(struct_dtype, "struct fields");
        std::vector<std::string> names;
        names.reserve(fields.names.size());
        for (const vx_string &name : fields.names) {
            names.push_back(*name.bytes);
        }
        std::vector<api::DType> dtypes = fields.dtypes;
        vx_struct_fields_free(struct_dtype);
        return NewDType(capi::Take(api::DType::Struct(names, dtypes, is_nullable)));
    });
}

const vx_dtype *vx_dtype_new_decimal(uint8_t precision, int8_t scale, bool is_nullable) {
    return capi::Quietly<const vx_dtype *>(
        nullptr, [&] { return NewDType(capi::Take(api::DType::Decimal(precision, scale, is_nullable))); });
}

vx_dtype_variant vx_dtype_get_variant(const vx_dtype *dtype) {
    if (dtype == nullptr) {
        return DTYPE_NULL;
    }
    // api::DTypeKind is numbered as vx_dtype_variant.
    return static_cast<vx_dtype_variant>(dtype->dtype.kind());
}

bool vx_dtype_is_nullable(const vx_dtype *dtype) {
    return dtype != nullptr && dtype->dtype.nullable();
}

vx_ptype vx_dtype_primitive_ptype(const vx_dtype *dtype) {
    if (dtype == nullptr || !dtype->dtype.ptype()) {
        return PTYPE_U8;
    }
    // api::PType is numbered as vx_ptype.
    return static_cast<vx_ptype>(*dtype->dtype.ptype());
}

uint8_t vx_dtype_decimal_precision(const vx_dtype *dtype) {
    return dtype == nullptr ? 0 : dtype->dtype.precision();
}

int8_t vx_dtype_decimal_scale(const vx_dtype *dtype) {
    return dtype == nullptr ? int8_t{0} : dtype->dtype.scale();
}

const vx_struct_fields *vx_dtype_struct_dtype(const vx_dtype *dtype) {
    return capi::Quietly<const vx_struct_fields *>(nullptr, [&]() -> const vx_struct_fields * {
        if (dtype == nullptr || dtype->dtype.kind() != api::DTypeKind::Struct) {
            return nullptr;
        }
        const vx_dtype &owner = *dtype;
        return capi::Lazy(owner.fields_once, owner.fields, [&] { return capi::FieldsOf(owner.dtype, true); });
    });
}

namespace {

const vx_dtype *ElementOf(const vx_dtype *dtype, api::DTypeKind kind) {
    if (dtype == nullptr || dtype->dtype.kind() != kind) {
        return nullptr;
    }
    const vx_dtype &owner = *dtype;
    return capi::Lazy(owner.element_once, owner.element,
                      [&] { return capi::BorrowedDType(owner.dtype.element()); });
}

} // namespace

const vx_dtype *vx_dtype_list_element(const vx_dtype *dtype) {
    return capi::Quietly<const vx_dtype *>(nullptr, [&] { return ElementOf(dtype, api::DTypeKind::List); });
}

const vx_dtype *vx_dtype_fixed_size_list_element(const vx_dtype *dtype) {
    return capi::Quietly<const vx_dtype *>(nullptr,
                                           [&] { return ElementOf(dtype, api::DTypeKind::FixedSizeList); });
}

uint32_t vx_dtype_fixed_size_list_size(const vx_dtype *dtype) {
    return dtype == nullptr ? 0 : dtype->dtype.list_size();
}

bool vx_dtype_is_time(const DType *dtype) {
    return capi::Quietly(false, [&] { return dtype != nullptr && FromOpaque(dtype)->dtype.is_time(); });
}

bool vx_dtype_is_date(const DType *dtype) {
    return capi::Quietly(false, [&] { return dtype != nullptr && FromOpaque(dtype)->dtype.is_date(); });
}

bool vx_dtype_is_timestamp(const DType *dtype) {
    return capi::Quietly(false, [&] { return dtype != nullptr && FromOpaque(dtype)->dtype.is_timestamp(); });
}

uint8_t vx_dtype_time_unit(const DType *dtype) {
    return capi::Quietly<uint8_t>(0, [&]() -> uint8_t {
        if (dtype == nullptr) {
            return 0;
        }
        const auto unit = FromOpaque(dtype)->dtype.time_unit();
        return unit ? static_cast<uint8_t>(*unit) : 0;
    });
}

const vx_string *vx_dtype_time_zone(const DType *dtype) {
    return capi::Quietly<const vx_string *>(nullptr, [&]() -> const vx_string * {
        if (dtype == nullptr || !FromOpaque(dtype)->dtype.is_timestamp()) {
            return nullptr;
        }
        auto zone = FromOpaque(dtype)->dtype.time_zone();
        return zone ? capi::NewString(*std::move(zone)) : nullptr;
    });
}

int vx_dtype_to_arrow_schema(const vx_dtype *dtype, FFI_ArrowSchema *schema, vx_error **err) {
    return capi::Guarded(err, 1, [&] {
        const api::DType &value = capi::Deref(dtype, "dtype").dtype;
        capi::Deref(schema, "schema");
        if (value.kind() != api::DTypeKind::Struct) {
            capi::Fail("only a struct dtype converts to an Arrow schema, not " + value.ToString());
        }
        if (value.nullable()) {
            capi::Fail("the struct of an Arrow schema must be non-nullable, not " + value.ToString());
        }
        capi::Check(value.ToArrowSchema(schema));
        return 0;
    });
}

const vx_dtype *vx_dtype_from_arrow_schema(FFI_ArrowSchema *schema, vx_error **err) {
    return capi::Guarded<const vx_dtype *>(err, nullptr, [&] {
        api::DType dtype = capi::Take(api::DType::FromArrowSchema(&capi::Deref(schema, "Arrow schema")));
        if (dtype.kind() != api::DTypeKind::Struct) {
            capi::Fail("an Arrow schema of a record batch (a struct) was expected, not " + dtype.ToString());
        }
        return NewDType(dtype.WithNullable(false));
    });
}

void vx_struct_fields_free(vx_struct_fields *ptr) {
    if (ptr != nullptr && !ptr->borrowed) {
        capi::DeleteHandle(ptr);
    }
}

uint64_t vx_struct_fields_nfields(const vx_struct_fields *dtype) {
    return dtype == nullptr ? 0 : dtype->names.size();
}

const vx_string *vx_struct_fields_field_name(const vx_struct_fields *dtype, size_t idx) {
    if (dtype == nullptr || idx >= dtype->names.size()) {
        return nullptr;
    }
    return &dtype->names[idx];
}

const vx_dtype *vx_struct_fields_field_dtype(const vx_struct_fields *dtype, size_t idx) {
    return capi::Quietly<const vx_dtype *>(nullptr, [&]() -> const vx_dtype * {
        if (dtype == nullptr || idx >= dtype->dtypes.size()) {
            return nullptr;
        }
        return NewDType(dtype->dtypes[idx]);
    });
}

vx_struct_fields_builder *vx_struct_fields_builder_new(void) {
    return capi::Quietly<vx_struct_fields_builder *>(
        nullptr, [] { return capi::NewHandle<vx_struct_fields_builder>(); });
}

void vx_struct_fields_builder_free(vx_struct_fields_builder *ptr) {
    capi::DeleteHandle(ptr);
}

void vx_struct_fields_builder_add_field(vx_struct_fields_builder *builder,
                                        const vx_string *name,
                                        const vx_dtype *dtype) {
    capi::Quietly(0, [&] {
        // Both are consumed, whatever happens.
        if (builder != nullptr && name != nullptr && dtype != nullptr) {
            builder->names.push_back(*name->bytes);
            builder->dtypes.push_back(dtype->dtype);
        }
        return 0;
    });
    vx_string_free(name);
    vx_dtype_free(dtype);
}

vx_struct_fields *vx_struct_fields_builder_finalize(vx_struct_fields_builder *builder) {
    std::unique_ptr<vx_struct_fields_builder> owned(builder);
    return capi::Quietly<vx_struct_fields *>(nullptr, [&]() -> vx_struct_fields * {
        if (owned == nullptr) {
            return nullptr;
        }
        auto fields = std::make_unique<vx_struct_fields>();
        for (size_t i = 0; i < owned->names.size(); ++i) {
            fields->names.push_back(vx_string{std::make_shared<const std::string>(owned->names[i]), true});
        }
        fields->dtypes = std::move(owned->dtypes);
        return fields.release();
    });
}

} // extern "C"
