// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/builtin_layouts.h"

#include "vortex/layout/layouts/chunked_layout.h"
#include "vortex/layout/layouts/dict_layout.h"
#include "vortex/layout/layouts/flat_layout.h"
#include "vortex/layout/layouts/stats_layout.h"
#include "vortex/layout/layouts/struct_layout.h"
#include "vortex/layout/layouts/zoned_layout.h"
#include "vortex/session/session.h"

namespace vortex {

Status RegisterBuiltinLayouts(SessionBuilder &builder) {
    VX_RETURN_NOT_OK(builder.RegisterLayout(SessionBuilder::WrapStatic(FlatLayoutEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterLayout(SessionBuilder::WrapStatic(ChunkedLayoutEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterLayout(SessionBuilder::WrapStatic(StructLayoutEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterLayout(SessionBuilder::WrapStatic(DictLayoutEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterLayout(SessionBuilder::WrapStatic(StatsLayoutEncoding::Instance())));
    VX_RETURN_NOT_OK(builder.RegisterLayout(SessionBuilder::WrapStatic(ZonedLayoutEncoding::Instance())));
    return Status::OK();
}

} // namespace vortex
