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
    VX_ASSIGN_OR_RETURN(auto masked, MaskedArray::TryMake(constant, Validity::FromMask(valid)));
    return ArrayRef(std::move(masked));
}

const std::vector<const Scheme *> &SchemesFor(const DType &dtype, const SchemeSet &schemes) {
    if (dtype.is_primitive()) {
        return schemes.schemes(IsInt(dtype.ptype()) ? LeafKind::kInteger : LeafKind::kFloat);
    }
    return schemes.schemes(dtype.is_utf8() ? LeafKind::kUtf8 : LeafKind::kBinary);
}

// The bytes `array` would take per value in a long array. Encodings padded to whole blocks
// (FastLanes' 1024 values) make a sample of a few hundred values pay for the padding in full (a
// run-end's ends and values, a dictionary's codes), a block of 64Ki values does not: the scheme
// set's padding model scales those nodes.
double UnpaddedBytes(const Array &array, const SchemeSet &schemes) {
    double own = 0;
    for (const auto &buffer : array.buffers()) {
        own += static_cast<double>(buffer.size());
    }
    double children = 0;
    for (const auto &child : array.children()) {
        children += UnpaddedBytes(*child, schemes);
    }
    if (array.len() == 0 || !schemes.sample_padding) {
        return own + children;
    }
    const auto [own_factor, children_factor] = schemes.sample_padding(array);
    return own * own_factor + children * children_factor;
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
    for (const Scheme *scheme : SchemesFor(canonical->dtype(), *ctx.schemes)) {
        if (!ctx.allows(scheme->name()) || !scheme->Applies(stats, ctx)) {
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
        const double output_bytes = sample != canonical && !whole ? UnpaddedBytes(**encoded, *ctx.schemes)
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
    for (const TransformScheme *scheme : ctx.schemes->decimal) {
        VX_ASSIGN_OR_RETURN(auto encoded, scheme->Encode(canonical, ctx));
        if (encoded) {
            return *encoded;
        }
    }
    return canonical;
}

Result<ArrayRef> CompressExtension(const ArrayRef &canonical, const CompressContext &ctx) {
    static constexpr size_t kStorage[] = {0};
    VX_ASSIGN_OR_RETURN(ArrayRef best, CompressChildren(canonical, kStorage, ctx));
    for (const TransformScheme *scheme : ctx.schemes->extension) {
        VX_ASSIGN_OR_RETURN(auto encoded, scheme->Encode(canonical, ctx));
        if (encoded && (*encoded)->nbytes() < best->nbytes()) {
            best = *std::move(encoded);
        }
    }
    return best;
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

Result<ArrayRef>
CompressWith(const ArrayRef &array, const SchemeSet &schemes, const CompressorOptions &options) {
    CompressContext ctx;
    ctx.options = &options;
    ctx.schemes = &schemes;
    return CompressArray(array, ctx);
}

} // namespace compressor
} // namespace vortex
