// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/file/file_scan.h"

namespace vortex {

scan::ScanSource ScanSourceOf(const std::shared_ptr<const VortexFile> &file) {
    return scan::ScanSource{file->layout(), file, file->footer().arrays, file->array_cache()};
}

} // namespace vortex
