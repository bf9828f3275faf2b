// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <type_traits>

#include "vortex/base/result.h"

namespace vortex::alp::internal {

/// The unsigned integer with the bits of float type T.
template <typename T>
using RDBits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;

/// Fails unless every dictionary code is < dict_len: codes come from the file.
inline Status CheckCodes(std::span<const uint16_t> codes, size_t dict_len) {
    uint16_t max_code = 0;
    for (const uint16_t code : codes) {
        max_code = std::max(max_code, code);
    }
    VX_ENSURE(codes.empty() || max_code < dict_len, Serde, "vortex.alprd: code {} >= dictionary size {}",
              max_code, dict_len);
    return Status::OK();
}

} // namespace vortex::alp::internal
