// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/compressor/compressor.h"

#include <algorithm>
#include <numeric>

#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/masked/masked_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/encoding.h"
#include "vortex/compressor/sample.h"
#include "vortex/compressor/scheme.h"
#include "vortex/dtype/extension.h"
#include "vortex/encodings/datetime_parts/datetime_parts_array.h"
#include "vortex/encodings/decimal_byte_parts/decimal_byte_parts_array.h"
#include "vortex/encodings/fastlanes/bitpacked/bitpacked_array.h"
#include "vortex/encodings/fastlanes/delta/delta_array.h"
#include "vortex/encodings/fastlanes/fastlanes_layout.h"
#include "vortex/scalar/scalar.h"

namespace vortex {
namespace compressor {
namespace {

// One distinct valid value: a constant, masked when there are nulls too (spec:
// arrays-encodings 2, what the reference's constant schemes emit).
Result<ArrayRef> ConstantOf(const ArrayRef &canonical, const LeafStats &stats) {
    if (stats.all_null()) {
        return ArrayRef(ConstantArray::Make(Scalar::Null(canonical->dtype()), canonical->len()));
    }
    const Mask valid = canonical->validity_mask();
    size_t first = 0;
    while (!valid.value(first)) {
        ++first;
    }
    VX_ASSIGN_OR_RETURN(Scalar value, ScalarAt(canonical, first));
    if (stats.null_count == 0) {
        return ArrayRef(ConstantArray::Make(std::move(value), canonical->len()));
    }
    VX_ASSIGN_OR_RETURN(Scalar non_null,
                        Cast(value, canonical->dtype().WithNullability(Nullability::NonNullable)));
    auto constant = ConstantArray::Make(std::move(non_null), canonical->len());
    VX_ASSIGN_OR_RETURN(auto masked, MaskedArray::TryMake(std::move(constant), Validity::FromMask(valid)));
    return ArrayRef(std::move(masked));
}

std::span<const Scheme *const> SchemesFor(const DType &dtype) {
    if (dtype.is_primitive()) {
        return IsInt(dtype.ptype()) ? IntegerSchemes() : FloatSchemes();
    }
    return dtype.is_utf8() ? StringSchemes() : BinarySchemes();
}

// The bytes `array` would take per value in a long array. FastLanes encodings fill whole
// 1024-value blocks: a sample of a few hundred values pays for the padding in full (a run-end's
// ends and values, a dictionary's codes), a block of 64Ki values does not.
double UnpaddedBytes(const Array &array) {
    double own = 0;
    for (const auto &buffer : array.buffers()) {
        own += static_cast<double>(buffer.size());
    }
    double children = 0;
    for (const auto &child : array.children()) {
        children += UnpaddedBytes(*child);
    }
    if (array.len() == 0) {
        return own + children;
    }
    const auto len = static_cast<double>(array.len());
    if (array.encoding_id() == fastlanes::BitPackedEncoding::kId) {
        const auto &packed = static_cast<const fastlanes::BitPackedArray &>(array);
        own *= len / static_cast<double>(fastlanes::FastLanesBlockCount(packed.offset() + array.len()) *
                                         fastlanes::kFastLanesBlockLen);
    } else if (array.encoding_id() == fastlanes::DeltaEncoding::kId) {
        const auto deltas_len = static_cast<const fastlanes::DeltaArray &>(array).metadata().deltas_len;
        children *= deltas_len == 0 ? 1.0 : len / static_cast<double>(deltas_len);
    }
    return own + children;
}

// Picks the scheme that shrinks a sample the most and applies it to the whole array.
Result<ArrayRef> CompressLeaf(const ArrayRef &canonical, const CompressContext &ctx) {
    VX_ASSIGN_OR_RETURN(LeafStats stats, ComputeLeafStats(canonical));
    if (stats.all_null() || stats.single_value()) {
        return ConstantOf(canonical, stats);
    }
    if (ctx.depth >= ctx.options->max_depth || canonical->dtype().is_bool()) {
        return canonical;
    }
    std::vector<const Scheme *> candidates;
    for (const Scheme *scheme : SchemesFor(canonical->dtype())) {
        if (!ctx.allows(scheme->id()) || !scheme->Applies(stats, ctx)) {
            continue;
        }
        if (scheme->WholeArrayShape()) {
            VX_ASSIGN_OR_RETURN(auto encoded, scheme->Encode(canonical, stats, ctx));
            if (encoded) {
                return *encoded;
            }
            continue;
        }
        candidates.push_back(scheme);
    }
    if (candidates.empty()) {
        return canonical;
    }
    ArrayRef sample = canonical;
    LeafStats sample_stats = stats;
    if (!ctx.sampling) {
        VX_ASSIGN_OR_RETURN(sample, Sample(canonical));
        if (sample != canonical) {
            VX_ASSIGN_OR_RETURN(sample_stats, ComputeLeafStats(sample));
        }
    }
    // Ratios are compared against the sample's canonical size; a scheme must beat the best
    // so far, so ties keep the earlier (cheaper to decode) one.
    const double before = static_cast<double>(std::max<size_t>(sample->nbytes(), 1));
    double best_ratio = 1.0;
    std::vector<std::pair<double, const Scheme *>> ranked;
    ArrayRef best_sample_result;
    std::vector<std::pair<const Scheme *, ArrayRef>> whole_results;
    for (const Scheme *scheme : candidates) {
        const bool whole = scheme->JudgedOnWholeArray() && sample != canonical;
        VX_ASSIGN_OR_RETURN(auto encoded, whole ? scheme->Encode(canonical, stats, ctx)
                                                : scheme->Encode(sample, sample_stats, ctx.Sampling()));
        if (!encoded) {
            continue;
        }
        const double input_bytes =
            whole ? static_cast<double>(std::max<size_t>(canonical->nbytes(), 1)) : before;
        const double output_bytes = sample != canonical && !whole ? UnpaddedBytes(**encoded)
                                                                  : static_cast<double>((*encoded)->nbytes());
        const double ratio = input_bytes / std::max(output_bytes, 1.0);
        if (whole) {
            whole_results.emplace_back(scheme, *encoded);
        }
        if (ratio > 1.0) {
            ranked.emplace_back(ratio, scheme);
        }
        if (ratio > best_ratio) {
            best_ratio = ratio;
            best_sample_result = *encoded;
        }
    }
    if (ranked.empty()) {
        return canonical;
    }
    if (sample == canonical) {
        return best_sample_result;
    }
    // Best first; a scheme can still decline on the whole array (a dictionary that outgrows its
    // limit), then the next one is tried.
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto &a, const auto &b) { return a.first > b.first; });
    auto encode_whole = [&](const Scheme *scheme) -> Result<std::optional<ArrayRef>> {
        const auto kept = std::find_if(whole_results.begin(), whole_results.end(),
                                       [scheme](const auto &entry) { return entry.first == scheme; });
        if (kept != whole_results.end()) {
            return std::optional<ArrayRef>(kept->second);
        }
        VX_ASSIGN_OR_RETURN(auto encoded, scheme->Encode(canonical, stats, ctx));
        if (!encoded || (*encoded)->nbytes() >= canonical->nbytes()) {
            return std::optional<ArrayRef>();
        }
        return encoded;
    };
    for (size_t i = 0; i < ranked.size(); ++i) {
        VX_ASSIGN_OR_RETURN(auto best, encode_whole(ranked[i].second));
        if (!best) {
            continue;
        }
        // Samples of short runs cut the data's runs, so run-based schemes look worse on them
        // than they are. At the top of a cascade, run-based runners-up are encoded whole too
        // (cheap: a pass to find the runs, small children) and the smallest result wins.
        for (size_t j = i + 1; ctx.depth == 0 && j < ranked.size(); ++j) {
            if (!ranked[j].second->SizeFollowsRuns()) {
                continue;
            }
            VX_ASSIGN_OR_RETURN(auto other, encode_whole(ranked[j].second));
            if (other && (*other)->nbytes() < (*best)->nbytes()) {
                best = std::move(other);
            }
        }
        return *best;
    }
    return canonical;
}

Result<ArrayRef> CompressDecimal(const ArrayRef &canonical, const CompressContext &ctx) {
    auto parts = decimal_byte_parts::DecimalBytePartsEncode(canonical);
    if (!parts.ok()) {
        // Values beyond 64 bits stay a plain decimal, as in the reference.
        return canonical;
    }
    static constexpr size_t kMsp[] = {0};
    return CompressChildren(*parts, kMsp, ctx);
}

Result<ArrayRef> CompressExtension(const ArrayRef &canonical, const CompressContext &ctx) {
    static constexpr size_t kStorage[] = {0};
    VX_ASSIGN_OR_RETURN(ArrayRef plain, CompressChildren(canonical, kStorage, ctx));
    if (canonical->dtype().extension().id != kTimestampId) {
        return plain;
    }
    // Timestamps: split into days, seconds and subseconds when that is smaller (it usually
    // is: the parts have far fewer distinct values than the raw ticks).
    auto parts = datetime_parts::DateTimePartsEncodeNarrowed(canonical);
    if (!parts.ok()) {
        return plain;
    }
    static constexpr size_t kParts[] = {0, 1, 2};
    VX_ASSIGN_OR_RETURN(ArrayRef split, CompressChildren(*parts, kParts, ctx));
    return split->nbytes() < plain->nbytes() ? split : plain;
}

} // namespace

