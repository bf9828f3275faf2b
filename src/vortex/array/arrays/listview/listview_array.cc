// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/listview/listview_array.h"

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_integers.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/format/array_metadata.pb.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

namespace {

std::vector<ArrayRef> ListViewChildren(const ArrayRef &elements,
                                       const ArrayRef &offsets,
                                       const ArrayRef &sizes,
                                       const Validity &validity,
                                       size_t len) {
    std::vector<ArrayRef> children{elements, offsets, sizes};
    internal::AppendValidityChild(validity, len, children);
    return children;
}

ArrayRef PositionsArray(std::span<const size_t> positions) {
    std::vector<uint64_t> raw(positions.begin(), positions.end());
    return PrimitiveArray::FromValues(raw);
}

} // namespace

// Spec: arrays-encodings 4.9: ListViewMetadata{elements_len, offset_ptype, size_ptype};
// children [elements, offsets (len), sizes (len), validity?].
Result<ArrayRef> ListViewEncoding::Build(const DType &dtype,
                                         size_t len,
                                         std::span<const uint8_t> metadata,
                                         std::vector<Buffer> buffers,
                                         const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_list(), Serde, "{}: dtype must be a list, got {}", kId, dtype);
    VX_ASSIGN_OR_RETURN(auto proto,
                        internal::ParseProtoMetadata<vortex::array::ListViewMetadata>(kId, metadata));
    VX_ASSIGN_OR_RETURN(PType offset_ptype, internal::PTypeFromTag(kId, proto.offset_ptype()));
    VX_ASSIGN_OR_RETURN(PType size_ptype, internal::PTypeFromTag(kId, proto.size_ptype()));
    VX_RETURN_NOT_OK(internal::EnsureIntPType(kId, "offset", offset_ptype));
    VX_RETURN_NOT_OK(internal::EnsureIntPType(kId, "size", size_ptype));
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, 3, 4));
    VX_ENSURE(proto.elements_len() <= SIZE_MAX, Serde, "{}: elements_len too large", kId);
    VX_ASSIGN_OR_RETURN(ArrayRef elements, children.Get(0, dtype.element_type(), proto.elements_len()));
    VX_ASSIGN_OR_RETURN(ArrayRef offsets,
                        children.Get(1, DType::Primitive(offset_ptype, Nullability::NonNullable), len));
    VX_ASSIGN_OR_RETURN(ArrayRef sizes,
                        children.Get(2, DType::Primitive(size_ptype, Nullability::NonNullable), len));
    VX_ASSIGN_OR_RETURN(Validity validity, internal::ValidityFromChildren(dtype, children, 3, len));
    VX_ASSIGN_OR_RETURN(auto array, AsSerde(ListViewArray::TryMake(std::move(elements), offsets, sizes,
                                                                   std::move(validity))));
    return ArrayRef(std::move(array));
}

ListViewArray::ListViewArray(
    Token, DType dtype, ArrayRef elements, IntegerChild offsets, IntegerChild sizes, Validity validity)
    : Array(ListViewEncoding::Instance(),
            std::move(dtype),
            offsets.len(),
            {},
            ListViewChildren(elements, offsets.stored(), sizes.stored(), validity, offsets.len())),
      elements_(std::move(elements)), offsets_(std::move(offsets)), sizes_(std::move(sizes)),
      validity_(std::move(validity)) {}

Result<std::shared_ptr<const ListViewArray>>
ListViewArray::TryMake(ArrayRef elements, const ArrayRef &offsets, const ArrayRef &sizes, Validity validity) {
    VX_ENSURE(elements && offsets && sizes, InvalidArgument, "list view parts must not be null");
    const size_t len = offsets->len();
    VX_ENSURE(sizes->len() == len, InvalidArgument, "list view has {} offsets but {} sizes", len,
              sizes->len());
    VX_ASSIGN_OR_RETURN(IntegerChild offset_lookup, IntegerChild::Make(offsets, "list view offsets", false));
    VX_ASSIGN_OR_RETURN(IntegerChild size_lookup, IntegerChild::Make(sizes, "list view sizes", false));
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, validity.nullability(), len));
    // Two constant children describe one view; otherwise every view is checked.
    const size_t checked = std::max(offset_lookup.positions_to_check(), size_lookup.positions_to_check());
    for (size_t i = 0; i < checked; ++i) {
        const uint64_t offset = offset_lookup.at(i);
        const uint64_t size = size_lookup.at(i);
        VX_ENSURE(offset <= elements->len() && size <= elements->len() - offset, InvalidArgument,
                  "list {}: view [{}, +{}) outside {} elements", i, offset, size, elements->len());
    }
    DType dtype = DType::List(elements->dtype(), validity.nullability());
    return std::make_shared<const ListViewArray>(Token{}, std::move(dtype), std::move(elements),
                                                 std::move(offset_lookup), std::move(size_lookup),
                                                 std::move(validity));
}

