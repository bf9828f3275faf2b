// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Schemes shared by several leaf types.
#include "vortex/compressor/scheme.h"

namespace vortex::compressor::btrblocks {

/// Run ends plus one value per run; pays from an average run of 4 (the reference's threshold).
class RunEndScheme final : public Scheme {
public:
    std::string_view name() const override { return "runend"; }
    bool SizeFollowsRuns() const override { return true; }
    bool Applies(const LeafStats &stats, const CompressContext &ctx) const override;
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &stats, const CompressContext &ctx) const override;
};

/// FastLanes RLE: runs per 1024-value block, decoded with the block's lanes.
class RleScheme final : public Scheme {
public:
    std::string_view name() const override { return "rle"; }
    bool SizeFollowsRuns() const override { return true; }
    bool Applies(const LeafStats &stats, const CompressContext &ctx) const override;
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &stats, const CompressContext &ctx) const override;
};

/// Stores only the positions that differ from a fill: null when more than 90% are null, and
/// for integers (`top_value`) also the most frequent value when it covers 90% of them.
class SparseScheme final : public Scheme {
public:
    explicit SparseScheme(bool top_value = true) : top_value_(top_value) {}
    std::string_view name() const override { return "sparse"; }
    bool Applies(const LeafStats &stats, const CompressContext &ctx) const override;
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &stats, const CompressContext &ctx) const override;

private:
    bool top_value_;
};

/// Frames of whole values through zstd (strings, binaries and numbers): only in the compact
/// set, which trades decoding speed for size.
class ZstdScheme final : public Scheme {
public:
    std::string_view name() const override { return "zstd"; }
    bool JudgedOnWholeArray() const override { return true; }
    bool Applies(const LeafStats &stats, const CompressContext &ctx) const override;
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &stats, const CompressContext &ctx) const override;
};

/// pco (the reference's compact scheme for numbers): 16-, 32- and 64-bit integers and floats,
/// only in the compact set. Judged like zstd, on the whole array.
class PcoScheme final : public Scheme {
public:
    std::string_view name() const override { return "pco"; }
    bool JudgedOnWholeArray() const override { return true; }
    bool Applies(const LeafStats &stats, const CompressContext &ctx) const override;
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &stats, const CompressContext &ctx) const override;
};

/// Distinct values once plus a code per row; codes and values are compressed further.
class DictScheme final : public Scheme {
public:
    enum class Kind { kInteger, kOther };
    explicit DictScheme(Kind kind) : kind_(kind) {}
    std::string_view name() const override { return "dict"; }
    bool Applies(const LeafStats &stats, const CompressContext &ctx) const override;
    Result<std::optional<ArrayRef>>
    Encode(const ArrayRef &canonical, const LeafStats &stats, const CompressContext &ctx) const override;

private:
    Kind kind_;
};

} // namespace vortex::compressor::btrblocks
