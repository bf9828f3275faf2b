// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/base/result.h"
#include "vortex/compressor/compressor.h"
#include "vortex/compressor/leaf_stats.h"

namespace vortex::compressor {

struct SchemeSet;

/// Where in a cascade an array is being compressed.
struct CompressContext {
    const CompressorOptions *options = nullptr;
    /// The schemes of this compression: children are compressed with the same set.
    const SchemeSet *schemes = nullptr;
    int depth = 0;
    /// Compressing a sample to estimate a ratio: no further sampling below.
    bool sampling = false;
    /// Names of the schemes not to use here and below: every scheme above (a scheme never
    /// nests inside itself, which also keeps cascades finite). Schemes of one name for several
    /// leaf kinds (a dictionary of strings, then of its integer codes) count as one.
    std::vector<std::string_view> excluded;

    bool allows(std::string_view name) const {
        return std::find(excluded.begin(), excluded.end(), name) == excluded.end();
    }
    CompressContext Child(std::string_view parent) const {
        CompressContext child = *this;
        child.depth += 1;
        child.excluded.push_back(parent);
        return child;
    }
    CompressContext Sampling() const {
        CompressContext sample = *this;
        sample.sampling = true;
        return sample;
    }
};

/// One way to encode a canonical leaf array.
/// A scheme is known by its name, which must be unique within a SchemeSet but is shared by the
/// variants of one encoding for different leaf kinds (they exclude each other in a cascade).
class Scheme {
public:
    virtual ~Scheme() = default;
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
    /// through CompressArray(ctx.Child(name())). nullopt when it turns out not to apply.
    virtual Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &stats, const CompressContext &ctx) const = 0;
};

/// Rewrites a canonical array that is not a leaf (a decimal, an extension array) into an
/// encoding whose children the cascade compresses further, as the encoding families that split
/// such values into parts do.
class TransformScheme {
public:
    virtual ~TransformScheme() = default;
    virtual std::string_view name() const = 0;
    /// The encoded array with its children compressed through CompressChildren(ctx), or nullopt
    /// when the scheme does not apply to `canonical`.
    virtual Result<std::optional<ArrayRef>> Encode(const ArrayRef &canonical,
                                                   const CompressContext &ctx) const = 0;
};

/// The kinds of leaf arrays, each with its own list of schemes.
enum class LeafKind : uint8_t { kInteger, kFloat, kUtf8, kBinary };

/// The schemes a compression chooses from. The framework knows no encoding: a set of schemes
/// (compressor/btrblocks, or any other) supplies them, and may be extended with schemes of
/// encodings outside this tree. The schemes must outlive the set unless it owns them.
struct SchemeSet {
    /// Leaf schemes per LeafKind, in the order ties are broken (cheaper decoders first).
    std::array<std::vector<const Scheme *>, 4> leaf;
    /// Tried on canonical decimals in order; the first that applies wins (none: kept plain).
    std::vector<const TransformScheme *> decimal;
    /// Tried on canonical extension arrays after their storage is compressed; the smallest
    /// result wins, the plain one on ties.
    std::vector<const TransformScheme *> extension;
    /// The factors (for a node's own buffers, for its children) that scale an encoded sample's
    /// bytes to those of a long array, for encodings padded to whole blocks; unset means 1, 1.
    std::function<std::pair<double, double>(const Array &)> sample_padding;
    /// Schemes the set owns (added by a builder), kept alive with it.
    std::vector<std::shared_ptr<const void>> owned;

    std::vector<const Scheme *> &schemes(LeafKind kind) { return leaf[static_cast<size_t>(kind)]; }
    const std::vector<const Scheme *> &schemes(LeafKind kind) const {
        return leaf[static_cast<size_t>(kind)];
    }
};

/// The cascade's entry point for any array at any depth (schemes call it on their children).
Result<ArrayRef> CompressArray(const ArrayRef &array, const CompressContext &ctx);

/// Rebuilds `encoded` with the children at `indices` compressed through CompressArray(ctx).
Result<ArrayRef>
CompressChildren(const ArrayRef &encoded, std::span<const size_t> indices, const CompressContext &ctx);

} // namespace vortex::compressor
