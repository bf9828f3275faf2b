// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>

namespace vortex {

enum class Nullability : uint8_t { NonNullable = 0, Nullable = 1 };

constexpr Nullability NullabilityOf(bool nullable) {
    return nullable ? Nullability::Nullable : Nullability::NonNullable;
}

} // namespace vortex
