// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Integer schemes (spec: arrays-encodings 2, what the reference's compressor emits for
// integers): sequence, frame of reference over bit-packing, bit-packing with patches,
// zigzag, run-end, FastLanes RLE, sparse and dictionary; and FastLanes delta for sorted
// values, which the reference's files may hold but its compressor does not pick.
#include <bit>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/compressor/btrblocks/builtin_schemes.h"
#include "vortex/compressor/btrblocks/common_schemes.h"
#include "vortex/compressor/btrblocks/top_value.h"
#include "vortex/encodings/fastlanes/bitpacked/bitpacked_array.h"
#include "vortex/encodings/fastlanes/delta/delta_array.h"
#include "vortex/encodings/fastlanes/for/for_array.h"
#include "vortex/encodings/sequence/sequence_array.h"
#include "vortex/encodings/zigzag/zigzag_array.h"

namespace vortex::compressor::btrblocks {
namespace {

size_t PTypeBits(const ArrayRef &array) {
    return ByteWidth(array->dtype().ptype()) * 8;
}

// Bits needed for the non-negative value `v`.
size_t BitsFor(int128_t v) {
    const auto u = static_cast<uint128_t>(v);
    const auto hi = static_cast<uint64_t>(u >> 64);
    return hi != 0 ? 128 - static_cast<size_t>(std::countl_zero(hi))
                   : 64 - static_cast<size_t>(std::countl_zero(static_cast<uint64_t>(u)));
}

Result<std::optional<ArrayRef>> BitPack(const ArrayRef &canonical) {
    VX_ASSIGN_OR_RETURN(uint8_t width, fastlanes::BestBitWidth(canonical));
    if (width >= PTypeBits(canonical)) {
        return std::optional<ArrayRef>();
    }
    VX_ASSIGN_OR_RETURN(ArrayRef packed, fastlanes::BitPackEncode(canonical, width));
    return std::optional<ArrayRef>(std::move(packed));
}

// An arithmetic sequence is two numbers, whatever its length.
class SequenceScheme final : public Scheme {
public:
    std::string_view name() const override { return "sequence"; }
    bool WholeArrayShape() const override { return true; }
    bool Applies(const LeafStats &stats, const CompressContext &) const override {
        return stats.null_count == 0 && stats.len >= 2 && stats.valid_runs == stats.len;
    }
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &, const CompressContext &) const override {
        return sequence::SequenceEncode(canonical);
    }
};

// Subtracts the minimum, then bit-packs: the reference always writes FoR over bit-packing.
class FoRScheme final : public Scheme {
public:
    std::string_view name() const override { return "for"; }
    bool Applies(const LeafStats &stats, const CompressContext &) const override {
        // Pays only when the shift saves bits (negative minimums always do).
        return stats.min < 0 || (stats.min > 0 && BitsFor(stats.max - stats.min) < BitsFor(stats.max));
    }
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &, const CompressContext &) const override {
        VX_ASSIGN_OR_RETURN(ArrayRef shifted, fastlanes::FoREncode(canonical));
        const auto &for_array = static_cast<const fastlanes::FoRArray &>(*shifted);
        VX_ASSIGN_OR_RETURN(auto packed, BitPack(for_array.encoded()));
        if (!packed) {
            return std::optional<ArrayRef>();
        }
        VX_ASSIGN_OR_RETURN(auto result, fastlanes::FoRArray::TryMake(*packed, for_array.reference()));
        return std::optional<ArrayRef>(std::move(result));
    }
};

class BitPackingScheme final : public Scheme {
public:
    std::string_view name() const override { return "bitpacking"; }
    bool Applies(const LeafStats &stats, const CompressContext &) const override { return stats.min >= 0; }
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &, const CompressContext &) const override {
        return BitPack(canonical);
    }
};

// Sorted values (string offsets, ids, sorted keys) as FastLanes deltas between neighbours:
// small non-negative numbers that bit-pack far tighter than the values' range. Values that
// mostly ascend (ranks, counters that restart) qualify too: each restart is one large delta,
// a patch. Only without nulls: decoding sums the deltas under nulls too, and a compressed
// child need not keep the values under its nulls.
class DeltaScheme final : public Scheme {
    static constexpr size_t kMinAscentsPerDescent = 16;

public:
    std::string_view name() const override { return "delta"; }
    bool Applies(const LeafStats &stats, const CompressContext &) const override {
        return stats.null_count == 0 && stats.descents * kMinAscentsPerDescent <= stats.len &&
               !stats.single_value() && stats.len > 1;
    }
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &, const CompressContext &ctx) const override {
        VX_ASSIGN_OR_RETURN(ArrayRef delta, fastlanes::DeltaEncode(canonical));
        static constexpr size_t kBasesDeltas[] = {0, 1};
        VX_ASSIGN_OR_RETURN(ArrayRef result, CompressChildren(delta, kBasesDeltas, ctx.Child(name())));
        return std::optional<ArrayRef>(std::move(result));
    }
};

// Maps small negative and positive values to small unsigned ones for the schemes below it.
class ZigZagScheme final : public Scheme {
public:
    std::string_view name() const override { return "zigzag"; }
    bool Applies(const LeafStats &stats, const CompressContext &) const override { return stats.min < 0; }
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &, const CompressContext &ctx) const override {
        VX_ASSIGN_OR_RETURN(ArrayRef zigzag, zigzag::ZigZagEncode(canonical));
        static constexpr size_t kEncoded[] = {0};
        VX_ASSIGN_OR_RETURN(ArrayRef result, CompressChildren(zigzag, kEncoded, ctx.Child(name())));
        return std::optional<ArrayRef>(std::move(result));
    }
};

const SequenceScheme kSequence;
const FoRScheme kFoR;
const BitPackingScheme kBitPacking;
const DeltaScheme kDelta;
const ZigZagScheme kZigZag;
const RunEndScheme kRunEnd;
const RleScheme kRle;
const SparseScheme kSparse;
const DictScheme kIntDict(DictScheme::Kind::kInteger);
const ZstdScheme kZstd;
const PcoScheme kPco;

const Scheme *const kIntegerSchemes[] = {&kSequence, &kFoR,    &kBitPacking, &kDelta, &kZigZag, &kRunEnd,
                                         &kRle,      &kSparse, &kIntDict,    &kZstd,  &kPco};

} // namespace

std::span<const Scheme *const> IntegerSchemes() {
    return kIntegerSchemes;
}

} // namespace vortex::compressor::btrblocks
