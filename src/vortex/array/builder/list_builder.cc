// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/builder/list_builder.h"

#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/builder/struct_builder.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

Result<std::unique_ptr<ListBuilder>> ListBuilder::Make(DType dtype) {
    VX_ENSURE(dtype.is_list(), InvalidArgument, "ListBuilder needs a list dtype, got {}", dtype);
    VX_ASSIGN_OR_RETURN(auto elements, MakeBuilder(dtype.element_type()));
    return std::unique_ptr<ListBuilder>(new ListBuilder(std::move(dtype), std::move(elements)));
}

ListBuilder::ListBuilder(DType dtype, std::unique_ptr<ArrayBuilder> elements)
    : dtype_(std::move(dtype)), elements_(std::move(elements)), validity_(dtype_.nullability()) {}

void ListBuilder::CloseList() {
    const uint64_t end = elements_->len();
    offsets_.Push(list_start_);
    sizes_.Push(end - list_start_);
    list_start_ = end;
    validity_.AppendValid();
}

void ListBuilder::AppendNull() {
    const uint64_t end = elements_->len();
    offsets_.Push(list_start_);
    sizes_.Push(end - list_start_);
    list_start_ = end;
    validity_.AppendNull();
}

Status ListBuilder::AppendScalar(const Scalar &scalar) {
    VX_ENSURE(scalar.dtype().EqualsIgnoringNullability(dtype_), MismatchedTypes,
              "cannot append {} to a {} builder", scalar.dtype(), dtype_);
    if (scalar.is_null()) {
        VX_ENSURE(dtype_.is_nullable(), InvalidArgument, "cannot append null to a non-nullable builder");
        AppendNull();
        return Status::OK();
    }
    for (const Scalar &element : scalar.elements()) {
        VX_RETURN_NOT_OK(elements_->AppendScalar(element));
    }
    CloseList();
    return Status::OK();
}

ArrayRef ListBuilder::Finish() {
    ArrayRef offsets =
        PrimitiveArray::Make(PType::U64, std::move(offsets_).Freeze(), Validity::NonNullable());
    ArrayRef sizes = PrimitiveArray::Make(PType::U64, std::move(sizes_).Freeze(), Validity::NonNullable());
    offsets_ = BufferMut();
    sizes_ = BufferMut();
    list_start_ = 0;
    ArrayRef out =
        ListViewArray::Make(elements_->Finish(), std::move(offsets), std::move(sizes), validity_.Finish());
    return out;
}

Result<std::unique_ptr<FixedSizeListBuilder>> FixedSizeListBuilder::Make(DType dtype) {
    VX_ENSURE(dtype.is_fixed_size_list(), InvalidArgument,
              "FixedSizeListBuilder needs a fixed-size list, got {}", dtype);
    VX_ASSIGN_OR_RETURN(auto elements, MakeBuilder(dtype.element_type()));
    return std::unique_ptr<FixedSizeListBuilder>(
        new FixedSizeListBuilder(std::move(dtype), std::move(elements)));
}

FixedSizeListBuilder::FixedSizeListBuilder(DType dtype, std::unique_ptr<ArrayBuilder> elements)
    : dtype_(std::move(dtype)), elements_(std::move(elements)), validity_(dtype_.nullability()) {}

void FixedSizeListBuilder::AppendNull() {
    validity_.AppendNull();
    for (uint32_t k = 0; k < list_size(); ++k) {
        const Status status = AppendDefault(*elements_);
        VX_CHECK_MSG(status.ok(), "{}", status);
    }
}

Status FixedSizeListBuilder::AppendScalar(const Scalar &scalar) {
    VX_ENSURE(scalar.dtype().EqualsIgnoringNullability(dtype_), MismatchedTypes,
              "cannot append {} to a {} builder", scalar.dtype(), dtype_);
    if (scalar.is_null()) {
        VX_ENSURE(dtype_.is_nullable(), InvalidArgument, "cannot append null to a non-nullable builder");
        AppendNull();
        return Status::OK();
    }
    VX_ENSURE(scalar.elements().size() == list_size(), InvalidArgument,
              "list scalar has {} elements, expected {}", scalar.elements().size(), list_size());
    for (const Scalar &element : scalar.elements()) {
        VX_RETURN_NOT_OK(elements_->AppendScalar(element));
    }
    validity_.AppendValid();
    return Status::OK();
}

ArrayRef FixedSizeListBuilder::Finish() {
    const size_t len = validity_.len();
    return FixedSizeListArray::Make(elements_->Finish(), list_size(), len, validity_.Finish());
}

Result<std::unique_ptr<ExtensionBuilder>> ExtensionBuilder::Make(DType dtype) {
    VX_ENSURE(dtype.is_extension(), InvalidArgument, "ExtensionBuilder needs an extension dtype, got {}",
              dtype);
    VX_ASSIGN_OR_RETURN(auto storage, MakeBuilder(dtype.extension().storage));
    return std::unique_ptr<ExtensionBuilder>(new ExtensionBuilder(std::move(dtype), std::move(storage)));
}

ExtensionBuilder::ExtensionBuilder(DType dtype, std::unique_ptr<ArrayBuilder> storage)
    : dtype_(std::move(dtype)), storage_(std::move(storage)) {}

Status ExtensionBuilder::AppendScalar(const Scalar &scalar) {
    VX_ENSURE(scalar.dtype().EqualsIgnoringNullability(dtype_), MismatchedTypes,
              "cannot append {} to a {} builder", scalar.dtype(), dtype_);
    return storage_->AppendScalar(scalar.StorageScalar());
}

ArrayRef ExtensionBuilder::Finish() {
    return ExtensionArray::Make(dtype_, storage_->Finish());
}

} // namespace vortex
