// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/builder/list_builder.h"

#include <algorithm>
#include <vector>

#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/builder/struct_builder.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/base/endian.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

Result<std::unique_ptr<ListBuilder>> ListBuilder::Make(DType dtype, const BuilderOptions &options) {
    VX_ENSURE(dtype.is_list(), InvalidArgument, "ListBuilder needs a list dtype, got {}", dtype);
    VX_ASSIGN_OR_RETURN(auto elements, MakeBuilder(dtype.element_type(), options));
    return std::unique_ptr<ListBuilder>(
        new ListBuilder(std::move(dtype), std::move(elements), !options.share_buffers));
}

ListBuilder::ListBuilder(DType dtype, std::unique_ptr<ArrayBuilder> elements, bool compact)
    : dtype_(std::move(dtype)), elements_(std::move(elements)), validity_(dtype_.nullability()),
      compact_(compact) {}

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
    VX_ASSIGN_OR_RETURN(const bool appended_null, AppendIfNull(scalar));
    if (appended_null) {
        return Status::OK();
    }
    for (const Scalar &element : scalar.elements()) {
        VX_RETURN_NOT_OK(elements_->AppendScalar(element));
    }
    CloseList();
    return Status::OK();
}

Status ListBuilder::AppendArray(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, CanonicalForAppend(array));
    VX_ASSIGN_OR_RETURN(auto lists, CanonicalAs<ListViewArray>(canonical));
    VX_DCHECK_EQ(list_start_, elements_->len()); // no list left open by the typed API
    const size_t count = lists->len();
    const Validity &validity = lists->validity();
    // Read per view: the offsets and sizes may be constants that must not be expanded.
    std::vector<uint64_t> offsets(count);
    std::vector<uint64_t> sizes(count);
    for (size_t i = 0; i < count; ++i) {
        offsets[i] = lists->offset_at(i);
        sizes[i] = lists->size_at(i);
    }
    // The valid non-empty lists: are they in order without overlaps, and how many elements
    // lie between the first and the last?
    bool ordered = true;
    bool any = false;
    uint64_t span_start = 0;
    uint64_t span_end = 0;
    uint64_t referenced = 0;
    for (size_t i = 0; i < count; ++i) {
        if (sizes[i] == 0 || !validity.is_valid(i)) {
            continue;
        }
        if (!any) {
            span_start = offsets[i];
            any = true;
        } else if (offsets[i] < span_end) {
            ordered = false;
        }
        span_end = std::max(span_end, offsets[i] + sizes[i]);
        referenced += sizes[i];
    }
    const uint64_t base = elements_->len();
    // A compact builder takes the span only when it holds nothing but referenced elements,
    // so its output does not depend on what lay between the lists of its input.
    const bool one_slice =
        ordered && (compact_ ? span_end - span_start == referenced : span_end - span_start <= 2 * referenced);
    if (any && one_slice) {
        VX_ASSIGN_OR_RETURN(ArrayRef slice, Slice(lists->elements(), span_start, span_end));
        VX_RETURN_NOT_OK(elements_->AppendArray(slice));
    } else if (any) {
        BufferMut indices;
        indices.Reserve(referenced * sizeof(uint64_t));
        for (size_t i = 0; i < count; ++i) {
            if (validity.is_valid(i)) {
                for (uint64_t k = offsets[i]; k < offsets[i] + sizes[i]; ++k) {
                    indices.Push(k);
                }
            }
        }
        VX_ASSIGN_OR_RETURN(ArrayRef taken, Take(lists->elements(),
                                                 PrimitiveArray::Make(PType::U64, std::move(indices).Freeze(),
                                                                      Validity::NonNullable())));
        VX_RETURN_NOT_OK(elements_->AppendArray(taken));
    }
    // New views: empty and null lists sit where the previous list ended, with size 0.
    const size_t at = offsets_.size();
    offsets_.Resize(at + count * sizeof(uint64_t));
    sizes_.Resize(at + count * sizeof(uint64_t));
    uint8_t *out_offsets = offsets_.data() + at;
    uint8_t *out_sizes = sizes_.data() + at;
    uint64_t cursor = base;
    for (size_t i = 0; i < count; ++i) {
        uint64_t offset = cursor;
        uint64_t size = 0;
        if (sizes[i] > 0 && validity.is_valid(i)) {
            offset = one_slice ? base + (offsets[i] - span_start) : cursor;
            size = sizes[i];
            cursor = offset + size;
        }
        StoreLittleEndian(out_offsets + i * sizeof(uint64_t), offset);
        StoreLittleEndian(out_sizes + i * sizeof(uint64_t), size);
    }
    list_start_ = elements_->len();
    validity_.AppendValidity(validity, count);
    return Status::OK();
}

