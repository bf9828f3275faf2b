// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/integer_min_max.h"

#include <cstdint>

#include "vortex/base/simd_clones.h"

namespace vortex {

template <typename T>
VORTEX_SIMD_CLONES std::pair<T, T> IntegerMinMax(const T *values, size_t n) {
    T min = values[0];
    T max = values[0];
    for (size_t i = 0; i < n; ++i) {
        min = values[i] < min ? values[i] : min;
        max = values[i] > max ? values[i] : max;
    }
    return {min, max};
}

template std::pair<int8_t, int8_t> IntegerMinMax(const int8_t *, size_t);
template std::pair<int16_t, int16_t> IntegerMinMax(const int16_t *, size_t);
template std::pair<int32_t, int32_t> IntegerMinMax(const int32_t *, size_t);
template std::pair<int64_t, int64_t> IntegerMinMax(const int64_t *, size_t);
template std::pair<uint8_t, uint8_t> IntegerMinMax(const uint8_t *, size_t);
template std::pair<uint16_t, uint16_t> IntegerMinMax(const uint16_t *, size_t);
template std::pair<uint32_t, uint32_t> IntegerMinMax(const uint32_t *, size_t);
template std::pair<uint64_t, uint64_t> IntegerMinMax(const uint64_t *, size_t);

} // namespace vortex
