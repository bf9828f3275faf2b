// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/sequence/sequence_array.h"

#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/encodings/sequence/sequence_internal.h"
#include "vortex/encodings/sequence/sequence_metadata.pb.h"
#include "vortex/scalar/scalar.h"
#include "vortex/scalar/scalar_serde.h"

namespace vortex::sequence {
namespace {

// Decodes a required ScalarValue field with the non-nullable ptype.
Result<PValue>
ParseValue(bool present, const vortex::scalar::ScalarValue &proto, PType ptype, std::string_view what) {
    VX_ENSURE(present, Serde, "{}: {} is missing", SequenceEncoding::kId, what);
    auto scalar = ScalarValueFromProto(proto, DType::Primitive(ptype, Nullability::NonNullable));
    if (!scalar.ok()) {
        return Status::Serde("{}: {}: {}", SequenceEncoding::kId, what, scalar.status().message());
    }
    return scalar->pvalue();
}

} // namespace

// Spec: arrays-encodings 7.4.
Result<ArrayRef> SequenceEncoding::Build(const DType &dtype,
                                         size_t len,
                                         std::span<const uint8_t> metadata,
                                         std::vector<Buffer> buffers,
                                         const ArrayChildren &children) const {
    VX_RETURN_NOT_OK(vortex::internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(vortex::internal::EnsureChildCount(kId, children, 0, 0));
    VX_ENSURE(dtype.is_primitive() && IsInt(dtype.ptype()), Serde, "{}: dtype must be an integer, got {}",
              kId, dtype);
    VX_ASSIGN_OR_RETURN(
        auto proto, vortex::internal::ParseProtoMetadata<vortex::encodings::SequenceMetadata>(kId, metadata));
    VX_ASSIGN_OR_RETURN(PValue base, ParseValue(proto.has_base(), proto.base(), dtype.ptype(), "base"));
    VX_ASSIGN_OR_RETURN(PValue multiplier,
                        ParseValue(proto.has_multiplier(), proto.multiplier(), dtype.ptype(), "multiplier"));
    VX_ASSIGN_OR_RETURN(auto array, AsSerde(SequenceArray::TryMake(base, multiplier, dtype.ptype(),
                                                                   dtype.nullability(), len)));
    return ArrayRef(std::move(array));
}

SequenceArray::SequenceArray(Token, DType dtype, size_t len, PValue base, PValue multiplier)
    : Array(SequenceEncoding::Instance(), std::move(dtype), len, {}, {}), base_(base),
      multiplier_(multiplier) {}

Result<std::shared_ptr<const SequenceArray>>
SequenceArray::TryMake(PValue base, PValue multiplier, PType ptype, Nullability nullability, size_t len) {
    VX_ENSURE(IsInt(ptype), InvalidArgument, "a sequence must have an integer ptype, got {}",
              PTypeName(ptype));
    VX_ENSURE(PValuePType(base) == ptype && PValuePType(multiplier) == ptype, InvalidArgument,
              "sequence base and multiplier must be {}", PTypeName(ptype));
    VX_ENSURE(len > 0, InvalidArgument, "a sequence must not be empty");
    const bool fits = VisitIntPType(ptype, [&]<typename T>() {
        return internal::CheckedLast<T>(std::get<T>(base), std::get<T>(multiplier), len).has_value();
    });
    VX_ENSURE(fits, InvalidArgument, "sequence of {} elements overflows {}", len, PTypeName(ptype));
    return std::make_shared<const SequenceArray>(Token{}, DType::Primitive(ptype, nullability), len, base,
                                                 multiplier);
}

PValue SequenceArray::ValueAt(size_t i) const {
    return VisitIntPType(ptype(), [&]<typename T>() {
        return PValue(internal::ValueAt<T>(std::get<T>(base_), std::get<T>(multiplier_), i));
    });
}

Result<std::vector<uint8_t>> SequenceArray::SerializeMetadata() const {
    vortex::encodings::SequenceMetadata proto;
    ScalarValueToProto(Scalar::Primitive(base_, Nullability::NonNullable), proto.mutable_base());
    ScalarValueToProto(Scalar::Primitive(multiplier_, Nullability::NonNullable), proto.mutable_multiplier());
    return vortex::internal::SerializeProtoMetadata(proto);
}

Result<ArrayRef> SequenceArray::ToCanonical() const {
    return VisitIntPType(ptype(), [&]<typename T>() -> Result<ArrayRef> {
        BufferMut out = BufferMut::Zeroed(len() * sizeof(T));
        T *__restrict values = out.data_as<T>();
        const T base = std::get<T>(base_);
        const T multiplier = std::get<T>(multiplier_);
        for (size_t i = 0; i < len(); ++i) {
            values[i] = internal::ValueAt<T>(base, multiplier, i);
        }
        return ArrayRef(PrimitiveArray::Make(kPTypeOf<T>, std::move(out).Freeze(),
                                             Validity::From(dtype().nullability())));
    });
}

} // namespace vortex::sequence
