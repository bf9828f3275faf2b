// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/zstd/register.h"

#include <memory>

#include "vortex/encodings/zstd/zstd_array.h"
#include "vortex/encodings/zstd/zstd_buffers.h"
#include "vortex/session/session.h"

namespace vortex::zstd {

Status RegisterZstdEncodings(SessionBuilder &builder) {
    VX_RETURN_NOT_OK(builder.RegisterEncoding(SessionBuilder::WrapStatic(ZstdEncoding::Instance())));
    // zstd_buffers finds its inner encodings in the registry being filled, which becomes the
    // built session's.
    return builder.RegisterEncoding(std::make_shared<const ZstdBuffersEncoding>(builder.encodings()));
}

} // namespace vortex::zstd
