// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

#include "vortex/base/result.h"

namespace vortex {
class VortexFile;
}

namespace vortex::cli {

// The CLI is an edge: a failed Status becomes an exception that main() prints as one line.
inline void ThrowIfNotOk(const Status &status) {
    if (!status.ok()) {
        throw std::runtime_error(status.ToString());
    }
}

template <typename T>
T ValueOrThrow(Result<T> result) {
    ThrowIfNotOk(result.status());
    return std::move(result).ValueOrDie();
}

/// True when `path` names a Vortex file by its extension.
inline bool IsVortexPath(std::string_view path) {
    return path.size() > 7 && path.substr(path.size() - 7) == ".vortex";
}

/// Opens a .vortex file for reading with pread, not a memory mapping: a read error or a file
/// cut short while it is read is then an error message, not a SIGBUS.
std::shared_ptr<const VortexFile> OpenVortexFile(const std::string &path);

/// Reports progress on stderr once an operation has run for a second; silent before, and
/// always silent when disabled.
class Progress {
public:
    Progress(std::string label, bool enabled) : label_(std::move(label)), enabled_(enabled) {}
    ~Progress();
    /// Call often; redraws at most every 200 ms.
    void Update(uint64_t rows, uint64_t bytes);
    /// Ends the line if anything was drawn.
    void Done(uint64_t rows, uint64_t bytes);

private:
    void Draw(uint64_t rows, uint64_t bytes);

    std::string label_;
    bool enabled_;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    std::chrono::steady_clock::time_point last_{};
};

/// Whether progress should be drawn: "auto" (stderr is a terminal), "always" or "never".
bool ProgressEnabled(const std::string &mode);

} // namespace vortex::cli
