// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/compressor/btrblocks/btrblocks.h"

#include <algorithm>
#include <utility>

#include "vortex/compressor/btrblocks/builtin_schemes.h"
#include "vortex/encodings/fastlanes/bitpacked/bitpacked_array.h"
#include "vortex/encodings/fastlanes/delta/delta_array.h"
#include "vortex/encodings/fastlanes/fastlanes_layout.h"

namespace vortex {
namespace compressor::btrblocks {
namespace {

// Schemes only the compact set holds: they trade decoding speed for size.
constexpr std::string_view kCompactOnly[] = {"zstd", "pco"};

void AddAll(std::vector<const Scheme *> &to, std::span<const Scheme *const> schemes, bool compact) {
    for (const Scheme *scheme : schemes) {
        if (compact || std::find(std::begin(kCompactOnly), std::end(kCompactOnly), scheme->name()) ==
                           std::end(kCompactOnly)) {
            to.push_back(scheme);
        }
    }
}

} // namespace

SchemeSetBuilder::SchemeSetBuilder(const CompressorOptions &options) {
    AddAll(set_.schemes(LeafKind::kInteger), IntegerSchemes(), options.compact);
    AddAll(set_.schemes(LeafKind::kFloat), FloatSchemes(), options.compact);
    AddAll(set_.schemes(LeafKind::kUtf8), StringSchemes(), options.compact);
    AddAll(set_.schemes(LeafKind::kBinary), BinarySchemes(), options.compact);
    set_.decimal.push_back(&DecimalPartsScheme());
    set_.extension.push_back(&DateTimePartsScheme());
    set_.sample_padding = FastLanesSamplePadding;
}

SchemeSetBuilder &SchemeSetBuilder::WithScheme(LeafKind kind, std::shared_ptr<const Scheme> scheme) {
    set_.schemes(kind).push_back(scheme.get());
    set_.owned.push_back(std::move(scheme));
    return *this;
}

SchemeSetBuilder &SchemeSetBuilder::ExcludeSchemes(std::initializer_list<std::string_view> names) {
    const auto excluded = [&names](const auto *scheme) {
        return std::find(names.begin(), names.end(), scheme->name()) != names.end();
    };
    for (auto &schemes : set_.leaf) {
        std::erase_if(schemes, excluded);
    }
    std::erase_if(set_.decimal, excluded);
    std::erase_if(set_.extension, excluded);
    return *this;
}

std::pair<double, double> FastLanesSamplePadding(const Array &array) {
    const auto len = static_cast<double>(array.len());
    if (array.encoding_id() == fastlanes::BitPackedEncoding::kId) {
        // Whole 1024-value blocks: a sample pays for the last block's padding in full.
        const auto &packed = static_cast<const fastlanes::BitPackedArray &>(array);
        return {len / static_cast<double>(fastlanes::FastLanesBlockCount(packed.offset() + array.len()) *
                                          fastlanes::kFastLanesBlockLen),
                1.0};
    }
    if (array.encoding_id() == fastlanes::DeltaEncoding::kId) {
        const auto deltas_len = static_cast<const fastlanes::DeltaArray &>(array).metadata().deltas_len;
        return {1.0, deltas_len == 0 ? 1.0 : len / static_cast<double>(deltas_len)};
    }
    return {1.0, 1.0};
}

} // namespace compressor::btrblocks

Result<ArrayRef> Compress(const ArrayRef &array, const CompressorOptions &options) {
    static const compressor::SchemeSet default_set = compressor::btrblocks::SchemeSetBuilder().Build();
    static const compressor::SchemeSet compact_set = [] {
        CompressorOptions compact;
        compact.compact = true;
        return compressor::btrblocks::SchemeSetBuilder(compact).Build();
    }();
    return compressor::CompressWith(array, options.compact ? compact_set : default_set, options);
}

} // namespace vortex
