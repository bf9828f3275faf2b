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
#include "vortex/dtype/ptype.h"

namespace vortex::datetime_parts {

inline constexpr int64_t kSecondsPerDay = 86'400;

/// The decoded DateTimePartsMetadata proto. Spec: arrays-encodings 7.9: `1: days_ptype PType;
/// 2: seconds_ptype PType; 3: subseconds_ptype PType`.
struct DateTimePartsMetadata {
    PType days_ptype = PType::I64;
    PType seconds_ptype = PType::I64;
    PType subseconds_ptype = PType::I64;

    std::vector<uint8_t> Serialize() const;
    /// Parses and checks the three ptype tags (each must be an integer type).
    static Result<DateTimePartsMetadata> Parse(std::span<const uint8_t> bytes);
    bool operator==(const DateTimePartsMetadata &) const = default;
};

/// `vortex.datetimeparts`: metadata DateTimePartsMetadata, no buffers, children [days,
/// seconds, subseconds]. Spec: arrays-encodings 7.9.
class DateTimePartsEncoding final : public EncodingBase<DateTimePartsEncoding> {
public:
    static constexpr std::string_view kId = "vortex.datetimeparts";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// A vortex.timestamp array split into whole days, seconds within the day and sub-second
/// ticks: ts = days * 86400 * D + seconds * D + subseconds, D = ticks per second of the unit.
/// The days child carries the validity; seconds and subseconds are non-nullable. The children
/// may have any integer ptype and any encoding.
class DateTimePartsArray final : public Array {
public:
    /// `dtype` must be a vortex.timestamp extension whose nullability matches `days`; the
    /// three children are integer arrays of equal length (seconds and subseconds
    /// non-nullable).
    static Result<std::shared_ptr<const DateTimePartsArray>>
    TryMake(DType dtype, ArrayRef days, ArrayRef seconds, ArrayRef subseconds);

    const ArrayRef &days() const { return children()[0]; }
    const ArrayRef &seconds() const { return children()[1]; }
    const ArrayRef &subseconds() const { return children()[2]; }
    /// Ticks per second of the timestamp unit (1, 1e3, 1e6 or 1e9).
    int64_t ticks_per_second() const { return ticks_per_second_; }
    DateTimePartsMetadata metadata() const;

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return metadata().Serialize(); }
    bool is_valid(size_t i) const override { return days()->is_valid(i); }
    Mask validity_mask() const override { return days()->validity_mask(); }
    /// Recombines the parts into the timestamp's I64 storage.
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    /// Eq and NotEq compare each part with the constant's split (as the reference does, this
    /// assumes the parts are a truncating split: seconds within the day, subseconds within
    /// the second); other operators fall back to canonical.
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;
    std::optional<Result<std::optional<Scalar>>> ComputeStatImpl(Stat stat) const override;

    struct Token {};
    DateTimePartsArray(
        Token, DType dtype, ArrayRef days, ArrayRef seconds, ArrayRef subseconds, int64_t ticks);

private:
    int64_t ticks_per_second_;
};

/// Returns the ticks per second of a vortex.timestamp dtype's unit; InvalidArgument for any
/// other dtype.
Result<int64_t> TimestampTicksPerSecond(const DType &dtype);

/// Splits a vortex.timestamp array (any encoding) into I64 days, seconds and subseconds with
/// truncating division, as the reference's `DateTimeParts::try_from_temporal` does (negative
/// timestamps give negative parts). The days child keeps the validity.
Result<ArrayRef> DateTimePartsEncode(const ArrayRef &array);

/// Like DateTimePartsEncode, then narrows each part as the reference's BtrBlocks temporal
/// scheme does before compressing the children (`PrimitiveArray::narrow`): over the non-null
/// values, a part with a negative minimum becomes I8/I16/I32 if it fits, else stays I64; a
/// non-negative part becomes U8/U16/U32 if it fits, else stays I64; an empty or all-null part
/// becomes U8 zeros.
Result<ArrayRef> DateTimePartsEncodeNarrowed(const ArrayRef &array);

} // namespace vortex::datetime_parts
