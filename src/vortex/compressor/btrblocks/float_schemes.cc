// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Float schemes (spec: arrays-encodings 2): ALP for decimal-like values, ALP-RD for the rest,
// dictionary, FastLanes RLE and null-dominated sparse.
#include "vortex/compressor/btrblocks/builtin_schemes.h"
#include "vortex/compressor/btrblocks/common_schemes.h"
#include "vortex/encodings/alp/alp/alp_array.h"
#include "vortex/encodings/alp/alp_rd/alprd_array.h"

namespace vortex::compressor::btrblocks {
namespace {

bool IsAlpFloat(const LeafStats &, const ArrayRef &canonical) {
    const PType ptype = canonical->dtype().ptype();
    return ptype == PType::F32 || ptype == PType::F64;
}

// Decimal-like doubles become integers (then compressed as integers); values that do not
// round-trip are patches.
class AlpScheme final : public Scheme {
public:
    std::string_view name() const override { return "alp"; }
    bool Applies(const LeafStats &, const CompressContext &) const override { return true; }
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &stats, const CompressContext &ctx) const override {
        if (!IsAlpFloat(stats, canonical)) {
            return std::optional<ArrayRef>();
        }
        VX_ASSIGN_OR_RETURN(ArrayRef alp, alp::ALPEncode(canonical));
        static constexpr size_t kEncoded[] = {0};
        VX_ASSIGN_OR_RETURN(ArrayRef result, CompressChildren(alp, kEncoded, ctx.Child(name())));
        return std::optional<ArrayRef>(std::move(result));
    }
};

// Real doubles: a dictionary of the high bits and the low bits packed.
class AlpRdScheme final : public Scheme {
public:
    std::string_view name() const override { return "alprd"; }
    bool Applies(const LeafStats &, const CompressContext &) const override { return true; }
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &stats, const CompressContext &ctx) const override {
        if (!IsAlpFloat(stats, canonical)) {
            return std::optional<ArrayRef>();
        }
        VX_ASSIGN_OR_RETURN(ArrayRef rd, alp::ALPRDEncode(canonical));
        static constexpr size_t kLeftRight[] = {0, 1};
        VX_ASSIGN_OR_RETURN(ArrayRef result, CompressChildren(rd, kLeftRight, ctx.Child(name())));
        return std::optional<ArrayRef>(std::move(result));
    }
};

const AlpScheme kAlp;
const AlpRdScheme kAlpRd;
const RleScheme kRle;
const SparseScheme kNullSparse(false);
const DictScheme kDict(DictScheme::Kind::kOther);
const ZstdScheme kZstd;
const PcoScheme kPco;

const Scheme *const kFloatSchemes[] = {&kAlp, &kRle, &kNullSparse, &kDict, &kAlpRd, &kZstd, &kPco};

} // namespace

std::span<const Scheme *const> FloatSchemes() {
    return kFloatSchemes;
}

} // namespace vortex::compressor::btrblocks
