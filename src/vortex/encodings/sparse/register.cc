// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/sparse/register.h"

#include "vortex/encodings/sparse/sparse_array.h"
#include "vortex/session/session.h"

namespace vortex::sparse {

Status RegisterSparseEncodings(SessionBuilder &builder) {
    return builder.RegisterEncoding(SessionBuilder::WrapStatic(SparseEncoding::Instance()));
}

} // namespace vortex::sparse
