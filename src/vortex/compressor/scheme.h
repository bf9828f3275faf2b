// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/base/result.h"
#include "vortex/compressor/compressor.h"
#include "vortex/compressor/leaf_stats.h"

namespace vortex::compressor {

/// Every scheme, in the order ties are broken (cheaper decoders first).
enum class SchemeId : uint8_t {
    kSequence,
    kFoR,
    kBitPacking,
    kDelta,
    kZigZag,
    kRunEnd,
    kRle,
    kSparse,
    kDict,
    kAlp,
    kAlpRd,
    kFsst,
    kZstd,
    kPco,
    kCount,
};

/// Where in a cascade an array is being compressed.
struct CompressContext {
    const CompressorOptions *options = nullptr;
    int depth = 0;
    /// Compressing a sample to estimate a ratio: no further sampling below.
    bool sampling = false;
    /// Schemes not to use here and below (a scheme never nests inside itself, which also
    /// keeps cascades finite).
    uint32_t excluded = 0;

    bool allows(SchemeId id) const { return (excluded & (1u << static_cast<unsigned>(id))) == 0; }
    CompressContext Child(SchemeId parent) const {
        CompressContext child = *this;
        child.depth += 1;
        child.excluded |= 1u << static_cast<unsigned>(parent);
        return child;
    }
    CompressContext Sampling() const {
        CompressContext sample = *this;
        sample.sampling = true;
        return sample;
    }
};

/// One way to encode a canonical leaf array.
class Scheme {
public:
    virtual ~Scheme() = default;
    virtual SchemeId id() const = 0;
    virtual std::string_view name() const = 0;
    /// True for a scheme that recognizes a whole-array shape which samples cannot show (an
    /// arithmetic sequence): it is tried on the whole array first and wins outright when its
    /// Encode succeeds.
    virtual bool WholeArrayShape() const { return false; }
    /// True for a scheme whose ratio on a small sample says little about a whole block (a
    /// general-purpose compressor finds repeats across the whole block): it is judged by
    /// encoding the whole array, whose result is kept if it wins.
    virtual bool JudgedOnWholeArray() const { return false; }
    /// True for a scheme whose output grows with the number of runs of equal values. Sampled
    /// runs of kSampleRunLength values cut the data's runs, so a sample underrates it: at the
    /// top of a cascade it is also tried on the whole array when another scheme ranks first.
    virtual bool SizeFollowsRuns() const { return false; }
    /// Cheap test on the statistics: false means the scheme cannot pay here.
    virtual bool Applies(const LeafStats &stats, const CompressContext &ctx) const = 0;
    /// Encodes `canonical` (whose statistics are `stats`), compressing the children it makes
    /// through CompressArray(ctx.Child(id())). nullopt when it turns out not to apply.
    virtual Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &stats, const CompressContext &ctx) const = 0;
};

/// The cascade's entry point for any array at any depth (schemes call it on their children).
Result<ArrayRef> CompressArray(const ArrayRef &array, const CompressContext &ctx);

/// Rebuilds `encoded` with the children at `indices` compressed through CompressArray(ctx).
Result<ArrayRef>
CompressChildren(const ArrayRef &encoded, std::span<const size_t> indices, const CompressContext &ctx);

/// The schemes for each kind of leaf, in tie-break order.
std::span<const Scheme *const> IntegerSchemes();
std::span<const Scheme *const> FloatSchemes();
std::span<const Scheme *const> StringSchemes();
std::span<const Scheme *const> BinarySchemes();

} // namespace vortex::compressor
