// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/statistics.h"

#include "vortex/array/array.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

// A slot goes empty -> busy (one thread computes or sets it) -> ready. A thread that finds it
// busy waits on the state. Unlike std::call_once (glibc wakes the futex on every completion),
// nothing here makes a system call unless a thread actually waits.
struct Statistics::Slot {
    static constexpr int kEmpty = 0;
    static constexpr int kBusy = 1;
    static constexpr int kReady = 2;
    std::atomic<int> state{kEmpty};
    // Written while busy, read once ready (release/acquire on `state`).
    Status status;
    std::optional<Scalar> value;

    // True when the caller won the slot and must fill it and call Publish().
    bool Claim() {
        int expected = kEmpty;
        if (state.compare_exchange_strong(expected, kBusy, std::memory_order_acquire)) {
            return true;
        }
        WaitReady();
        return false;
    }
    void Publish() {
        state.store(kReady, std::memory_order_release);
        state.notify_all();
    }
    void WaitReady() const {
        for (int seen = state.load(std::memory_order_acquire); seen != kReady;
             seen = state.load(std::memory_order_acquire)) {
            state.wait(seen, std::memory_order_acquire);
        }
    }
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

Statistics::Statistics(const Array &owner) : owner_(owner) {}
Statistics::~Statistics() {
    delete slots_.load(std::memory_order_acquire);
}

Statistics::Slot &Statistics::SlotOf(Stat stat) const {
    Slots *slots = slots_.load(std::memory_order_acquire);
    if (slots == nullptr) {
        // Most arrays never hold a statistic: the slots are allocated on first use.
        auto *fresh = new Slots();
        if (slots_.compare_exchange_strong(slots, fresh, std::memory_order_acq_rel)) {
            slots = fresh;
        } else {
            delete fresh; // another thread installed its slots first; `slots` holds them
        }
    }
    return (*slots)[static_cast<size_t>(stat)];
}

Result<std::optional<Scalar>> Statistics::Get(Stat stat) const {
    Slot &slot = SlotOf(stat);
    if (slot.state.load(std::memory_order_acquire) != Slot::kReady && slot.Claim()) {
        std::optional<Result<std::optional<Scalar>>> computed = owner_.ComputeStatImpl(stat);
        if (!computed.has_value()) {
            computed = ComputeStatCanonical(owner_.ToRef(), stat);
        }
        if (computed->ok()) {
            slot.value = std::move(**computed);
        } else {
            slot.status = computed->status();
        }
        slot.Publish();
    }
    if (!slot.status.ok()) {
        return slot.status;
    }
    return slot.value;
}

std::optional<Scalar> Statistics::GetIfComputed(Stat stat) const {
    const Slots *slots = slots_.load(std::memory_order_acquire);
    if (slots == nullptr) {
        return std::nullopt;
    }
    const Slot &slot = (*slots)[static_cast<size_t>(stat)];
    if (slot.state.load(std::memory_order_acquire) != Slot::kReady || !slot.status.ok()) {
        return std::nullopt;
    }
    return slot.value;
}

void Statistics::Set(Stat stat, Scalar value) {
    Slot &slot = SlotOf(stat);
    if (slot.state.load(std::memory_order_acquire) == Slot::kEmpty && slot.Claim()) {
        slot.value = std::move(value);
        slot.Publish();
    }
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