ArrayRef ListBuilder::Finish() {
    ArrayRef offsets =
        PrimitiveArray::Make(PType::U64, std::move(offsets_).Freeze(), Validity::NonNullable());
    ArrayRef sizes = PrimitiveArray::Make(PType::U64, std::move(sizes_).Freeze(), Validity::NonNullable());
    offsets_ = BufferMut();
    sizes_ = BufferMut();
    list_start_ = 0;
    ArrayRef out = ListViewArray::Make(elements_->Finish(), offsets, sizes, validity_.Finish());
    return out;
}

Result<std::unique_ptr<FixedSizeListBuilder>> FixedSizeListBuilder::Make(DType dtype,
                                                                         const BuilderOptions &options) {
    VX_ENSURE(dtype.is_fixed_size_list(), InvalidArgument,
              "FixedSizeListBuilder needs a fixed-size list, got {}", dtype);
    VX_ASSIGN_OR_RETURN(auto elements, MakeBuilder(dtype.element_type(), options));
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
    VX_ASSIGN_OR_RETURN(const bool appended_null, AppendIfNull(scalar));
    if (appended_null) {
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

Status FixedSizeListBuilder::AppendArray(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, CanonicalForAppend(array));
    VX_ASSIGN_OR_RETURN(auto lists, CanonicalAs<FixedSizeListArray>(canonical));
    // The elements hold exactly len * list_size values, those under null lists included.
    VX_RETURN_NOT_OK(elements_->AppendArray(lists->elements()));
    validity_.AppendValidity(lists->validity(), lists->len());
    return Status::OK();
}

ArrayRef FixedSizeListBuilder::Finish() {
    const size_t len = validity_.len();
    return FixedSizeListArray::Make(elements_->Finish(), list_size(), len, validity_.Finish());
}

Result<std::unique_ptr<ExtensionBuilder>> ExtensionBuilder::Make(DType dtype, const BuilderOptions &options) {
    VX_ENSURE(dtype.is_extension(), InvalidArgument, "ExtensionBuilder needs an extension dtype, got {}",
              dtype);
    VX_ASSIGN_OR_RETURN(auto storage, MakeBuilder(dtype.extension().storage, options));
    return std::unique_ptr<ExtensionBuilder>(new ExtensionBuilder(std::move(dtype), std::move(storage)));
}

ExtensionBuilder::ExtensionBuilder(DType dtype, std::unique_ptr<ArrayBuilder> storage)
    : dtype_(std::move(dtype)), storage_(std::move(storage)) {}

Status ExtensionBuilder::AppendScalar(const Scalar &scalar) {
    VX_ENSURE(scalar.dtype().EqualsIgnoringNullability(dtype_), MismatchedTypes,
              "cannot append {} to a {} builder", scalar.dtype(), dtype_);
    return storage_->AppendScalar(scalar.StorageScalar());
}

Status ExtensionBuilder::AppendArray(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, CanonicalForAppend(array));
    VX_ASSIGN_OR_RETURN(auto extension, CanonicalAs<ExtensionArray>(canonical));
    return storage_->AppendArray(extension->storage());
}

ArrayRef ExtensionBuilder::Finish() {
    return ExtensionArray::Make(dtype_, storage_->Finish());
}

} // namespace vortex
