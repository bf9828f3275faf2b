// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/datetime_parts/datetime_parts_array.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/encoding_parts_internal.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/base/simd_clones.h"
#include "vortex/dtype/extension.h"
#include "vortex/encodings/datetime_parts/datetime_parts_metadata.pb.h"
#include "vortex/scalar/scalar.h"

namespace vortex::datetime_parts {

namespace {

Status CheckIntChild(const ArrayRef &child, std::string_view what, bool nullable, size_t len) {
    VX_ENSURE(child != nullptr, InvalidArgument, "datetime parts {} child is missing", what);
    VX_ENSURE(child->dtype().is_primitive() && IsInt(child->dtype().ptype()), InvalidArgument,
              "datetime parts {} must be integers, got {}", what, child->dtype());
    VX_ENSURE(child->dtype().is_nullable() == nullable, InvalidArgument,
              "datetime parts {} must be {}, got {}", what, nullable ? "nullable" : "non-nullable",
              child->dtype());
    VX_ENSURE(child->len() == len, InvalidArgument, "datetime parts {} has {} elements, days has {}", what,
              child->len(), len);
    return Status::OK();
}

// Adds static_cast<int64_t>(part[i]) * scale to acc[i] with two's complement wrap-around
// (values from a file may overflow; the reference's release build wraps too). The first pass
// writes instead (acc uninitialized), adding `base`.
template <typename T>
VORTEX_SIMD_CLONES void AccumulateScaled(const T *__restrict values,
                                         size_t n,
                                         uint64_t scale,
                                         bool first,
                                         uint64_t base,
                                         uint64_t *__restrict acc) {
    if (first) {
        for (size_t i = 0; i < n; ++i) {
            acc[i] = base + static_cast<uint64_t>(static_cast<int64_t>(values[i])) * scale;
        }
        return;
    }
    for (size_t i = 0; i < n; ++i) {
        acc[i] += static_cast<uint64_t>(static_cast<int64_t>(values[i])) * scale;
    }
}

// Every pass over one cache-sized stretch of the output before the next stretch: the later
// passes add to values still in L1 instead of reading the whole output back from memory.
void AccumulateParts(std::span<const std::pair<std::shared_ptr<const PrimitiveArray>, uint64_t>> parts,
                     uint64_t base,
                     size_t len,
                     uint64_t *acc) {
    constexpr size_t kStretch = 2048;
    for (size_t start = 0; start < len; start += kStretch) {
        const size_t count = std::min(kStretch, len - start);
        for (size_t k = 0; k < parts.size(); ++k) {
            // Named copies, not a structured binding: clang 14 cannot capture those.
            const auto &part = parts[k].first;
            const uint64_t scale = parts[k].second;
            VisitIntPType(part->ptype(), [&]<typename T>() {
                AccumulateScaled(part->values_as<T>().data() + start, count, scale, k == 0, base,
                                 acc + start);
            });
        }
    }
}

// The value of a constant, non-null integer part (seconds and subseconds often are: dates,
// whole seconds), which then needs no canonical array and no pass of its own.
std::optional<uint64_t> ConstantPart(const ArrayRef &part) {
    const auto *constant = As<ConstantArray>(*part);
    if (constant == nullptr || constant->scalar().is_null()) {
        return std::nullopt;
    }
    return std::visit(
        []<typename V>(V value) -> std::optional<uint64_t> {
            if constexpr (std::is_integral_v<V>) {
                return static_cast<uint64_t>(static_cast<int64_t>(value));
            } else {
                return std::nullopt;
            }
        },
        constant->scalar().pvalue());
}

Result<std::shared_ptr<const PrimitiveArray>> CanonicalPart(const ArrayRef &part) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(part));
    auto primitive = As<PrimitiveArray>(canonical);
    VX_ENSURE(primitive != nullptr, Internal, "datetime part did not canonicalize to a primitive array");
    return primitive;
}

} // namespace

