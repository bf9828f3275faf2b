// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>

#include "vortex/session/session.h"

namespace vortex {

/// Returns the process-wide session with every built-in encoding and layout registered.
/// Built once on first use, then read-only: lookups take no lock.
const Session &DefaultSession();
/// The same session, shared (what VortexFile::Open and FileWriter::Open take).
const std::shared_ptr<const Session> &DefaultSessionPtr();

/// Builds a fresh session with every built-in encoding and layout registered, for callers
/// that want to add their own before freezing it.
Result<SessionBuilder> DefaultSessionBuilder();

} // namespace vortex
