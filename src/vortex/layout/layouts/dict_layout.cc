// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/layouts/dict_layout.h"

#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/canonical.h"
#include "vortex/format/layout_metadata.pb.h"
#include "vortex/layout/array_cache.h"
#include "vortex/serde/proto_message.h"

namespace vortex {

namespace {

std::vector<uint8_t> SerializeMetadata(PType codes_ptype, bool nullable_codes, bool all_values_referenced) {
    vortex::layout::DictLayoutMetadata proto;
    proto.set_codes_ptype(static_cast<vortex::dtype::PType>(codes_ptype));
    proto.set_is_nullable_codes(nullable_codes);
    proto.set_all_values_referenced(all_values_referenced);
    return serde::SerializeProtoMessage(proto);
}

} // namespace

Result<LayoutRef> DictLayoutEncoding::Build(const DType &dtype,
                                            uint64_t row_count,
                                            std::span<const uint8_t> metadata,
                                            std::vector<uint32_t> segment_ids,
                                            const LayoutChildren &children) const {
    VX_ENSURE(segment_ids.empty(), Serde, "vortex.dict layout: expected no segments, found {}",
              segment_ids.size());
    VX_ENSURE(children.size() == 2, Serde, "vortex.dict layout: expected 2 children, found {}",
              children.size());
    vortex::layout::DictLayoutMetadata proto;
    VX_RETURN_NOT_OK(serde::ParseProtoMessage(metadata, proto, "vortex.dict layout metadata"));
    VX_ENSURE(IsValidPTypeTag(static_cast<uint64_t>(proto.codes_ptype())), Serde,
              "vortex.dict layout: invalid codes ptype tag {}", static_cast<int>(proto.codes_ptype()));
    auto codes_ptype = static_cast<PType>(proto.codes_ptype());
    VX_ENSURE(IsUnsignedInt(codes_ptype), Serde,
              "vortex.dict layout: codes ptype {} is not an unsigned integer", PTypeName(codes_ptype));
    Nullability codes_nullability =
        proto.has_is_nullable_codes()
            ? (proto.is_nullable_codes() ? Nullability::Nullable : Nullability::NonNullable)
            : dtype.nullability();
    VX_ASSIGN_OR_RETURN(LayoutRef values, children.Get(0, dtype));
    VX_ASSIGN_OR_RETURN(LayoutRef codes, children.Get(1, DType::Primitive(codes_ptype, codes_nullability)));
    VX_ENSURE(codes->row_count() == row_count, Serde, "vortex.dict layout: {} codes for {} rows",
              codes->row_count(), row_count);
    bool all_referenced = proto.has_all_values_referenced() && proto.all_values_referenced();
    VX_ASSIGN_OR_RETURN(LayoutRef layout,
                        DictLayout::Make(std::move(values), std::move(codes), all_referenced));
    return layout;
}

DictLayout::DictLayout(DType dtype,
                       uint64_t row_count,
                       std::vector<uint8_t> metadata,
                       std::vector<LayoutRef> children)
    : Layout(DictLayoutEncoding::Instance(),
             std::move(dtype),
             row_count,
             std::move(metadata),
             std::move(children),
             {}) {}

Result<LayoutRef> DictLayout::Make(LayoutRef values, LayoutRef codes, bool all_values_referenced) {
    const DType &codes_dtype = codes->dtype();
    VX_ENSURE(codes_dtype.is_primitive() && IsUnsignedInt(codes_dtype.ptype()), Serde,
              "vortex.dict layout: codes have dtype {}", codes_dtype);
    VX_ENSURE(!codes_dtype.is_nullable() || values->dtype().is_nullable(), Serde,
              "vortex.dict layout: nullable codes need a nullable dtype, found {}", values->dtype());
    DType dtype = values->dtype();
    uint64_t rows = codes->row_count();
    std::vector<uint8_t> metadata =
        SerializeMetadata(codes_dtype.ptype(), codes_dtype.is_nullable(), all_values_referenced);
    return LayoutRef(
        new DictLayout(std::move(dtype), rows, std::move(metadata), {std::move(values), std::move(codes)}));
}

Result<ArrayRef> DictLayout::Read(const LayoutReadContext &ctx, uint64_t begin, uint64_t end) const {
    VX_RETURN_NOT_OK(CheckRange(begin, end));
    VX_ASSIGN_OR_RETURN(ArrayRef codes, this->codes()->Read(ctx, begin, end));
    return OverValues(ctx, std::move(codes));
}

Result<ArrayRef> DictLayout::TakeRows(const LayoutReadContext &ctx, std::span<const uint64_t> rows) const {
    VX_ASSIGN_OR_RETURN(ArrayRef codes, this->codes()->TakeRows(ctx, rows));
    return OverValues(ctx, std::move(codes));
}

Result<ArrayRef> DictLayout::OverValues(const LayoutReadContext &ctx, ArrayRef codes) const {
    const uint64_t nvalues = this->values()->row_count();
    const auto read_values = [&] { return this->values()->Read(ctx, 0, nvalues); };
    ArrayRef values;
    // A dictionary the codes of this read cover well is decoded whole, once per scan (cached
    // under this layout): every split then gathers decoded values. Otherwise each split would
    // gather encoded values and decode its gather, an FSST value once per row that uses it.
    // Only when the decoded dictionary surely fits the cache (16-byte views, a quarter of it),
    // so that it is not decoded again for every split.
    if (ctx.cache != nullptr && codes->len() * 4 >= nvalues &&
        nvalues * 16 * 4 <= ctx.cache->capacity_bytes()) {
        VX_ASSIGN_OR_RETURN(values, ctx.cache->GetOrLoad(this, [&]() -> Result<ArrayRef> {
            VX_ASSIGN_OR_RETURN(ArrayRef encoded, read_values());
            return Canonicalize(encoded);
        }));
    } else {
        VX_ASSIGN_OR_RETURN(values, read_values());
    }
    // DictArray checks every non-null code against the dictionary size.
    VX_ASSIGN_OR_RETURN(auto dict, DictArray::TryMake(std::move(codes), std::move(values)));
    VX_ENSURE(dict->dtype() == dtype(), Serde, "vortex.dict layout: decoded dtype {} differs from {}",
              dict->dtype(), dtype());
    return ArrayRef(std::move(dict));
}

} // namespace vortex
