// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The one place that names the formatting library: g++ 12 has no <format>.
#include <fmt/format.h>
#include <fmt/ranges.h>

namespace vortex {

using fmt::format;
using fmt::format_string;

} // namespace vortex