Result<int64_t> TimestampTicksPerSecond(const DType &dtype) {
    VX_ENSURE(dtype.is_extension() && dtype.extension().id == kTimestampId, InvalidArgument,
              "datetime parts need a {} dtype, got {}", kTimestampId, dtype);
    VX_ASSIGN_OR_RETURN(TemporalMetadata temporal, ParseTemporalMetadata(dtype.extension()));
    switch (temporal.unit) {
        case TimeUnit::Nanoseconds:
            return int64_t{1'000'000'000};
        case TimeUnit::Microseconds:
            return int64_t{1'000'000};
        case TimeUnit::Milliseconds:
            return int64_t{1'000};
        case TimeUnit::Seconds:
            return int64_t{1};
        case TimeUnit::Days:
            break;
    }
    return Status::InvalidArgument("datetime parts cannot split unit {}", TimeUnitName(temporal.unit));
}

// Spec: arrays-encodings 7.9.
std::vector<uint8_t> DateTimePartsMetadata::Serialize() const {
    vortex::encodings::DateTimePartsMetadata proto;
    proto.set_days_ptype(static_cast<vortex::dtype::PType>(days_ptype));
    proto.set_seconds_ptype(static_cast<vortex::dtype::PType>(seconds_ptype));
    proto.set_subseconds_ptype(static_cast<vortex::dtype::PType>(subseconds_ptype));
    return vortex::internal::SerializeProtoMetadata(proto);
}

Result<DateTimePartsMetadata> DateTimePartsMetadata::Parse(std::span<const uint8_t> bytes) {
    using Encoding = DateTimePartsEncoding;
    VX_ASSIGN_OR_RETURN(
        auto proto,
        vortex::internal::ParseProtoMetadata<vortex::encodings::DateTimePartsMetadata>(Encoding::kId, bytes));
    DateTimePartsMetadata out;
    VX_ASSIGN_OR_RETURN(out.days_ptype, vortex::internal::PTypeFromTag(Encoding::kId, proto.days_ptype()));
    VX_ASSIGN_OR_RETURN(out.seconds_ptype,
                        vortex::internal::PTypeFromTag(Encoding::kId, proto.seconds_ptype()));
    VX_ASSIGN_OR_RETURN(out.subseconds_ptype,
                        vortex::internal::PTypeFromTag(Encoding::kId, proto.subseconds_ptype()));
    VX_RETURN_NOT_OK(vortex::internal::EnsureIntPType(Encoding::kId, "days", out.days_ptype));
    VX_RETURN_NOT_OK(vortex::internal::EnsureIntPType(Encoding::kId, "seconds", out.seconds_ptype));
    VX_RETURN_NOT_OK(vortex::internal::EnsureIntPType(Encoding::kId, "subseconds", out.subseconds_ptype));
    return out;
}

// Spec: arrays-encodings 7.9: children [days (array nullability), seconds (non-null),
// subseconds (non-null)], all of length len.
Result<ArrayRef> DateTimePartsEncoding::Build(const DType &dtype,
                                              size_t len,
                                              std::span<const uint8_t> metadata,
                                              std::vector<Buffer> buffers,
                                              const ArrayChildren &children) const {
    VX_ASSIGN_OR_RETURN(DateTimePartsMetadata parsed, DateTimePartsMetadata::Parse(metadata));
    VX_RETURN_NOT_OK(vortex::internal::EnsureBufferCount(kId, buffers, 0));
    VX_RETURN_NOT_OK(vortex::internal::EnsureChildCount(kId, children, 3, 3));
    auto ticks = TimestampTicksPerSecond(dtype);
    VX_ENSURE(ticks.ok(), Serde, "{}: {}", kId, ticks.status().message());
    VX_ASSIGN_OR_RETURN(ArrayRef days,
                        children.Get(0, DType::Primitive(parsed.days_ptype, dtype.nullability()), len));
    VX_ASSIGN_OR_RETURN(
        ArrayRef seconds,
        children.Get(1, DType::Primitive(parsed.seconds_ptype, Nullability::NonNullable), len));
    VX_ASSIGN_OR_RETURN(
        ArrayRef subseconds,
        children.Get(2, DType::Primitive(parsed.subseconds_ptype, Nullability::NonNullable), len));
    VX_ASSIGN_OR_RETURN(auto array, AsSerde(DateTimePartsArray::TryMake(
                                        dtype, std::move(days), std::move(seconds), std::move(subseconds))));
    return ArrayRef(std::move(array));
}

// `days` is copied into Array's list, and `days->len()` is read in the same call.
// NOLINTBEGIN(performance-unnecessary-value-param)
DateTimePartsArray::DateTimePartsArray(
    Token, DType dtype, ArrayRef days, ArrayRef seconds, ArrayRef subseconds, int64_t ticks)
    : Array(DateTimePartsEncoding::Instance(),
            std::move(dtype),
            days->len(),
            {},
            {days, std::move(seconds), std::move(subseconds)}),
      ticks_per_second_(ticks) {}
// NOLINTEND(performance-unnecessary-value-param)

Result<std::shared_ptr<const DateTimePartsArray>>
DateTimePartsArray::TryMake(DType dtype, ArrayRef days, ArrayRef seconds, ArrayRef subseconds) {
    VX_ASSIGN_OR_RETURN(int64_t ticks, TimestampTicksPerSecond(dtype));
    VX_ENSURE(days != nullptr, InvalidArgument, "datetime parts days child is missing");
    const size_t len = days->len();
    VX_RETURN_NOT_OK(CheckIntChild(days, "days", dtype.is_nullable(), len));
    VX_RETURN_NOT_OK(CheckIntChild(seconds, "seconds", false, len));
    VX_RETURN_NOT_OK(CheckIntChild(subseconds, "subseconds", false, len));
    return std::make_shared<const DateTimePartsArray>(Token{}, std::move(dtype), std::move(days),
                                                      std::move(seconds), std::move(subseconds), ticks);
}

DateTimePartsMetadata DateTimePartsArray::metadata() const {
    return DateTimePartsMetadata{.days_ptype = days()->dtype().ptype(),
                                 .seconds_ptype = seconds()->dtype().ptype(),
                                 .subseconds_ptype = subseconds()->dtype().ptype()};
}

Result<ArrayRef> DateTimePartsArray::ToCanonical() const {
    VX_ASSIGN_OR_RETURN(auto days_values, CanonicalPart(days()));
    const auto ticks = static_cast<uint64_t>(ticks_per_second_);
    // Constant parts fold into one base; the others are one branch-free pass each over their
    // native type, the first writing the output.
    uint64_t base = 0;
    std::vector<std::pair<std::shared_ptr<const PrimitiveArray>, uint64_t>> passes;
    passes.emplace_back(days_values, static_cast<uint64_t>(kSecondsPerDay) * ticks);
    for (const auto &[part, scale] : {std::pair{seconds(), ticks}, std::pair{subseconds(), uint64_t{1}}}) {
        if (const std::optional<uint64_t> value = ConstantPart(part)) {
            base += *value * scale;
        } else {
            VX_ASSIGN_OR_RETURN(auto values, CanonicalPart(part));
            passes.emplace_back(std::move(values), scale);
        }
    }
    BufferMut storage = BufferMut::Uninitialized(len() * sizeof(int64_t));
    auto *acc = storage.data_as<uint64_t>();
    AccumulateParts(passes, base, len(), acc);
    VX_ASSIGN_OR_RETURN(auto values, PrimitiveArray::TryMake(PType::I64, std::move(storage).Freeze(),
                                                             days_values->validity()));
    VX_ASSIGN_OR_RETURN(auto extension, ExtensionArray::TryMake(dtype(), std::move(values)));
    return ArrayRef(std::move(extension));
}

} // namespace vortex::datetime_parts
