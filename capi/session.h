// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// A session: what the data sources opened through it share.

#include <memory>

#include "handles.h"

namespace vortex::capi {

struct SessionState {
    /// Parsed footers, so that data sources over the same files do not parse them again.
    std::shared_ptr<api::FooterCache> footer_cache = api::FooterCache::Make();
};

} // namespace vortex::capi

struct vx_session { // NOLINT(readability-identifier-naming)
    std::shared_ptr<vortex::capi::SessionState> state;
};
