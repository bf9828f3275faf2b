// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/statistics.h"

#include "vortex/array/array.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

struct Statistics::Slot {
    std::once_flag once;
    // Set (with release order) after `status`/`value` are written inside call_once.
    std::atomic<bool> ready{false};
    Status status;
    std::optional<Scalar> value;
};

std::string_view StatName(Stat stat) {
    switch (stat) {
        case Stat::IsConstant:
            return "is_constant";
        case Stat::IsSorted:
            return "is_sorted";
        case Stat::IsStrictSorted:
            return "is_strict_sorted";
        case Stat::Max:
            return "max";
        case Stat::Min:
            return "min";
        case Stat::Sum:
            return "sum";
        case Stat::NullCount:
            return "null_count";
        case Stat::UncompressedSizeInBytes:
            return "uncompressed_size_in_bytes";
        case Stat::NanCount:
            return "nan_count";
    }
    return "?";
}

Statistics::Statistics(const Array &owner) : owner_(owner), slots_(new std::array<Slot, kNumStats>()) {}
Statistics::~Statistics() = default;

Result<std::optional<Scalar>> Statistics::Get(Stat stat) const {
    Slot &slot = (*slots_)[static_cast<size_t>(stat)];
    std::call_once(slot.once, [&] {
        std::optional<Result<std::optional<Scalar>>> computed = owner_.ComputeStatImpl(stat);
        if (!computed.has_value()) {
            computed = ComputeStatCanonical(owner_.ToRef(), stat);
        }
        if (computed->ok()) {
            slot.value = std::move(**computed);
        } else {
            slot.status = computed->status();
        }
        slot.ready.store(true, std::memory_order_release);
    });
    if (!slot.status.ok()) {
        return slot.status;
    }
    return slot.value;
}

std::optional<Scalar> Statistics::GetIfComputed(Stat stat) const {
    const Slot &slot = (*slots_)[static_cast<size_t>(stat)];
    if (!slot.ready.load(std::memory_order_acquire) || !slot.status.ok()) {
        return std::nullopt;
    }
    return slot.value;
}

void Statistics::Set(Stat stat, Scalar value) {
    Slot &slot = (*slots_)[static_cast<size_t>(stat)];
    std::call_once(slot.once, [&] {
        slot.value = std::move(value);
        slot.ready.store(true, std::memory_order_release);
    });
}

namespace {

template <typename T>
Result<T> TypedStat(const Statistics &stats, Stat stat) {
    VX_ASSIGN_OR_RETURN(std::optional<Scalar> value, stats.Get(stat));
    VX_ENSURE(value.has_value() && !value->is_null(), Compute, "statistic {} is unavailable", StatName(stat));
    if constexpr (std::is_same_v<T, bool>) {
        return value->as_bool();
    } else {
        return value->template as<T>();
    }
}

} // namespace

Result<uint64_t> Statistics::null_count() const {
    return TypedStat<uint64_t>(*this, Stat::NullCount);
}
Result<bool> Statistics::is_constant() const {
    return TypedStat<bool>(*this, Stat::IsConstant);
}
Result<bool> Statistics::is_sorted() const {
    return TypedStat<bool>(*this, Stat::IsSorted);
}
Result<bool> Statistics::is_strict_sorted() const {
    return TypedStat<bool>(*this, Stat::IsStrictSorted);
}

} // namespace vortex
