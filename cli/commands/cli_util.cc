// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "commands/cli_util.h"

#include <cstdio>
#include <unistd.h>

#include "vortex/default_session.h"
#include "vortex/file/vortex_file.h"

namespace vortex::cli {

std::shared_ptr<const VortexFile> OpenVortexFile(const std::string &path) {
    return ValueOrThrow(VortexFile::Open(path, DefaultSessionPtr(), /*mmap=*/false));
}

Progress::~Progress() {
    if (drawn_) {
        std::fputc('\n', stderr);
    }
}

void Progress::Update(uint64_t rows, uint64_t bytes) {
    if (!enabled_) {
        return;
    }
    auto now = std::chrono::steady_clock::now();
    if (now - start_ < std::chrono::seconds(1) || now - last_ < std::chrono::milliseconds(200)) {
        return;
    }
    Draw(rows, bytes);
}

void Progress::Draw(uint64_t rows, uint64_t bytes) {
    auto now = std::chrono::steady_clock::now();
    last_ = now;
    double seconds = std::chrono::duration<double>(now - start_).count();
    std::fprintf(stderr, "\r%s: %llu rows, %.1f MiB written, %.1f s", label_.c_str(),
                 static_cast<unsigned long long>(rows), static_cast<double>(bytes) / (1024.0 * 1024.0),
                 seconds);
    std::fflush(stderr);
    drawn_ = true;
}

void Progress::Done(uint64_t rows, uint64_t bytes) {
    if (drawn_) {
        Draw(rows, bytes); // the final counts, whatever the throttle says
        std::fputc('\n', stderr);
        drawn_ = false;
    }
}

bool ProgressEnabled(const std::string &mode) {
    if (mode == "always") {
        return true;
    }
    if (mode == "never") {
        return false;
    }
    return ::isatty(STDERR_FILENO) != 0;
}

} // namespace vortex::cli
