// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/struct/struct_array.h"

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compare.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

namespace {

std::vector<ArrayRef>
StructChildren(const std::vector<ArrayRef> &fields, const Validity &validity, size_t len) {
    // Spec: arrays-encodings 4.7: the validity, when stored, is child 0.
    std::vector<ArrayRef> children;
    internal::AppendValidityChild(validity, len, children);
    children.insert(children.end(), fields.begin(), fields.end());
    return children;
}

} // namespace

Result<ArrayRef> StructEncoding::Build(const DType &dtype,
                                       size_t len,
                                       std::span<const uint8_t> metadata,
                                       std::vector<Buffer> buffers,
                                       const ArrayChildren &children) const {
    VX_ENSURE(dtype.is_struct(), Serde, "{}: dtype must be a struct, got {}", kId, dtype);
    VX_RETURN_NOT_OK(internal::EnsureEmptyMetadata(kId, metadata));
    VX_RETURN_NOT_OK(internal::EnsureBufferCount(kId, buffers, 0));
    const StructFields &fields = dtype.struct_fields();
    VX_RETURN_NOT_OK(internal::EnsureChildCount(kId, children, fields.size(), fields.size() + 1));
    const bool has_validity = children.size() == fields.size() + 1;
    Validity validity = Validity::From(dtype.nullability());
    if (has_validity) {
        VX_ASSIGN_OR_RETURN(validity, internal::ValidityFromChildren(dtype, children, 0, len));
    }
    std::vector<ArrayRef> field_arrays;
    field_arrays.reserve(fields.size());
    for (size_t k = 0; k < fields.size(); ++k) {
        VX_ASSIGN_OR_RETURN(ArrayRef field, children.Get(k + (has_validity ? 1 : 0), fields.dtypes[k], len));
        field_arrays.push_back(std::move(field));
    }
    VX_ASSIGN_OR_RETURN(auto array,
                        StructArray::TryMake(dtype, std::move(field_arrays), len, std::move(validity)));
    return ArrayRef(std::move(array));
}

StructArray::StructArray(Token, DType dtype, std::vector<ArrayRef> fields, size_t len, Validity validity)
    : Array(StructEncoding::Instance(), std::move(dtype), len, {}, StructChildren(fields, validity, len)),
      fields_(std::move(fields)), validity_(std::move(validity)) {}

Result<std::shared_ptr<const StructArray>>
StructArray::TryMake(DType struct_dtype, std::vector<ArrayRef> fields, size_t len, Validity validity) {
    VX_ENSURE(struct_dtype.is_struct(), InvalidArgument, "struct array needs a struct dtype, got {}",
              struct_dtype);
    const StructFields &dtype_fields = struct_dtype.struct_fields();
    VX_ENSURE(fields.size() == dtype_fields.size(), InvalidArgument, "struct has {} fields, dtype has {}",
              fields.size(), dtype_fields.size());
    for (size_t k = 0; k < fields.size(); ++k) {
        VX_ENSURE(fields[k] != nullptr, InvalidArgument, "field {} is null", k);
        VX_ENSURE(fields[k]->dtype() == dtype_fields.dtypes[k], InvalidArgument,
                  "field {} has dtype {}, expected {}", dtype_fields.names[k], fields[k]->dtype(),
                  dtype_fields.dtypes[k]);
        VX_ENSURE(fields[k]->len() == len, InvalidArgument, "field {} has length {}, expected {}",
                  dtype_fields.names[k], fields[k]->len(), len);
    }
    VX_RETURN_NOT_OK(internal::CheckValidity(validity, struct_dtype.nullability(), len));
    return std::make_shared<const StructArray>(Token{}, std::move(struct_dtype), std::move(fields), len,
                                               std::move(validity));
}

std::shared_ptr<const StructArray>
StructArray::Make(DType struct_dtype, std::vector<ArrayRef> fields, size_t len, Validity validity) {
    auto result = TryMake(std::move(struct_dtype), std::move(fields), len, std::move(validity));
    VX_CHECK_MSG(result.ok(), "{}", result.status());
    return std::move(result).ValueOrDie();
}

