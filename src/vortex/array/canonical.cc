// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/canonical.h"

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/list/list_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/masked/masked_array.h"
#include "vortex/array/arrays/null/null_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbin/varbin_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/builder/array_builder.h"
#include "vortex/session/session.h"

namespace vortex {

Result<ArrayRef> Canonicalize(const ArrayRef &array) {
    VX_ENSURE(array != nullptr, InvalidArgument, "cannot canonicalize a null array");
    if (array->is_canonical()) {
        return array;
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, array->ToCanonical());
    VX_ENSURE(canonical != nullptr && canonical->is_canonical(), Internal,
              "{} produced a non-canonical array", array->encoding_id());
    VX_ENSURE(canonical->dtype() == array->dtype(), Internal, "{} canonicalized {} to {}",
              array->encoding_id(), array->dtype(), canonical->dtype());
    VX_ENSURE(canonical->len() == array->len(), Internal, "{} canonicalized {} rows to {}",
              array->encoding_id(), array->len(), canonical->len());
    return canonical;
}

Result<ArrayRef> WithValidity(const ArrayRef &canonical, const Validity &validity) {
    const Nullability n = validity.nullability();
    const size_t len = canonical->len();
    if (As<NullArray>(*canonical) != nullptr) {
        VX_ENSURE(validity.kind() == Validity::Kind::AllInvalid || len == 0, InvalidArgument,
                  "a null array can only be all invalid");
        return canonical;
    }
    if (auto a = As<BoolArray>(canonical)) {
        VX_ASSIGN_OR_RETURN(auto out, BoolArray::TryMake(a->bits(), validity));
        return ArrayRef(std::move(out));
    }
    if (auto a = As<PrimitiveArray>(canonical)) {
        VX_ASSIGN_OR_RETURN(auto out, PrimitiveArray::TryMake(a->ptype(), a->values(), validity));
        return ArrayRef(std::move(out));
    }
    if (auto a = As<DecimalArray>(canonical)) {
        VX_ASSIGN_OR_RETURN(
            auto out, DecimalArray::TryMake(a->decimal_dtype(), a->values_type(), a->values(), validity));
        return ArrayRef(std::move(out));
    }
    if (auto a = As<VarBinViewArray>(canonical)) {
        VX_ASSIGN_OR_RETURN(auto out, VarBinViewArray::TryMake(a->dtype().WithNullability(n), a->views(),
                                                               a->data_buffers(), validity));
        return ArrayRef(std::move(out));
    }
    if (auto a = As<StructArray>(canonical)) {
        VX_ASSIGN_OR_RETURN(auto out,
                            StructArray::TryMake(a->dtype().WithNullability(n), a->fields(), len, validity));
        return ArrayRef(std::move(out));
    }
    if (auto a = As<ListViewArray>(canonical)) {
        VX_ASSIGN_OR_RETURN(auto out,
                            ListViewArray::TryMake(a->elements(), a->offsets(), a->sizes(), validity));
        return ArrayRef(std::move(out));
    }
    if (auto a = As<FixedSizeListArray>(canonical)) {
        VX_ASSIGN_OR_RETURN(auto out,
                            FixedSizeListArray::TryMake(a->elements(), a->list_size(), len, validity));
        return ArrayRef(std::move(out));
    }
    if (auto a = As<ExtensionArray>(canonical)) {
        VX_ASSIGN_OR_RETURN(ArrayRef storage, Canonicalize(a->storage()));
        VX_ASSIGN_OR_RETURN(storage, WithValidity(storage, validity));
        const ExtDType &ext = a->dtype().extension();
        VX_ASSIGN_OR_RETURN(auto out, ExtensionArray::TryMake(
                                          DType::Extension(ext.id, storage->dtype(), ext.metadata), storage));
        return ArrayRef(std::move(out));
    }
    return Status::NotImplemented("WithValidity on {}", canonical->encoding_id());
}

ArrayRef EmptyArray(const DType &dtype) {
    auto builder = MakeBuilder(dtype);
    VX_CHECK_MSG(builder.ok(), "no builder for {}: {}", dtype, builder.status());
    return (*builder)->Finish();
}

Status RegisterCanonicalEncodings(SessionBuilder &builder) {
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(NullEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(BoolEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(PrimitiveEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(DecimalEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(VarBinViewEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(VarBinEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(StructEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(ListEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(ListViewEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(FixedSizeListEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(ExtensionEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(ChunkedEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(ConstantEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(DictEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(MaskedEncoding::Instance())));
    return Status::OK();
}

} // namespace vortex
