// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/compressor/btrblocks/common_schemes.h"

#include "vortex/array/arrays/dict/dict_encode.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/compressor/btrblocks/top_value.h"
#include "vortex/encodings/fastlanes/rle/rle_array.h"
#include "vortex/encodings/pco/pco_array.h"
#include "vortex/encodings/pco/pco_encoding.h"
#include "vortex/encodings/runend/runend_array.h"
#include "vortex/encodings/sparse/sparse_array.h"
#include "vortex/encodings/zstd/zstd_array.h"

namespace vortex::compressor::btrblocks {
namespace {

constexpr double kMinAverageRun = 4.0;

Result<std::optional<ArrayRef>>
WithChildren(Result<ArrayRef> encoded, std::span<const size_t> children, const CompressContext &ctx) {
    VX_ASSIGN_OR_RETURN(ArrayRef array, std::move(encoded));
    VX_ASSIGN_OR_RETURN(ArrayRef result, CompressChildren(array, children, ctx));
    return std::optional<ArrayRef>(std::move(result));
}

bool NullDominated(const LeafStats &stats) {
    return stats.null_count * 10 > stats.len * 9;
}

} // namespace

bool RunEndScheme::Applies(const LeafStats &stats, const CompressContext &) const {
    return stats.average_run_length() >= kMinAverageRun;
}

Result<std::optional<ArrayRef>>
RunEndScheme::Encode(const ArrayRef &canonical, const LeafStats &, const CompressContext &ctx) const {
    static constexpr size_t kEndsValues[] = {0, 1};
    return WithChildren(runend::RunEndEncode(canonical), kEndsValues, ctx.Child(name()));
}

bool RleScheme::Applies(const LeafStats &stats, const CompressContext &) const {
    return stats.average_run_length() >= kMinAverageRun;
}

Result<std::optional<ArrayRef>>
RleScheme::Encode(const ArrayRef &canonical, const LeafStats &, const CompressContext &ctx) const {
    if (canonical->dtype().ptype() == PType::F16) {
        return std::optional<ArrayRef>();
    }
    static constexpr size_t kValuesIndicesOffsets[] = {0, 1, 2};
    return WithChildren(fastlanes::RLEEncode(canonical), kValuesIndicesOffsets, ctx.Child(name()));
}

bool SparseScheme::Applies(const LeafStats &stats, const CompressContext &) const {
    // A value covering 90% of the rows leaves at most 20% of neighbours differing.
    return NullDominated(stats) || (top_value_ && stats.valid_runs * 5 <= stats.valid_count());
}

Result<std::optional<ArrayRef>>
SparseScheme::Encode(const ArrayRef &canonical, const LeafStats &stats, const CompressContext &ctx) const {
    // The fill is null unless this scheme also takes a top value and nulls are not most of
    // `canonical`. Applies() judged the whole block, while `canonical` may be a sample of it
    // whose nulls are not dominant: a null fill is still a valid encoding of it.
    Scalar fill = Scalar::Null(canonical->dtype().AsNullable());
    if (top_value_ && !NullDominated(stats)) {
        VX_ASSIGN_OR_RETURN(auto top, TopValue(canonical));
        if (!top || top->count * 10 < stats.valid_count() * 9) {
            return std::optional<ArrayRef>();
        }
        VX_ASSIGN_OR_RETURN(fill, ScalarAt(canonical, top->index));
    }
    static constexpr size_t kPatchIndicesValues[] = {0, 1};
    return WithChildren(sparse::SparseEncode(canonical, fill), kPatchIndicesValues, ctx.Child(name()));
}

bool ZstdScheme::Applies(const LeafStats &stats, const CompressContext &) const {
    return stats.valid_count() > 0;
}

Result<std::optional<ArrayRef>>
ZstdScheme::Encode(const ArrayRef &canonical, const LeafStats &, const CompressContext &) const {
    if (canonical->dtype().is_primitive() && canonical->dtype().ptype() == PType::F16) {
        return std::optional<ArrayRef>();
    }
    VX_ASSIGN_OR_RETURN(auto compressed, zstd::ZstdCompress(canonical));
    return std::optional<ArrayRef>(ArrayRef(std::move(compressed)));
}

bool PcoScheme::Applies(const LeafStats &stats, const CompressContext &) const {
    return stats.valid_count() > 0;
}

Result<std::optional<ArrayRef>>
PcoScheme::Encode(const ArrayRef &canonical, const LeafStats &, const CompressContext &) const {
    if (!canonical->dtype().is_primitive() || !pco::NumberTypeOf(canonical->dtype().ptype())) {
        return std::optional<ArrayRef>();
    }
    VX_ASSIGN_OR_RETURN(auto compressed, pco::PcoCompress(canonical));
    return std::optional<ArrayRef>(ArrayRef(std::move(compressed)));
}

bool DictScheme::Applies(const LeafStats &stats, const CompressContext &ctx) const {
    if (kind_ == Kind::kInteger && ctx.depth == 0 && !ctx.options->integer_dict) {
        return false;
    }
    // Too few repeats between neighbours to hint at a small dictionary is no reason to skip:
    // dictionaries pay on shuffled low-cardinality data. The sample decides.
    return stats.valid_count() >= 2;
}

Result<std::optional<ArrayRef>>
DictScheme::Encode(const ArrayRef &canonical, const LeafStats &, const CompressContext &ctx) const {
    // Integer and float dictionaries keep nulls in their codes, string ones as a null value,
    // as the reference's schemes build them.
    DictEncodeOptions options;
    options.nulls = canonical->dtype().is_primitive() ? DictNulls::kInCodes : DictNulls::kInValues;
    VX_ASSIGN_OR_RETURN(auto dict, DictEncode(canonical, options));
    // All distinct: the codes would only add to the values.
    if (!dict || (*dict)->child(1)->len() >= canonical->len()) {
        return std::optional<ArrayRef>();
    }
    static constexpr size_t kCodesValues[] = {0, 1};
    return WithChildren(*dict, kCodesValues, ctx.Child(name()));
}

} // namespace vortex::compressor::btrblocks
