// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/cast.h"

#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/canonical.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

namespace {

Result<Validity> TargetValidity(const ArrayRef &array, Nullability nullability) {
    const Mask mask = array->validity_mask();
    if (nullability == Nullability::NonNullable) {
        VX_ENSURE(mask.all_true(), InvalidArgument, "cannot cast {} with {} nulls to non-nullable",
                  array->dtype(), mask.false_count());
        return Validity::NonNullable();
    }
    return Validity::FromMask(mask);
}

Result<ArrayRef> CastCanonical(const ArrayRef &canonical, const DType &target) {
    const DType &source = canonical->dtype();
    if (source.is_null()) {
        VX_ENSURE(target.is_nullable() || canonical->empty(), InvalidArgument, "cannot cast nulls to {}",
                  target);
        if (target.is_nullable()) {
            return ConstantArray::Make(Scalar::Null(target), canonical->len())->ToCanonical();
        }
        return EmptyArray(target);
    }
    VX_ASSIGN_OR_RETURN(Validity validity, TargetValidity(canonical, target.nullability()));
    if (source.EqualsIgnoringNullability(target)) {
        return WithValidity(canonical, validity);
    }
    if (auto a = As<StructArray>(canonical); a && target.is_struct()) {
        const StructFields &fields = target.struct_fields();
        VX_ENSURE(fields.size() == a->nfields(), InvalidArgument, "cannot cast {} to {}", source, target);
        std::vector<ArrayRef> out;
        for (size_t k = 0; k < fields.size(); ++k) {
            VX_ASSIGN_OR_RETURN(ArrayRef field, Cast(a->field(k), fields.dtypes[k]));
            out.push_back(std::move(field));
        }
        VX_ASSIGN_OR_RETURN(auto result, StructArray::TryMake(target, std::move(out), a->len(), validity));
        return ArrayRef(std::move(result));
    }
    if (auto a = As<ListViewArray>(canonical); a && target.is_list()) {
        VX_ASSIGN_OR_RETURN(ArrayRef elements, Cast(a->elements(), target.element_type()));
        VX_ASSIGN_OR_RETURN(auto result,
                            ListViewArray::TryMake(elements, a->offsets(), a->sizes(), validity));
        return ArrayRef(std::move(result));
    }
    if (auto a = As<FixedSizeListArray>(canonical);
        a && target.is_fixed_size_list() && target.list_size() == a->list_size()) {
        VX_ASSIGN_OR_RETURN(ArrayRef elements, Cast(a->elements(), target.element_type()));
        VX_ASSIGN_OR_RETURN(auto result,
                            FixedSizeListArray::TryMake(elements, a->list_size(), a->len(), validity));
        return ArrayRef(std::move(result));
    }
    if (auto a = As<ExtensionArray>(canonical); a && target == source.extension().storage) {
        return a->storage();
    }
    if (target.is_extension() && source == target.extension().storage) {
        VX_ASSIGN_OR_RETURN(auto result, ExtensionArray::TryMake(target, canonical));
        return ArrayRef(std::move(result));
    }
    return Status::InvalidArgument("cannot cast {} to {}", source, target);
}

} // namespace

Result<ArrayRef> Cast(const ArrayRef &array, const DType &dtype) {
    if (array->dtype() == dtype) {
        return array;
    }
    if (auto out = array->CastImpl(dtype)) {
        return *std::move(out);
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    if (auto out = canonical->CastImpl(dtype)) {
        return *std::move(out);
    }
    return CastCanonical(canonical, dtype);
}

} // namespace vortex
