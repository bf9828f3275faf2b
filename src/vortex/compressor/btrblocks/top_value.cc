// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/compressor/btrblocks/top_value.h"

#include <cstring>
#include <unordered_map>

#include "vortex/array/arrays/primitive/primitive_array.h"

namespace vortex::compressor::btrblocks {
namespace {

template <typename T>
std::optional<TopValueInfo> TopOf(const PrimitiveArray &array) {
    using Bits = std::conditional_t<
        sizeof(T) == 1, uint8_t,
        std::conditional_t<sizeof(T) == 2, uint16_t, std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>>>;
    const auto values = array.values().span<T>();
    const Validity &validity = array.validity();
    std::unordered_map<Bits, std::pair<size_t, size_t>> counts; // bits -> (first index, count)
    std::optional<TopValueInfo> top;
    for (size_t i = 0; i < values.size(); ++i) {
        if (!validity.is_valid(i)) {
            continue;
        }
        Bits bits;
        std::memcpy(&bits, &values[i], sizeof(T));
        auto [it, inserted] = counts.try_emplace(bits, i, 0);
        const size_t count = ++it->second.second;
        if (!top || count > top->count) {
            top = TopValueInfo{it->second.first, count};
        }
    }
    return top;
}

} // namespace

Result<std::optional<TopValueInfo>> TopValue(const ArrayRef &canonical) {
    const auto *primitive = As<PrimitiveArray>(*canonical);
    if (primitive == nullptr) {
        return std::optional<TopValueInfo>(); // only primitive values are counted
    }
    return VisitPType(primitive->ptype(), [&]<typename T>() { return TopOf<T>(*primitive); });
}

} // namespace vortex::compressor::btrblocks
