// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "data_source.h"

#include <algorithm>
#include <filesystem>
#include <fnmatch.h>

namespace capi = vortex::capi;
namespace api = vortex::api;
namespace fs = std::filesystem;

namespace vortex::capi {
namespace {

constexpr const char *kWildcards = "*?[";

// The regular files `pattern` matches, sorted.
std::vector<std::string> Match(const std::string &pattern) {
    std::error_code error;
    const size_t wildcard = pattern.find_first_of(kWildcards);
    if (wildcard == std::string::npos) {
        if (!pattern.empty() && fs::is_regular_file(pattern, error)) {
            return {pattern};
        }
        return {};
    }
    // List everything under the folder before the first wildcard, then match whole paths.
    const size_t slash = pattern.rfind('/', wildcard);
    const std::string prefix = slash == std::string::npos ? std::string() : pattern.substr(0, slash + 1);
    const fs::path root = prefix.empty() ? fs::path(".") : fs::path(prefix);
    std::vector<std::string> matches;
    fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, error);
    for (; !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
        std::error_code type_error;
        if (!it->is_regular_file(type_error)) {
            continue;
        }
        const std::string candidate = prefix + it->path().lexically_relative(root).generic_string();
        if (fnmatch(pattern.c_str(), candidate.c_str(), 0) == 0) {
            matches.push_back(candidate);
        }
    }
    std::sort(matches.begin(), matches.end());
    return matches;
}

} // namespace

std::vector<std::string> ExpandPaths(const std::string &paths) {
    std::vector<std::string> patterns;
    size_t begin = 0;
    while (true) {
        const size_t comma = paths.find(',', begin);
        patterns.push_back(
            paths.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin));
        if (comma == std::string::npos) {
            break;
        }
        begin = comma + 1;
    }
    std::vector<std::string> files;
    for (const std::string &pattern : patterns) {
        for (const std::string &match : Match(pattern)) {
            files.push_back(fs::absolute(match).string());
        }
    }
    if (files.empty()) {
        std::string listed;
        for (const std::string &pattern : patterns) {
            listed += (listed.empty() ? "\"" : ", \"") + pattern + "\"";
        }
        Fail("No files matched the glob pattern(s): [" + listed + "]");
    }
    return files;
}

DataSource::DataSource(std::vector<std::string> paths, api::OpenOptions options, api::File first)
    : paths_(std::move(paths)), options_(std::move(options)), dtype_(first.dtype()),
      dtype_handle_(BorrowedDType(dtype_)), files_(paths_.size()) {
    files_[0] = std::move(first);
}

std::shared_ptr<const DataSource> DataSource::Open(const std::shared_ptr<SessionState> &session,
                                                   std::vector<std::string> paths) {
    api::OpenOptions options;
    options.footer_cache = session->footer_cache;
    api::File first = Take(api::File::Open(paths.at(0), options));
    return std::make_shared<const DataSource>(std::move(paths), std::move(options), std::move(first));
}

std::shared_ptr<const DataSource> DataSource::OpenBuffer(const void *data, size_t size) {
    api::File file = Take(api::File::OpenBuffer(data, size));
    return std::make_shared<const DataSource>(std::vector<std::string>{"<memory buffer>"}, api::OpenOptions{},
                                              std::move(file));
}

api::File DataSource::File(size_t index) const {
    {
        std::lock_guard lock(mutex_);
        if (files_.at(index)) {
            return *files_[index];
        }
    }
    // Opened without the lock, so that scans open their files concurrently.
    api::File file = Take(api::File::Open(paths_[index], options_));
    if (file.dtype() != dtype_) {
        Fail("the file '" + paths_[index] + "' holds " + file.dtype().ToString() +
             ", but the data source's first file holds " + dtype_.ToString());
    }
    std::lock_guard lock(mutex_);
    if (!files_[index]) {
        files_[index] = std::move(file);
    }
    return *files_[index];
}

bool DataSource::AllOpened() const {
    std::lock_guard lock(mutex_);
    return std::all_of(files_.begin(), files_.end(), [](const auto &file) { return file.has_value(); });
}

vx_estimate DataSource::RowCount() const {
    std::lock_guard lock(mutex_);
    uint64_t rows = 0;
    uint64_t opened = 0;
    for (const std::optional<api::File> &file : files_) {
        if (file) {
            rows += file->row_count();
            ++opened;
        }
    }
    if (opened == files_.size()) {
        return {VX_ESTIMATE_EXACT, rows};
    }
    return {VX_ESTIMATE_INEXACT, rows / opened * files_.size()};
}

} // namespace vortex::capi

extern "C" {

const vx_data_source *
vx_data_source_new(const vx_session *session, const vx_data_source_options *options, vx_error **err) {
    return capi::Guarded<const vx_data_source *>(err, nullptr, [&] {
        const vx_session &owner = capi::Deref(session, "session");
        const vx_data_source_options &opts = capi::Deref(options, "options");
        if (opts.paths == nullptr) {
            capi::Fail("opts.paths is NULL: vx_data_source_options.paths names the files to read");
        }
        auto source = capi::DataSource::Open(owner.state, capi::ExpandPaths(opts.paths));
        return capi::NewHandle<vx_data_source>(vx_data_source{std::move(source)});
    });
}

const vx_data_source *
vx_data_source_new_buffer(const vx_session *session, const void *buffer, size_t buffer_len, vx_error **err) {
    return capi::Guarded<const vx_data_source *>(err, nullptr, [&] {
        capi::Deref(session, "session");
        if (buffer == nullptr) {
            capi::Fail("buffer is NULL");
        }
        return capi::NewHandle<vx_data_source>(
            vx_data_source{capi::DataSource::OpenBuffer(buffer, buffer_len)});
    });
}

const vx_data_source *vx_data_source_clone(const vx_data_source *ptr) {
    return capi::Quietly<const vx_data_source *>(nullptr, [&] {
        return capi::NewHandle<vx_data_source>(vx_data_source{capi::Deref(ptr, "data source").source});
    });
}

void vx_data_source_free(const vx_data_source *ptr) {
    capi::DeleteHandle(ptr);
}

const vx_dtype *vx_data_source_dtype(const vx_data_source *ds) {
    return ds == nullptr ? nullptr : ds->source->dtype_handle();
}

void vx_data_source_get_row_count(const vx_data_source *ds, vx_estimate *row_count) {
    capi::Quietly(0, [&] {
        if (ds != nullptr && row_count != nullptr) {
            *row_count = ds->source->RowCount();
        }
        return 0;
    });
}

} // extern "C"
