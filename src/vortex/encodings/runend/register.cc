// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/runend/register.h"

#include "vortex/encodings/runend/runend_array.h"
#include "vortex/session/session.h"

namespace vortex::runend {

Status RegisterRunEndEncodings(SessionBuilder &builder) {
    return builder.RegisterEncoding(SessionBuilder::WrapStatic(RunEndEncoding::Instance()));
}

} // namespace vortex::runend
