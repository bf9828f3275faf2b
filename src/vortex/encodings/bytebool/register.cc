// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/bytebool/register.h"

#include "vortex/encodings/bytebool/bytebool_array.h"
#include "vortex/session/session.h"

namespace vortex::bytebool {

Status RegisterByteBoolEncodings(SessionBuilder &builder) {
    return builder.RegisterEncoding(SessionBuilder::WrapStatic(ByteBoolEncoding::Instance()));
}

} // namespace vortex::bytebool
