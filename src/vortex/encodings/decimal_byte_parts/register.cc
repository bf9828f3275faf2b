// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/decimal_byte_parts/register.h"

#include "vortex/encodings/decimal_byte_parts/decimal_byte_parts_array.h"
#include "vortex/session/session.h"

namespace vortex::decimal_byte_parts {

Status RegisterDecimalBytePartsEncodings(SessionBuilder &builder) {
    return builder.RegisterEncoding(SessionBuilder::WrapStatic(DecimalBytePartsEncoding::Instance()));
}

} // namespace vortex::decimal_byte_parts
