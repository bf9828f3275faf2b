// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/list/list_array.h"

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/primitive/primitive_integers.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/format/array_metadata.pb.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

namespace {

std::vector<ArrayRef>
ListChildren(const ArrayRef &elements, const ArrayRef &offsets, const Validity &validity, size_t len) {
    std::vector<ArrayRef> children{elements, offsets};
    internal::AppendValidityChild(validity, len, children);
    return children;
}

} // namespace

// Spec: arrays-encodings 4.8: ListMetadata{elements_len, offset_ptype}; children [elements,
// offsets (len + 1), validity?].
Result<ArrayRef> ListEncoding::Build(const DType &dtype,
                                     size_t len,
                                     std::span<const uint8_t> metadata,
                                     std::vector<Buffer> buffers,
                                     const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_list(), Serde, "{}: dtype must be a list, got {}", kId, dtype);
    VX_ASSIGN_OR_RETURN(auto proto, internal::ParseProtoMetadata<vortex::array::ListMetadata>(kId, metadata));
    VX_ASSIGN_OR_RETURN(PType offset_ptype, internal::PTypeFromTag(kId, proto.offset_ptype()));
    VX_RETURN_NOT_OK(internal::EnsureIntPType(kId, "offset", offset_ptype));
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 2, 3));
    VX_ENSURE(len < SIZE_MAX && proto.elements_len() <= SIZE_MAX, Serde, "{}: length too large", kId);
    VX_ASSIGN_OR_RETURN(ArrayRef elements, children.Get(0, dtype.element_type(), proto.elements_len()));
    VX_ASSIGN_OR_RETURN(ArrayRef offsets,
                        children.Get(1, DType::Primitive(offset_ptype, Nullability::NonNullable), len + 1));
    VX_ASSIGN_OR_RETURN(Validity validity, internal::ValidityFromChildren(dtype, children, 2, len));
    VX_ASSIGN_OR_RETURN(auto array,
                        AsSerde(ListArray::TryMake(std::move(elements), offsets, std::move(validity))));
    return ArrayRef(std::move(array));
}

ListArray::ListArray(Token, DType dtype, ArrayRef elements, IntegerChild offsets, Validity validity)
    : Array(ListEncoding::Instance(),
            std::move(dtype),
            offsets.len() - 1,
            {},
            ListChildren(elements, offsets.stored(), validity, offsets.len() - 1)),
      elements_(std::move(elements)), offsets_(std::move(offsets)), validity_(std::move(validity)) {}

Result<std::shared_ptr<const ListArray>>
ListArray::TryMake(ArrayRef elements, const ArrayRef &offsets, Validity validity) {
    VX_ENSURE(elements && offsets, InvalidArgument, "list parts must not be null");
    VX_ASSIGN_OR_RETURN(IntegerChild lookup, IntegerChild::Make(offsets, "list offsets", false));
    VX_ENSURE(lookup.len() >= 1, InvalidArgument, "list offsets need at least one entry");
    const size_t len = lookup.len() - 1;
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, validity.nullability(), len));
    // A constant child has one distinct value: non-decreasing, and every list is empty.
    for (size_t i = 0; i + 1 < lookup.positions_to_check(); ++i) {
        VX_ENSURE(lookup.at(i) <= lookup.at(i + 1), InvalidArgument, "list offsets decrease at {}: {} > {}",
                  i, lookup.at(i), lookup.at(i + 1));
    }
    VX_ENSURE(lookup.at(len) <= elements->len(), InvalidArgument, "last list offset {} exceeds {} elements",
              lookup.at(len), elements->len());
    DType dtype = DType::List(elements->dtype(), validity.nullability());
    return std::make_shared<const ListArray>(Token{}, std::move(dtype), std::move(elements),
                                             std::move(lookup), std::move(validity));
}

std::shared_ptr<const ListArray>
ListArray::Make(ArrayRef elements, const ArrayRef &offsets, Validity validity) {
    auto result = TryMake(std::move(elements), offsets, std::move(validity));
    VX_CHECK_MSG(result.ok(), "{}", result.status());
    return std::move(result).ValueOrDie();
}

uint64_t ListArray::offset_at(size_t i) const {
    return offsets_.at(i);
}

Result<std::vector<uint8_t>> ListArray::SerializeMetadata() const {
    vortex::array::ListMetadata proto;
    proto.set_elements_len(elements_->len());
    proto.set_offset_ptype(static_cast<vortex::dtype::PType>(offsets()->dtype().ptype()));
    return internal::SerializeProtoMetadata(proto);
}

Result<ArrayRef> ListArray::ToCanonical() const {
    // Views: offsets[0..len) and sizes offsets[i+1] - offsets[i], in the offsets' ptype.
    VX_ASSIGN_OR_RETURN(ArrayRef starts, Slice(offsets(), 0, len()));
    const PType ptype = offsets()->dtype().ptype();
    if (offsets_.primitive() == nullptr) {
        // Constant offsets: every list is empty, so the sizes are a constant zero too.
        ArrayRef sizes = VisitIntPType(ptype, [&]<typename T>() -> ArrayRef {
            return ConstantArray::Make(Scalar::Primitive<T>(T{0}, Nullability::NonNullable), len());
        });
        VX_ASSIGN_OR_RETURN(auto view, ListViewArray::TryMake(elements_, starts, sizes, validity_));
        return ArrayRef(std::move(view));
    }
    const PrimitiveArray &primitive = *offsets_.primitive();
    Buffer sizes = VisitIntPType(ptype, [&]<typename T>() {
        auto values = primitive.values_as<T>();
        BufferMut out = BufferMut::Zeroed(len() * sizeof(T));
        for (size_t i = 0; i < len(); ++i) {
            out.data_as<T>()[i] = static_cast<T>(values[i + 1] - values[i]);
        }
        return std::move(out).Freeze();
    });
    VX_ASSIGN_OR_RETURN(auto view, ListViewArray::TryMake(
                                       elements_, starts,
                                       PrimitiveArray::Make(ptype, std::move(sizes), Validity::NonNullable()),
                                       validity_));
    return ArrayRef(std::move(view));
}

std::optional<Result<Scalar>> ListArray::ScalarAtImpl(size_t i) const {
    if (!is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    auto list = Slice(elements_, offset_at(i), offset_at(i + 1));
    if (!list.ok()) {
        return Result<Scalar>(list.status());
    }
    std::vector<Scalar> values;
    for (size_t k = 0; k < (*list)->len(); ++k) {
        auto value = ScalarAt(*list, k);
        if (!value.ok()) {
            return Result<Scalar>(value.status());
        }
        values.push_back(std::move(value).ValueOrDie());
    }
    return Result<Scalar>(Scalar::List(dtype(), std::move(values)));
}

std::optional<Result<ArrayRef>> ListArray::SliceImpl(size_t start, size_t stop) const {
    auto offsets = Slice(offsets_.array(), start, stop + 1);
    if (!offsets.ok()) {
        return Result<ArrayRef>(offsets.status());
    }
    auto lookup = IntegerChild::Adopt(*std::move(offsets));
    if (!lookup.ok()) {
        return Result<ArrayRef>(lookup.status());
    }
    return Result<ArrayRef>(std::make_shared<const ListArray>(Token{}, dtype(), elements_, *std::move(lookup),
                                                              validity_.Slice(start, stop)));
}

} // namespace vortex
