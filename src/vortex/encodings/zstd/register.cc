// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/zstd/register.h"

#include "vortex/encodings/zstd/zstd_array.h"
#include "vortex/session/session.h"

namespace vortex::zstd {

Status RegisterZstdEncodings(SessionBuilder &builder) {
    return builder.RegisterEncoding(SessionBuilder::WrapStatic(ZstdEncoding::Instance()));
}

} // namespace vortex::zstd
