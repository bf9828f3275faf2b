// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// A data source: the files a vx_data_source_options names (or one file in memory), opened
// on first use and shared by every scan taken from it.

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "handles.h"
#include "session.h"

namespace vortex::capi {

/// The local files `paths` names: comma-separated exact paths and glob patterns (fnmatch
/// without FNM_PATHNAME, so `*` also matches `/`, over a recursive listing of the folder
/// before the first wildcard). Matches keep the order of the pieces and are sorted within a
/// pattern; paths are made absolute. Fails when nothing matches.
std::vector<std::string> ExpandPaths(const std::string &paths);

class DataSource {
public:
    /// Opens the first of `paths` (it gives the dtype of all); the others wait for a scan.
    static std::shared_ptr<const DataSource> Open(const std::shared_ptr<SessionState> &session,
                                                  std::vector<std::string> paths);
    /// One file in memory (not copied).
    static std::shared_ptr<const DataSource> OpenBuffer(const void *data, size_t size);

    /// Use Open or OpenBuffer.
    DataSource(std::vector<std::string> paths, api::OpenOptions options, api::File first);

    const api::DType &dtype() const { return dtype_; }
    /// The dtype as a handle borrowed from the data source.
    const vx_dtype *dtype_handle() const { return dtype_handle_.get(); }
    size_t file_count() const { return paths_.size(); }
    /// File `index`, opened on first use; a file whose dtype differs from the first's fails.
    api::File File(size_t index) const;
    /// True once every file has been opened.
    bool AllOpened() const;
    /// Exact once every file is open, else the mean of the open ones times the file count.
    vx_estimate RowCount() const;

private:
    std::vector<std::string> paths_;
    api::OpenOptions options_;
    api::DType dtype_;
    std::unique_ptr<vx_dtype> dtype_handle_;
    mutable std::mutex mutex_;
    mutable std::vector<std::optional<api::File>> files_;
};

} // namespace vortex::capi

struct vx_data_source { // NOLINT(readability-identifier-naming)
    std::shared_ptr<const vortex::capi::DataSource> source;
};
