// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/serde/array_stats_serde.h"

#include <optional>
#include <string>

#include "vortex/array/array.h"
#include "vortex/base/format.h"
#include "vortex/scalar/scalar_serde.h"
#include "vortex/scalar/stat_dtype.h"

namespace vortex {

namespace {

namespace fba = fbs::array;

constexpr Stat kAllStats[] = {
    Stat::IsConstant, Stat::IsSorted,  Stat::IsStrictSorted,          Stat::Max,     Stat::Min,
    Stat::Sum,        Stat::NullCount, Stat::UncompressedSizeInBytes, Stat::NanCount};

bool IsOverlongBound(const Scalar &value) {
    if (const auto *text = std::get_if<std::string>(&value.value())) {
        return text->size() > kMaxSerializedStatBytes;
    }
    if (const auto *bytes = std::get_if<std::vector<uint8_t>>(&value.value())) {
        return bytes->size() > kMaxSerializedStatBytes;
    }
    return false;
}

std::optional<bool> AsBool(const Scalar &value) {
    if (!value.dtype().is_bool() || value.is_null()) {
        return std::nullopt;
    }
    return value.as_bool();
}

std::optional<uint64_t> AsU64(const Scalar &value) {
    if (!value.dtype().is_primitive() || value.dtype().ptype() != PType::U64 || value.is_null()) {
        return std::nullopt;
    }
    return value.as<uint64_t>();
}

// Decodes a min/max/sum value; nullopt for a null value (which readers ignore).
Result<std::optional<Scalar>> DecodeValue(const flatbuffers::Vector<uint8_t> *bytes,
                                          const DType &value_dtype,
                                          const DType &result_dtype,
                                          Stat stat) {
    auto decoded =
        DeserializeScalarValue(std::span<const uint8_t>(bytes->data(), bytes->size()), value_dtype);
    if (!decoded.ok()) {
        return decoded.status().WithContext(vortex::format("decoding the {} statistic", StatName(stat)));
    }
    if (decoded->is_null()) {
        return std::optional<Scalar>();
    }
    auto cast = Cast(*decoded, result_dtype);
    if (!cast.ok()) {
        return Status::Serde("{} statistic {} does not fit dtype {}", StatName(stat), decoded->ToString(),
                             result_dtype);
    }
    return std::optional<Scalar>(std::move(*cast));
}

Result<bool> IsExact(fba::Precision precision, Stat stat) {
    switch (precision) {
        case fba::Precision::Exact:
            return true;
        case fba::Precision::Inexact:
            return false;
    }
    return Status::Serde("corrupt {}_precision value {}", StatName(stat), static_cast<int>(precision));
}

} // namespace

std::vector<std::pair<Stat, Scalar>> CachedStatistics(const Array &array) {
    std::vector<std::pair<Stat, Scalar>> out;
    for (Stat stat : kAllStats) {
        std::optional<Scalar> value = array.statistics().GetIfComputed(stat);
        if (value.has_value() && !value->is_null()) {
            out.emplace_back(stat, std::move(*value));
        }
    }
    return out;
}

flatbuffers::Offset<fba::ArrayStats> WriteArrayStats(flatbuffers::FlatBufferBuilder &fbb,
                                                     const DType &dtype,
                                                     std::span<const std::pair<Stat, Scalar>> stats) {
    const Scalar *min = nullptr;
    const Scalar *max = nullptr;
    const Scalar *sum = nullptr;
    flatbuffers::Optional<bool> is_sorted;
    flatbuffers::Optional<bool> is_strict_sorted;
    flatbuffers::Optional<bool> is_constant;
    flatbuffers::Optional<uint64_t> null_count;
    flatbuffers::Optional<uint64_t> uncompressed_size;
    flatbuffers::Optional<uint64_t> nan_count;
    const auto to_optional = [](auto value) {
        using T = typename decltype(value)::value_type;
        return value ? flatbuffers::Optional<T>(*value) : flatbuffers::Optional<T>();
    };
    for (const auto &[stat, value] : stats) {
        if (value.is_null()) {
            continue;
        }
        switch (stat) {
            case Stat::Min:
            case Stat::Max:
                // Spec: min/max have the column dtype; the Null dtype has none.
                if (!dtype.is_null() && !IsOverlongBound(value) && ScalarValueReadableByReference(dtype)) {
                    (stat == Stat::Min ? min : max) = &value;
                }
                break;
            case Stat::Sum:
                if (SumDType(dtype).has_value()) {
                    sum = &value;
                }
                break;
            case Stat::IsSorted:
                is_sorted = to_optional(AsBool(value));
                break;
            case Stat::IsStrictSorted:
                is_strict_sorted = to_optional(AsBool(value));
                break;
            case Stat::IsConstant:
                is_constant = to_optional(AsBool(value));
                break;
            case Stat::NullCount:
                null_count = to_optional(AsU64(value));
                break;
            case Stat::UncompressedSizeInBytes:
                uncompressed_size = to_optional(AsU64(value));
                break;
            case Stat::NanCount:
                nan_count = to_optional(AsU64(value));
                break;
        }
    }
    const auto write_value = [&](const Scalar *value) {
        return value == nullptr ? flatbuffers::Offset<flatbuffers::Vector<uint8_t>>()
                                : fbb.CreateVector(SerializeScalarValue(*value));
    };
    // The reference creates the vectors in this order; keep it for identical bytes.
    const auto min_offset = write_value(min);
    const auto max_offset = write_value(max);
    const auto sum_offset = write_value(sum);
    return fba::CreateArrayStats(fbb, min_offset, min ? fba::Precision::Exact : fba::Precision::Inexact,
                                 max_offset, max ? fba::Precision::Exact : fba::Precision::Inexact,
                                 sum_offset, is_sorted, is_strict_sorted, is_constant, null_count,
                                 uncompressed_size, nan_count);
}

Result<std::vector<std::pair<Stat, Scalar>>> ReadArrayStats(const fba::ArrayStats *fb, const DType &dtype) {
    std::vector<std::pair<Stat, Scalar>> out;
    if (fb == nullptr) {
        return out;
    }
    const auto add_bool = [&](Stat stat, flatbuffers::Optional<bool> value) {
        if (value) {
            out.emplace_back(stat, Scalar::Bool(*value, Nullability::NonNullable));
        }
    };
    const auto add_count = [&](Stat stat, flatbuffers::Optional<uint64_t> value) {
        if (value) {
            out.emplace_back(stat, Scalar::Primitive<uint64_t>(*value, Nullability::NonNullable));
        }
    };
    add_bool(Stat::IsConstant, fb->is_constant());
    add_bool(Stat::IsSorted, fb->is_sorted());
    add_bool(Stat::IsStrictSorted, fb->is_strict_sorted());

    // Spec: min/max are decoded with the column dtype; a null value is ignored, and so is an
    // inexact bound (a reader only installs exact statistics).
    const auto add_bound = [&](Stat stat, const flatbuffers::Vector<uint8_t> *bytes,
                               fba::Precision precision) -> Status {
        if (bytes == nullptr) {
            return Status::OK();
        }
        VX_ASSIGN_OR_RETURN(bool exact, IsExact(precision, stat));
        if (dtype.is_null() || !exact) {
            return Status::OK();
        }
        VX_ASSIGN_OR_RETURN(std::optional<Scalar> value,
                            DecodeValue(bytes, dtype.AsNullable(), dtype.AsNonNullable(), stat));
        if (value) {
            out.emplace_back(stat, std::move(*value));
        }
        return Status::OK();
    };
    VX_RETURN_NOT_OK(add_bound(Stat::Max, fb->max(), fb->max_precision()));
    VX_RETURN_NOT_OK(add_bound(Stat::Min, fb->min(), fb->min_precision()));

    if (const std::optional<DType> sum_dtype = SumDType(dtype); sum_dtype && fb->sum() != nullptr) {
        VX_ASSIGN_OR_RETURN(std::optional<Scalar> sum,
                            DecodeValue(fb->sum(), *sum_dtype, *sum_dtype, Stat::Sum));
        if (sum) {
            out.emplace_back(Stat::Sum, std::move(*sum));
        }
    }
    add_count(Stat::NullCount, fb->null_count());
    add_count(Stat::UncompressedSizeInBytes, fb->uncompressed_size_in_bytes());
    add_count(Stat::NanCount, fb->nan_count());
    return out;
}

} // namespace vortex
