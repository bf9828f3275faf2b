// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// What a public ScanBuilder holds until the scan starts.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "vortex/api/api_internal.h"
#include "vortex/file/file_scan.h"
#include "vortex/scan.hpp"

namespace vortex::api {

struct ScanBuilder::Impl {
    std::shared_ptr<const VortexFile> file;
    std::optional<std::vector<std::string>> projection;
    std::optional<Expr> filter;
    std::optional<std::string> filter_text;
    std::optional<std::pair<uint64_t, uint64_t>> row_range;
    std::optional<std::vector<uint64_t>> indices;
    std::optional<uint64_t> limit;
    std::optional<size_t> batch_rows;
    bool ordered = true;
    std::shared_ptr<Executor> executor;

    /// The internal scan builder these settings describe (the text filter parsed).
    vortex::Result<vortex::scan::ScanBuilder> Build() const;
};

} // namespace vortex::api
