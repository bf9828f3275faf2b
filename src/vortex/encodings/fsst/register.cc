// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/fsst/register.h"

#include "vortex/encodings/fsst/fsst_array.h"
#include "vortex/session/session.h"

namespace vortex::fsst {

Status RegisterFsstEncodings(SessionBuilder &builder) {
    return builder.RegisterEncoding(SessionBuilder::WrapStatic(FsstEncoding::Instance()));
}

} // namespace vortex::fsst
