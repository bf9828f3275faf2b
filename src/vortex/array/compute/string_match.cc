// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/compute/string_match.h"

#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compare.h"
#include "vortex/buffer/bit_buffer.h"

namespace vortex {

Result<ArrayRef> MatchStrings(const ArrayRef &array, const StringMatch &match) {
    VX_ENSURE(array->dtype().is_utf8() || array->dtype().is_binary(), MismatchedTypes,
              "LIKE needs a string or binary operand, got {}", array->dtype());
    if (auto matched = array->MatchStringsImpl(match)) {
        return *std::move(matched);
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    const auto *strings = As<VarBinViewArray>(*canonical);
    VX_ENSURE(strings != nullptr, Internal, "strings did not canonicalize to vortex.varbinview");
    const Mask valid = strings->validity_mask();
    BitBufferMut values(strings->len(), false);
    for (size_t i = 0; i < strings->len(); ++i) {
        if (valid.value(i) && match.Matches(strings->bytes_at(i))) {
            values.Set(i, true);
        }
    }
    return MakeCompareResult(std::move(values).Freeze(), Validity::FromMask(valid),
                             array->dtype().is_nullable());
}

} // namespace vortex
