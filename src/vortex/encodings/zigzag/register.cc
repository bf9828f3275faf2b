// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/zigzag/register.h"

#include "vortex/encodings/zigzag/zigzag_array.h"
#include "vortex/session/session.h"

namespace vortex::zigzag {

Status RegisterZigZagEncodings(SessionBuilder &builder) {
    return builder.RegisterEncoding(SessionBuilder::WrapStatic(ZigZagEncoding::Instance()));
}

} // namespace vortex::zigzag
