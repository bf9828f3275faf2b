// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>

#include "vortex/file/vortex_file.h"
#include "vortex/scan/scan_builder.h"

namespace vortex {

/// What a scan of `file` reads; the source keeps the file alive.
scan::ScanSource ScanSourceOf(const std::shared_ptr<const VortexFile> &file);

/// Starts describing a scan of `file` (DESIGN.md section 5).
inline scan::ScanBuilder Scan(const std::shared_ptr<const VortexFile> &file) {
    return scan::ScanBuilder(ScanSourceOf(file));
}

} // namespace vortex
