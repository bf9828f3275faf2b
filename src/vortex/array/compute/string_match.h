// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "vortex/array/array.h"

namespace vortex {

/// Where a pattern must occur in a value: the three LIKE forms without `_` ('text%', '%text',
/// '%text%').
enum class StringMatchKind : uint8_t { Prefix, Suffix, Contains };

/// A byte pattern and where it must occur.
struct StringMatch {
    StringMatchKind kind = StringMatchKind::Prefix;
    std::string pattern;

    bool Matches(std::string_view value) const {
        switch (kind) {
            case StringMatchKind::Prefix:
                return value.starts_with(pattern);
            case StringMatchKind::Suffix:
                return value.ends_with(pattern);
            case StringMatchKind::Contains:
                return value.find(pattern) != std::string_view::npos;
        }
        return false;
    }
};

/// Tests every element of a Utf8 or Binary array against `match`: a Bool array, null where the
/// element is null (nullable when the array is). Encodings with a kernel (FSST) decode only
/// what the test needs; the others are canonicalized. MismatchedTypes for other dtypes.
Result<ArrayRef> MatchStrings(const ArrayRef &array, const StringMatch &match);

} // namespace vortex
