// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// The transforms of values that are not leaves (spec: arrays-encodings 2, what the reference's
// compressor emits for decimals and timestamps).
#include "vortex/compressor/btrblocks/builtin_schemes.h"
#include "vortex/dtype/extension.h"
#include "vortex/encodings/datetime_parts/datetime_parts_array.h"
#include "vortex/encodings/decimal_byte_parts/decimal_byte_parts_array.h"

namespace vortex::compressor::btrblocks {
namespace {

class DecimalBytePartsTransform final : public TransformScheme {
public:
    std::string_view name() const override { return "decimal_byte_parts"; }
    Result<std::optional<ArrayRef>> Encode(const ArrayRef &canonical,
                                           const CompressContext &ctx) const override {
        auto parts = decimal_byte_parts::DecimalBytePartsEncode(canonical);
        if (!parts.ok()) {
            // Values beyond 64 bits stay a plain decimal, as in the reference.
            return std::optional<ArrayRef>();
        }
        static constexpr size_t kMsp[] = {0};
        VX_ASSIGN_OR_RETURN(ArrayRef result, CompressChildren(*parts, kMsp, ctx));
        return std::optional<ArrayRef>(std::move(result));
    }
};

// Timestamps split into days, seconds and subseconds are usually smaller than the raw ticks:
// the parts have far fewer distinct values. The cascade keeps the smaller of the two.
class DateTimePartsTransform final : public TransformScheme {
public:
    std::string_view name() const override { return "datetime_parts"; }
    Result<std::optional<ArrayRef>> Encode(const ArrayRef &canonical,
                                           const CompressContext &ctx) const override {
        if (canonical->dtype().extension().id != kTimestampId) {
            return std::optional<ArrayRef>();
        }
        auto parts = datetime_parts::DateTimePartsEncodeNarrowed(canonical);
        if (!parts.ok()) {
            return std::optional<ArrayRef>();
        }
        static constexpr size_t kParts[] = {0, 1, 2};
        VX_ASSIGN_OR_RETURN(ArrayRef result, CompressChildren(*parts, kParts, ctx));
        return std::optional<ArrayRef>(std::move(result));
    }
};

const DecimalBytePartsTransform kDecimalParts;
const DateTimePartsTransform kDateTimeParts;

} // namespace

const TransformScheme &DecimalPartsScheme() {
    return kDecimalParts;
}

const TransformScheme &DateTimePartsScheme() {
    return kDateTimeParts;
}

} // namespace vortex::compressor::btrblocks
