// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// String and binary schemes (spec: arrays-encodings 2): dictionary, FSST (strings only),
// null-dominated sparse (strings only), and zstd in compact mode (common_schemes.h).
#include "vortex/compressor/btrblocks/builtin_schemes.h"
#include "vortex/compressor/btrblocks/common_schemes.h"
#include "vortex/encodings/fsst/fsst_array.h"

namespace vortex::compressor::btrblocks {
namespace {

// Symbol-table compression that keeps every value addressable.
class FsstScheme final : public Scheme {
public:
    std::string_view name() const override { return "fsst"; }
    bool Applies(const LeafStats &stats, const CompressContext &) const override {
        return stats.valid_count() > 0;
    }
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &, const CompressContext &ctx) const override {
        VX_ASSIGN_OR_RETURN(auto fsst, fsst::FsstCompress(canonical));
        // uncompressed_lengths and codes_offsets are plain integers.
        static constexpr size_t kLengthsOffsets[] = {0, 1};
        VX_ASSIGN_OR_RETURN(ArrayRef result,
                            CompressChildren(ArrayRef(std::move(fsst)), kLengthsOffsets, ctx.Child(name())));
        return std::optional<ArrayRef>(std::move(result));
    }
};

const DictScheme kDict(DictScheme::Kind::kOther);
const FsstScheme kFsst;
const SparseScheme kNullSparse(false);
const ZstdScheme kZstd;

const Scheme *const kStringSchemes[] = {&kDict, &kFsst, &kNullSparse, &kZstd};
const Scheme *const kBinarySchemes[] = {&kDict, &kZstd};

} // namespace

std::span<const Scheme *const> StringSchemes() {
    return kStringSchemes;
}
std::span<const Scheme *const> BinarySchemes() {
    return kBinarySchemes;
}

} // namespace vortex::compressor::btrblocks
