// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/testing/array_from_scalars.h"

#include <string>
#include <utility>

#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/null/null_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/builder/array_builder.h"
#include "vortex/array/compute/scalar_at.h"

namespace vortex {
namespace {

// Widens a Result of a concrete array to a Result<ArrayRef>.
template <typename T>
Result<ArrayRef> Widen(Result<std::shared_ptr<const T>> result) {
    VX_ASSIGN_OR_RETURN(auto array, std::move(result));
    return ArrayRef(std::move(array));
}

Result<ArrayRef>
StructFromScalars(const DType &dtype, const std::vector<Scalar> &scalars, Validity validity) {
    const StructFields &fields = dtype.struct_fields();
    std::vector<ArrayRef> field_arrays;
    for (size_t f = 0; f < fields.size(); ++f) {
        std::vector<Scalar> column;
        column.reserve(scalars.size());
        for (const Scalar &s : scalars) {
            column.push_back(s.is_null() ? DefaultScalar(fields.dtypes[f]) : s.elements()[f]);
        }
        VX_ASSIGN_OR_RETURN(auto field, ArrayFromScalars(fields.dtypes[f], column));
        field_arrays.push_back(std::move(field));
    }
    return Widen(StructArray::TryMake(dtype, std::move(field_arrays), scalars.size(), std::move(validity)));
}

Result<ArrayRef> ListFromScalars(const DType &dtype, const std::vector<Scalar> &scalars, Validity validity) {
    std::vector<Scalar> elements;
    std::vector<uint64_t> offsets;
    std::vector<uint64_t> sizes;
    for (const Scalar &s : scalars) {
        offsets.push_back(elements.size());
        const size_t size = s.is_null() ? 0 : s.elements().size();
        sizes.push_back(size);
        for (size_t k = 0; k < size; ++k) {
            elements.push_back(s.elements()[k]);
        }
    }
    VX_ASSIGN_OR_RETURN(auto element_array, ArrayFromScalars(dtype.element_type(), elements));
    return Widen(ListViewArray::TryMake(std::move(element_array), PrimitiveArray::FromValues(offsets),
                                        PrimitiveArray::FromValues(sizes), std::move(validity)));
}

Result<ArrayRef>
FixedSizeListFromScalars(const DType &dtype, const std::vector<Scalar> &scalars, Validity validity) {
    std::vector<Scalar> elements;
    const DType &element_dtype = dtype.element_type();
    for (const Scalar &s : scalars) {
        for (uint32_t k = 0; k < dtype.list_size(); ++k) {
            elements.push_back(s.is_null() ? DefaultScalar(element_dtype) : s.elements()[k]);
        }
    }
    VX_ASSIGN_OR_RETURN(auto element_array, ArrayFromScalars(element_dtype, elements));
    return Widen(FixedSizeListArray::TryMake(std::move(element_array), dtype.list_size(), scalars.size(),
                                             std::move(validity)));
}

Result<ArrayRef> ExtensionFromScalars(const DType &dtype, const std::vector<Scalar> &scalars) {
    const DType &storage_dtype = dtype.extension().storage;
    std::vector<Scalar> storage;
    storage.reserve(scalars.size());
    for (const Scalar &s : scalars) {
        storage.push_back(s.is_null() ? Scalar::Null(storage_dtype) : s.StorageScalar());
    }
    VX_ASSIGN_OR_RETURN(auto storage_array, ArrayFromScalars(storage_dtype, storage));
    return Widen(ExtensionArray::TryMake(dtype, std::move(storage_array)));
}

} // namespace

Result<ArrayRef> ArrayFromScalars(const DType &dtype, const std::vector<Scalar> &scalars) {
    std::vector<bool> valid(scalars.size());
    for (size_t i = 0; i < scalars.size(); ++i) {
        const Scalar &s = scalars[i];
        VX_ENSURE(s.dtype().EqualsIgnoringNullability(dtype), MismatchedTypes,
                  "scalar {} has dtype {}, expected {}", i, s.dtype(), dtype);
        VX_ENSURE(!s.is_null() || dtype.is_nullable(), InvalidArgument, "null scalar {} for non-nullable {}",
                  i, dtype);
        valid[i] = !s.is_null();
    }
    if (dtype.is_null()) {
        return ArrayRef(NullArray::Make(scalars.size()));
    }
    Validity validity =
        dtype.is_nullable() ? Validity::FromBits(BitBuffer::FromBools(valid)) : Validity::NonNullable();
    switch (dtype.kind()) {
        case DTypeKind::Struct:
            return StructFromScalars(dtype, scalars, std::move(validity));
        case DTypeKind::List:
            return ListFromScalars(dtype, scalars, std::move(validity));
        case DTypeKind::FixedSizeList:
            return FixedSizeListFromScalars(dtype, scalars, std::move(validity));
        case DTypeKind::Extension:
            return ExtensionFromScalars(dtype, scalars);
        default:
            break;
    }
    VX_ASSIGN_OR_RETURN(auto builder, MakeBuilder(dtype));
    for (const Scalar &s : scalars) {
        VX_RETURN_NOT_OK(builder->AppendScalar(s));
    }
    return builder->Finish();
}

Result<std::vector<Scalar>> ArrayToScalars(const ArrayRef &array) {
    std::vector<Scalar> scalars;
    scalars.reserve(array->len());
    for (size_t i = 0; i < array->len(); ++i) {
        VX_ASSIGN_OR_RETURN(auto s, ScalarAt(array, i));
        scalars.push_back(std::move(s));
    }
    return scalars;
}

Scalar DefaultScalar(const DType &dtype) {
    const Nullability n = dtype.nullability();
    switch (dtype.kind()) {
        case DTypeKind::Null:
            return Scalar();
        case DTypeKind::Bool:
            return Scalar::Bool(false, n);
        case DTypeKind::Primitive:
            return VisitPType(dtype.ptype(), [&]<typename T>() { return Scalar::Primitive<T>(T{}, n); });
        case DTypeKind::Decimal:
            return Scalar::Decimal(I256{}, MinDecimalTypeForPrecision(dtype.decimal().precision), dtype);
        case DTypeKind::Utf8:
            return Scalar::Utf8(std::string(), n);
        case DTypeKind::Binary:
            return Scalar::Binary({}, n);
        case DTypeKind::Struct: {
            std::vector<Scalar> fields;
            for (const DType &field : dtype.struct_fields().dtypes) {
                fields.push_back(DefaultScalar(field));
            }
            return Scalar::Struct(dtype, std::move(fields));
        }
        case DTypeKind::List:
            return Scalar::List(dtype, {});
        case DTypeKind::FixedSizeList:
            return Scalar::List(dtype,
                                std::vector<Scalar>(dtype.list_size(), DefaultScalar(dtype.element_type())));
        case DTypeKind::Extension:
            return Scalar::Extension(dtype, DefaultScalar(dtype.extension().storage));
    }
    return Scalar();
}

} // namespace vortex
