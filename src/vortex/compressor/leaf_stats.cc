// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/compressor/leaf_stats.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <span>
#include <string_view>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/base/simd_clones.h"

namespace vortex::compressor {
namespace {

// Runs and nulls over any element type, given equality and per-element access. The no-null
// case gets its own loop: it is the common one and vectorizes.
template <typename Get, typename Eq>
void CountRuns(const Validity &validity, size_t len, Get get, Eq eq, LeafStats &stats) {
    if (validity.kind() == Validity::Kind::AllInvalid) {
        stats.null_count = len;
        return;
    }
    if (validity.kind() != Validity::Kind::Array) {
        if (len == 0) {
            return;
        }
        size_t changes = 0;
        for (size_t i = 1; i < len; ++i) {
            changes += eq(get(i - 1), get(i)) ? 0 : 1;
        }
        stats.valid_runs = changes + 1;
        return;
    }
    bool have_previous = false;
    size_t previous = 0;
    for (size_t i = 0; i < len; ++i) {
        if (!validity.is_valid(i)) {
            ++stats.null_count;
            continue;
        }
        if (!have_previous || !eq(get(previous), get(i))) {
            ++stats.valid_runs;
        }
        have_previous = true;
        previous = i;
    }
}

// Runs, range and descents of integers without nulls in one branch-free pass that vectorizes
// (the common case: every block of a non-null column and every child a scheme makes).
template <typename T>
VORTEX_SIMD_CLONES void NoNullIntegerStats(const T *values, size_t n, LeafStats &stats) {
    T lo = values[0];
    T hi = values[0];
    size_t changes = 0;
    size_t descents = 0;
    for (size_t i = 1; i < n; ++i) {
        lo = std::min(lo, values[i]);
        hi = std::max(hi, values[i]);
        changes += values[i] != values[i - 1] ? 1 : 0;
        descents += values[i] < values[i - 1] ? 1 : 0;
    }
    stats.valid_runs = changes + 1;
    stats.min = static_cast<int128_t>(lo);
    stats.max = static_cast<int128_t>(hi);
    stats.descents = descents;
}

template <typename T>
void PrimitiveStats(const PrimitiveArray &array, LeafStats &stats) {
    const auto values = array.values().span<T>();
    if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, Half>) {
        // Bit patterns: -0.0 and NaN payloads are distinct values to every scheme.
        auto get = [&](size_t i) {
            std::array<uint8_t, sizeof(T)> bits;
            std::memcpy(bits.data(), &values[i], sizeof(T));
            return bits;
        };
        CountRuns(array.validity(), values.size(), get, std::equal_to<>(), stats);
    } else if (array.validity().kind() != Validity::Kind::Array) {
        if (array.validity().kind() == Validity::Kind::AllInvalid) {
            stats.null_count = values.size();
        } else if (!values.empty()) {
            NoNullIntegerStats(values.data(), values.size(), stats);
        }
    } else {
        auto get = [&](size_t i) { return values[i]; };
        CountRuns(array.validity(), values.size(), get, std::equal_to<>(), stats);
        bool any = false;
        size_t descents = 0;
        T lo = 0;
        T hi = 0;
        T previous = 0;
        const Validity &validity = array.validity();
        const bool check = validity.kind() == Validity::Kind::Array;
        if (validity.kind() != Validity::Kind::AllInvalid) {
            for (size_t i = 0; i < values.size(); ++i) {
                if (check && !validity.is_valid(i)) {
                    continue;
                }
                if (!any) {
                    lo = hi = values[i];
                    any = true;
                } else {
                    lo = std::min(lo, values[i]);
                    hi = std::max(hi, values[i]);
                    descents += values[i] < previous ? 1 : 0;
                }
                previous = values[i];
            }
        }
        stats.min = static_cast<int128_t>(lo);
        stats.max = static_cast<int128_t>(hi);
        stats.descents = descents;
    }
}

} // namespace

Result<LeafStats> ComputeLeafStats(const ArrayRef &canonical) {
    LeafStats stats;
    stats.len = canonical->len();
    if (const auto *primitive = As<PrimitiveArray>(*canonical)) {
        VisitPType(primitive->ptype(), [&]<typename T>() { PrimitiveStats<T>(*primitive, stats); });
        return stats;
    }
    if (const auto *strings = As<VarBinViewArray>(*canonical)) {
        auto get = [&](size_t i) { return strings->bytes_at(i); };
        CountRuns(strings->validity(), stats.len, get, std::equal_to<std::string_view>(), stats);
        return stats;
    }
    if (const auto *bools = As<BoolArray>(*canonical)) {
        auto get = [&](size_t i) { return bools->value(i); };
        CountRuns(bools->validity(), stats.len, get, std::equal_to<>(), stats);
        return stats;
    }
    return Status::InvalidArgument("no leaf statistics for {} arrays ({})", canonical->dtype(),
                                   canonical->encoding_id());
}

} // namespace vortex::compressor
