// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>

#include "vortex/session/session.h"

namespace vortex {

/// Returns the process-wide session with every built-in encoding (and, later, layout)
/// registered. Built once on first use, then read-only: lookups take no lock.
const Session &DefaultSession();

/// Builds a fresh session with every built-in encoding registered, for callers that want
/// to add their own encodings before freezing it.
Result<SessionBuilder> DefaultSessionBuilder();

} // namespace vortex
