// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <string_view>

namespace vortex::serde {

/// True when `text` is well-formed UTF-8 (no overlong forms, surrogates or code points above
/// U+10FFFF), the rule Rust's `str` enforces on every string the reference reads.
bool IsValidUtf8(std::string_view text);

} // namespace vortex::serde