std::shared_ptr<const ListViewArray>
ListViewArray::Make(ArrayRef elements, const ArrayRef &offsets, const ArrayRef &sizes, Validity validity) {
    auto result = TryMake(std::move(elements), offsets, sizes, std::move(validity));
    VX_CHECK_MSG(result.ok(), "{}", result.status());
    return std::move(result).ValueOrDie();
}

uint64_t ListViewArray::offset_at(size_t i) const {
    return offsets_.at(i);
}

uint64_t ListViewArray::size_at(size_t i) const {
    return sizes_.at(i);
}

Result<ArrayRef>
ListViewArray::WithViews(Result<ArrayRef> offsets, Result<ArrayRef> sizes, Validity validity) const {
    VX_ASSIGN_OR_RETURN(ArrayRef offsets_out, std::move(offsets));
    VX_ASSIGN_OR_RETURN(ArrayRef sizes_out, std::move(sizes));
    VX_ASSIGN_OR_RETURN(IntegerChild offset_lookup, IntegerChild::Adopt(std::move(offsets_out)));
    VX_ASSIGN_OR_RETURN(IntegerChild size_lookup, IntegerChild::Adopt(std::move(sizes_out)));
    return ArrayRef(std::make_shared<const ListViewArray>(
        Token{}, dtype().WithNullability(validity.nullability()), elements_, std::move(offset_lookup),
        std::move(size_lookup), std::move(validity)));
}

Result<ArrayRef> ListViewArray::list_at(size_t i) const {
    const uint64_t offset = offset_at(i);
    return Slice(elements_, offset, offset + size_at(i));
}

Result<std::vector<uint8_t>> ListViewArray::SerializeMetadata() const {
    vortex::array::ListViewMetadata proto;
    proto.set_elements_len(elements_->len());
    proto.set_offset_ptype(static_cast<vortex::dtype::PType>(offsets()->dtype().ptype()));
    proto.set_size_ptype(static_cast<vortex::dtype::PType>(sizes()->dtype().ptype()));
    return internal::SerializeProtoMetadata(proto);
}

std::optional<Result<Scalar>> ListViewArray::ScalarAtImpl(size_t i) const {
    if (!is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    auto list = list_at(i);
    if (!list.ok()) {
        return Result<Scalar>(list.status());
    }
    std::vector<Scalar> values;
    values.reserve((*list)->len());
    for (size_t k = 0; k < (*list)->len(); ++k) {
        auto value = ScalarAt(*list, k);
        if (!value.ok()) {
            return Result<Scalar>(value.status());
        }
        values.push_back(std::move(value).ValueOrDie());
    }
    return Result<Scalar>(Scalar::List(dtype(), std::move(values)));
}

std::optional<Result<ArrayRef>> ListViewArray::SliceImpl(size_t start, size_t stop) const {
    return WithViews(Slice(offsets(), start, stop), Slice(sizes(), start, stop),
                     validity_.Slice(start, stop));
}

std::optional<Result<ArrayRef>> ListViewArray::FilterImpl(const Mask &mask) const {
    return WithViews(Filter(offsets(), mask), Filter(sizes(), mask), validity_.Filter(mask));
}

std::optional<Result<ArrayRef>> ListViewArray::TakeImpl(const ArrayRef &indices) const {
    auto decoded = DecodeTakeIndices(indices, len());
    if (!decoded.ok()) {
        return Result<ArrayRef>(decoded.status());
    }
    const ArrayRef positions = PositionsArray(decoded->positions);
    return WithViews(Take(offsets(), positions), Take(sizes(), positions),
                     TakeValidity(validity_, *decoded, indices->dtype().is_nullable()));
}

} // namespace vortex
