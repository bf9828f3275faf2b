// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

namespace vortex {

// 128-bit integers back I128 decimals; __extension__ keeps -Wpedantic quiet about them.
__extension__ typedef __int128 int128_t;
__extension__ typedef unsigned __int128 uint128_t;

} // namespace vortex
