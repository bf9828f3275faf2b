// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "vortex/base/result.h"
#include "vortex/buffer/buffer.h"
#include "vortex/dtype/dtype.h"
#include "vortex/layout/layout.h"

namespace vortex {

class Session;

/// Decodes the root of a footer's layout flatbuffer (spec: file-format 2.7) as a layout of
/// `dtype`. Nodes are verified and built as their parents ask for them: a struct keeps
/// `bytes` and decodes each field's subtree on first use, so opening a file costs the
/// nodes a reader touches, not the schema, and no count of tables limits a file. `ids` are
/// the footer's layout ids, resolved through `session` (which must outlive the layout);
/// segment ids must lie below `nsegments`. Nesting deeper than 128 nodes is refused.
Result<LayoutRef> DecodeLayoutTree(const Buffer &bytes,
                                   std::vector<std::string> ids,
                                   const Session &session,
                                   size_t nsegments,
                                   const DType &dtype);

} // namespace vortex
