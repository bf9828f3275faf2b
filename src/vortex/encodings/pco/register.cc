// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/pco/register.h"

#include "vortex/encodings/pco/pco_encoding.h"
#include "vortex/session/session.h"

namespace vortex::pco {

Status RegisterPcoEncodings(SessionBuilder &builder) {
    return builder.RegisterEncoding(SessionBuilder::WrapStatic(PcoEncoding::Instance()));
}

} // namespace vortex::pco