Result<std::shared_ptr<const StructArray>> StructArray::FromFields(std::vector<std::string> names,
                                                                   std::vector<ArrayRef> fields,
                                                                   size_t len,
                                                                   Validity validity) {
    VX_ENSURE(names.size() == fields.size(), InvalidArgument, "{} names for {} fields", names.size(),
              fields.size());
    std::vector<DType> dtypes;
    for (const auto &field : fields) {
        VX_ENSURE(field != nullptr, InvalidArgument, "null field");
        dtypes.push_back(field->dtype());
    }
    DType dtype = DType::Struct(std::move(names), std::move(dtypes), validity.nullability());
    return TryMake(std::move(dtype), std::move(fields), len, std::move(validity));
}

ArrayRef StructArray::field_by_name(std::string_view name) const {
    auto index = dtype().struct_fields().FindField(name);
    return index ? fields_[*index] : nullptr;
}

std::optional<Result<Scalar>> StructArray::ScalarAtImpl(size_t i) const {
    if (!is_valid(i)) {
        return Result<Scalar>(Scalar::Null(dtype()));
    }
    std::vector<Scalar> values;
    values.reserve(fields_.size());
    for (const auto &field : fields_) {
        auto value = ScalarAt(field, i);
        if (!value.ok()) {
            return Result<Scalar>(value.status());
        }
        values.push_back(std::move(value).ValueOrDie());
    }
    return Result<Scalar>(Scalar::Struct(dtype(), std::move(values)));
}

namespace {

template <typename Fn>
Result<std::vector<ArrayRef>> MapFields(const std::vector<ArrayRef> &fields, Fn &&fn) {
    std::vector<ArrayRef> out;
    out.reserve(fields.size());
    for (const auto &field : fields) {
        VX_ASSIGN_OR_RETURN(ArrayRef mapped, fn(field));
        out.push_back(std::move(mapped));
    }
    return out;
}

} // namespace

std::optional<Result<ArrayRef>> StructArray::SliceImpl(size_t start, size_t stop) const {
    auto fields = MapFields(fields_, [&](const ArrayRef &f) { return Slice(f, start, stop); });
    if (!fields.ok()) {
        return Result<ArrayRef>(fields.status());
    }
    return Result<ArrayRef>(std::make_shared<const StructArray>(Token{}, dtype(), *std::move(fields),
                                                                stop - start, validity_.Slice(start, stop)));
}

std::optional<Result<ArrayRef>> StructArray::FilterImpl(const Mask &mask) const {
    auto fields = MapFields(fields_, [&](const ArrayRef &f) { return Filter(f, mask); });
    if (!fields.ok()) {
        return Result<ArrayRef>(fields.status());
    }
    return Result<ArrayRef>(std::make_shared<const StructArray>(Token{}, dtype(), *std::move(fields),
                                                                mask.true_count(), validity_.Filter(mask)));
}

std::optional<Result<ArrayRef>> StructArray::TakeImpl(const ArrayRef &indices) const {
    auto decoded = DecodeTakeIndices(indices, len());
    if (!decoded.ok()) {
        return Result<ArrayRef>(decoded.status());
    }
    // Take the fields by the positions (null indices read row 0 or nothing), then null the rows.
    Validity validity = TakeValidity(validity_, *decoded, indices->dtype().is_nullable());
    ArrayRef positions;
    {
        std::vector<uint64_t> raw(decoded->positions.begin(), decoded->positions.end());
        positions = PrimitiveArray::FromValues(raw);
    }
    auto fields = MapFields(fields_, [&](const ArrayRef &f) { return Take(f, positions); });
    if (!fields.ok()) {
        return Result<ArrayRef>(fields.status());
    }
    return Result<ArrayRef>(
        std::make_shared<const StructArray>(Token{}, dtype().WithNullability(validity.nullability()),
                                            *std::move(fields), indices->len(), std::move(validity)));
}

