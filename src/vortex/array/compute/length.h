// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <string_view>

#include "vortex/array/array.h"

namespace vortex {

/// What a length counts: bytes of a string or binary value (SQL strlen, octet_length), Unicode
/// code points of a UTF-8 string (DuckDB's length), or elements of a list or fixed-size list.
enum class LengthUnit : uint8_t { Bytes, CodePoints, Elements };

std::string_view LengthUnitName(LengthUnit unit);

/// The length of every element, as i64 with the array's validity (null where the element is
/// null). Encodings that store lengths (FSST's uncompressed lengths, list sizes) answer without
/// decoding values. InvalidArgument when `unit` does not apply to the dtype.
Result<ArrayRef> Length(const ArrayRef &array, LengthUnit unit);

} // namespace vortex
