// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>

#include "vortex/base/result.h"

namespace vortex {

class Array;
class Scalar;

/// The statistics an array can carry; the names and meaning follow the reference's `Stat`
/// and the on-disk ArrayStats table (spec: arrays-encodings 1.2).
enum class Stat : uint8_t {
    IsConstant = 0,
    IsSorted,
    IsStrictSorted,
    Max,
    Min,
    Sum,
    NullCount,
    UncompressedSizeInBytes,
    NanCount,
};
inline constexpr size_t kNumStats = 9;

std::string_view StatName(Stat stat);

/// Per-array statistics, computed on first request and cached for the array's lifetime.
///
/// Each statistic has its own slot, so concurrent requests for the same statistic compute it
/// once and requests for different statistics never wait on each other; there is no global
/// lock. Values known up front (e.g. read from a file's ArrayStats) are installed
/// with Set() before the array is shared; Set() is ignored once a value exists.
///
/// Value dtypes: Min/Max have the array's dtype (non-nullable), Sum the sum dtype (spec 4.1
/// via SumDType()), counts are U64 and the booleans Bool. An undefined statistic (min of an
/// all-null array, sum that overflowed) is reported as std::nullopt.
class Statistics {
public:
    explicit Statistics(const Array &owner);
    ~Statistics();
    Statistics(const Statistics &) = delete;
    Statistics &operator=(const Statistics &) = delete;

    /// Returns the statistic, computing and caching it on first use. Errors are cached too.
    Result<std::optional<Scalar>> Get(Stat stat) const;
    /// Returns the statistic only if it is already known; never computes.
    std::optional<Scalar> GetIfComputed(Stat stat) const;
    /// Installs a known value (from a file or an encoder); ignored if one is already cached.
    void Set(Stat stat, Scalar value);

    // Typed conveniences over Get(); they return an error only if computation failed.
    Result<uint64_t> null_count() const;
    Result<bool> is_constant() const;
    Result<bool> is_sorted() const;
    Result<bool> is_strict_sorted() const;

private:
    struct Slot;
    using Slots = std::array<Slot, kNumStats>;
    Slot &SlotOf(Stat stat) const;

    const Array &owner_;
    // Allocated on first use (most arrays never hold a statistic).
    mutable std::atomic<Slots *> slots_{nullptr};
};

} // namespace vortex
