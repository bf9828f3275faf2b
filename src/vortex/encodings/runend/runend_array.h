// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/buffer/pool_allocator.h"
#include "vortex/dtype/ptype.h"

namespace vortex::runend {

/// The decoded RunEndMetadata proto. Spec: arrays-encodings 7.2: `1: ends_ptype PType;
/// 2: num_runs uint64; 3: offset uint64`.
struct RunEndMetadata {
    PType ends_ptype = PType::U8;
    uint64_t num_runs = 0;
    uint64_t offset = 0;

    std::vector<uint8_t> Serialize() const;
    /// Parses untrusted bytes and checks the ptype tag (any PType; Build() then requires an
    /// unsigned one).
    static Result<RunEndMetadata> Parse(std::span<const uint8_t> bytes);
    bool operator==(const RunEndMetadata &) const = default;
};

/// `vortex.runend`: metadata RunEndMetadata{1: ends_ptype, 2: num_runs, 3: offset}, no
/// buffers, children [ends (non-null unsigned, num_runs), values (array dtype, num_runs)].
/// Spec: arrays-encodings 7.2.
class RunEndEncoding final : public EncodingBase<RunEndEncoding> {
public:
    static constexpr std::string_view kId = "vortex.runend";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// Runs of equal values: run k covers logical positions [ends[k-1], ends[k]) shifted down by
/// offset() and clipped to [0, len), and holds values[k] (null when values[k] is null).
///
/// Ends are exclusive, absolute (pre-slice) positions, strictly increasing and, unless the
/// array is empty, every one >= offset and the last >= offset + len; slicing moves offset and drops whole
/// runs, as the reference does. The ends child is canonicalized once at construction into run_ends() so that
/// lookups (binary search) are infallible; the values child is kept as given.
class RunEndArray final : public Array {
public:
    /// Validates the parts (InvalidArgument on failure). `ends` must be a non-nullable
    /// unsigned integer array of the same length as `values`; the dtype is values' dtype.
    static Result<std::shared_ptr<const RunEndArray>>
    TryMake(ArrayRef ends, const ArrayRef &values, size_t offset, size_t len);
    /// Unsliced form: offset 0 and len = the last end (0 without runs).
    static Result<std::shared_ptr<const RunEndArray>> TryMake(ArrayRef ends, const ArrayRef &values);

    const ArrayRef &ends() const { return children()[0]; }
    const ArrayRef &values() const { return children()[1]; }
    size_t offset() const { return offset_; }
    size_t num_runs() const { return run_ends_.size(); }
    /// The run ends as stored (absolute), widened to u64.
    std::span<const uint64_t> run_ends() const { return run_ends_; }
    /// Index of the run holding logical position `i` (< len).
    size_t FindRun(size_t i) const;
    /// Logical end (exclusive, clipped to len) of run `k`.
    size_t LogicalRunEnd(size_t k) const;

    RunEndMetadata metadata() const;
    Result<std::vector<uint8_t>> SerializeMetadata() const override { return metadata().Serialize(); }
    bool is_valid(size_t i) const override { return values()->is_valid(FindRun(i)); }
    Mask validity_mask() const override;
    /// Fills every run with its value: directly for Bool and Primitive, otherwise by taking
    /// the values with one run index per position.
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    /// Keeps the runs that overlap the range (a constant when only one does).
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    /// Dense masks keep the run-end form (runs with no selected position are dropped);
    /// sparse ones take the values by run index.
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    /// Maps each index to its run (binary search) and takes the values.
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    /// As indices (a dictionary's codes): takes the source once per run, keeping the runs.
    std::optional<Result<ArrayRef>> TakeFromImpl(const ArrayRef &source) const override;
    /// Compares the values once; the result is run-end encoded over the same ends.
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;
    /// Maps the values once per run; the result keeps these runs.
    std::optional<Result<ArrayRef>> MapValuesImpl(const ValueMap &map) const override;
    /// Min and max from the values when every run is visible; null count from the null
    /// runs' lengths.
    std::optional<Result<std::optional<Scalar>>> ComputeStatImpl(Stat stat) const override;

    /// Run ends widened to u64, shared by the arrays that keep the same ends child or a slice of it.
    using RunEnds = PooledVector<uint64_t>;
    struct Token {};
    /// `run_ends`: the ends child's values, a window of `owner`.
    RunEndArray(Token,
                ArrayRef ends,
                const ArrayRef &values,
                size_t offset,
                size_t len,
                std::shared_ptr<const RunEnds> owner,
                std::span<const uint64_t> run_ends);

private:
    // The same runs over other values (as many, checked by the caller), sharing the decoded ends.
    ArrayRef WithValues(const ArrayRef &values) const;
    // Takes the values at `run_indices` (one run index per output element), with the given
    // validity for the indices.
    Result<ArrayRef> TakeRuns(const std::vector<uint64_t> &run_indices, const Mask *indices_validity) const;
    // True when every run covers at least one logical position, so the values child holds
    // exactly the array's distinct runs.
    bool every_run_visible() const;

    size_t offset_;
    std::shared_ptr<const RunEnds> run_ends_owner_;
    std::span<const uint64_t> run_ends_;
};

/// Run-end encodes a canonical Primitive or Bool array (InvalidArgument otherwise), as the
/// reference's runend_encode: ends are narrowed to the smallest unsigned type that holds the
/// length (U8 when empty); an all-invalid input becomes ends [len] as U64 over one constant
/// null value. Floats are compared bit for bit, so -0.0 and NaN payloads survive.
Result<ArrayRef> RunEndEncode(const ArrayRef &canonical);

} // namespace vortex::runend