namespace {

// Where a field lies below, and where it equals, its part of a struct constant, in the order
// of Compare(Scalar, Scalar): a null field sorts before every value.
struct FieldOrder {
    BitBuffer less;
    BitBuffer equal;
};

Result<BitBuffer> TruthOf(const ArrayRef &compared) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(compared));
    const auto *bools = As<BoolArray>(*canonical);
    VX_ENSURE(bools != nullptr, Internal, "a comparison gave {}", canonical->encoding_id());
    return bools->bits();
}

Result<FieldOrder> OrderAgainst(const ArrayRef &field, const Scalar &value) {
    const size_t len = field->len();
    const BitBuffer valid = field->validity_mask().ToBitBuffer();
    if (value.is_null()) {
        return FieldOrder{BitBuffer::Full(len, false),
                          BitBuffer::FromWords(len, [&](size_t i, size_t n) { return ~valid.Word(i, n); })};
    }
    VX_ASSIGN_OR_RETURN(ArrayRef lt, CompareScalar(field, value, CompareOp::Lt));
    VX_ASSIGN_OR_RETURN(ArrayRef eq, CompareScalar(field, value, CompareOp::Eq));
    VX_ASSIGN_OR_RETURN(const BitBuffer lt_bits, TruthOf(lt));
    VX_ASSIGN_OR_RETURN(const BitBuffer eq_bits, TruthOf(eq));
    return FieldOrder{
        BitBuffer::FromWords(len,
                             [&](size_t i, size_t n) {
                                 const uint64_t v = valid.Word(i, n);
                                 return ~v | (v & lt_bits.Word(i, n));
                             }),
        BitBuffer::FromWords(len, [&](size_t i, size_t n) { return valid.Word(i, n) & eq_bits.Word(i, n); })};
}

} // namespace

std::optional<Result<ArrayRef>> StructArray::CompareScalarImpl(const Scalar &scalar, CompareOp op) const {
    if (!scalar.dtype().EqualsIgnoringNullability(dtype()) || scalar.is_null()) {
        return std::nullopt;
    }
    return [&]() -> Result<ArrayRef> {
        const std::vector<Scalar> &parts = scalar.elements();
        VX_ENSURE(parts.size() == nfields(), Internal, "a struct constant with {} of {} fields", parts.size(),
                  nfields());
        // Lexicographic, from the last field: less = less_k | (equal_k & less_after).
        BitBuffer less = BitBuffer::Full(len(), false);
        BitBuffer equal = BitBuffer::Full(len(), true);
        for (size_t k = nfields(); k-- > 0;) {
            VX_ASSIGN_OR_RETURN(const FieldOrder order, OrderAgainst(fields_[k], parts[k]));
            less = BitBuffer::FromWords(len(), [&](size_t i, size_t n) {
                return order.less.Word(i, n) | (order.equal.Word(i, n) & less.Word(i, n));
            });
            equal = BitBuffer::FromWords(
                len(), [&](size_t i, size_t n) { return order.equal.Word(i, n) & equal.Word(i, n); });
        }
        const BitBuffer result = BitBuffer::FromWords(len(), [&](size_t i, size_t n) -> uint64_t {
            const uint64_t lt = less.Word(i, n);
            const uint64_t eq = equal.Word(i, n);
            switch (op) {
                case CompareOp::Eq:
                    return eq;
                case CompareOp::NotEq:
                    return ~eq;
                case CompareOp::Lt:
                    return lt;
                case CompareOp::Lte:
                    return lt | eq;
                case CompareOp::Gt:
                    return ~(lt | eq);
                case CompareOp::Gte:
                    return ~lt;
            }
            return 0;
        });
        return MakeCompareResult(result, validity_, dtype().is_nullable() || scalar.dtype().is_nullable());
    }();
}

} // namespace vortex