Result<ArrayRef>
CompressChildren(const ArrayRef &encoded, std::span<const size_t> indices, const CompressContext &ctx) {
    std::vector<ArrayRef> children(encoded->children().begin(), encoded->children().end());
    bool changed = false;
    for (size_t index : indices) {
        VX_CHECK_LT(index, children.size());
        VX_ASSIGN_OR_RETURN(ArrayRef compressed, CompressArray(children[index], ctx));
        changed |= compressed != children[index];
        children[index] = std::move(compressed);
    }
    if (!changed) {
        return encoded;
    }
    VX_ASSIGN_OR_RETURN(auto metadata, encoded->SerializeMetadata());
    std::vector<Buffer> buffers(encoded->buffers().begin(), encoded->buffers().end());
    return encoded->encoding().Build(encoded->dtype(), encoded->len(), metadata, std::move(buffers),
                                     std::move(children));
}

Result<ArrayRef> CompressArray(const ArrayRef &array, const CompressContext &ctx) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    if (canonical->empty()) {
        return canonical;
    }
    const DType &dtype = canonical->dtype();
    switch (dtype.kind()) {
        case DTypeKind::Null:
            return canonical;
        case DTypeKind::Bool:
        case DTypeKind::Primitive:
        case DTypeKind::Utf8:
        case DTypeKind::Binary:
            return CompressLeaf(canonical, ctx);
        case DTypeKind::Decimal:
            return CompressDecimal(canonical, ctx);
        case DTypeKind::Extension:
            return CompressExtension(canonical, ctx);
        case DTypeKind::Struct: {
            // Each field afresh (depth counts encodings stacked on one value, not nesting);
            // a stored validity comes first and stays as it is.
            const size_t nfields = dtype.struct_fields().size();
            std::vector<size_t> indices(nfields);
            std::iota(indices.begin(), indices.end(), canonical->nchildren() - nfields);
            return CompressChildren(canonical, indices, ctx);
        }
        case DTypeKind::List: {
            static constexpr size_t kElementsOffsetsSizes[] = {0, 1, 2};
            return CompressChildren(canonical, kElementsOffsetsSizes, ctx);
        }
        case DTypeKind::FixedSizeList: {
            static constexpr size_t kElements[] = {0};
            return CompressChildren(canonical, kElements, ctx);
        }
    }
    return canonical;
}

} // namespace compressor

Result<ArrayRef> Compress(const ArrayRef &array, const CompressorOptions &options) {
    compressor::CompressContext ctx;
    ctx.options = &options;
    return compressor::CompressArray(array, ctx);
}

} // namespace vortex
