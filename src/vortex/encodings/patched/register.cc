// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/patched/register.h"

#include "vortex/encodings/patched/patched_encoding.h"
#include "vortex/session/session.h"

namespace vortex::patched {

Status RegisterPatchedEncodings(SessionBuilder &builder) {
    return builder.RegisterEncoding(SessionBuilder::WrapStatic(PatchedEncoding::Instance()));
}

} // namespace vortex::patched
