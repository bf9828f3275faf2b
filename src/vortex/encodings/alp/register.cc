// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/alp/register.h"

#include "vortex/encodings/alp/alp/alp_array.h"
#include "vortex/encodings/alp/alp_rd/alprd_array.h"
#include "vortex/session/session.h"

namespace vortex::alp {

Status RegisterAlpEncodings(SessionBuilder &builder) {
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(ALPEncoding::Instance())));
    return builder.RegisterEncoding(SessionBuilder::WrapStatic(ALPRDEncoding::Instance()));
}

} // namespace vortex::alp
