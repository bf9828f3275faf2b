// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/sequence/register.h"

#include "vortex/encodings/sequence/sequence_array.h"
#include "vortex/session/session.h"

namespace vortex::sequence {

Status RegisterSequenceEncodings(SessionBuilder &builder) {
    return builder.RegisterEncoding(SessionBuilder::WrapStatic(SequenceEncoding::Instance()));
}

} // namespace vortex::sequence
