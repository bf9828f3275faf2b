// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/canonical.h"
#include "vortex/encodings/bytebool/bytebool_array.h"

namespace vortex::bytebool {

Result<ArrayRef> ByteBoolEncode(const ArrayRef &array) {
    VX_ENSURE(array != nullptr && array->dtype().is_bool(), InvalidArgument, "bytebool encodes Bool arrays");
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    const auto *bools = As<BoolArray>(*canonical);
    VX_ENSURE(bools != nullptr, Internal, "Bool did not canonicalize to a BoolArray");
    const size_t n = bools->len();
    BufferMut bytes = BufferMut::Zeroed(n);
    uint8_t *out = bytes.data();
    for (size_t i = 0; i < n; ++i) {
        out[i] = static_cast<uint8_t>(bools->value(i));
    }
    VX_ASSIGN_OR_RETURN(auto encoded, ByteBoolArray::TryMake(std::move(bytes).Freeze(), bools->validity()));
    return ArrayRef(std::move(encoded));
}

} // namespace vortex::bytebool
