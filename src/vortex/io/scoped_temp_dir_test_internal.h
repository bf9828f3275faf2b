// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// Test-only: a temporary directory (mkdtemp) removed with its contents on destruction.

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace vortex::testing_internal {

class ScopedTempDir {
public:
    ScopedTempDir() {
        const char *base = std::getenv("TMPDIR");
        std::string pattern =
            std::string(base != nullptr && *base != '\0' ? base : "/tmp") + "/vortex_io_XXXXXX";
        std::vector<char> buffer(pattern.begin(), pattern.end());
        buffer.push_back('\0');
        const char *made = ::mkdtemp(buffer.data());
        EXPECT_NE(made, nullptr) << "mkdtemp failed for " << pattern;
        if (made != nullptr) {
            path_ = made;
        }
    }
    ~ScopedTempDir() {
        if (!path_.empty()) {
            std::error_code ignored;
            std::filesystem::remove_all(path_, ignored);
        }
    }
    ScopedTempDir(const ScopedTempDir &) = delete;
    ScopedTempDir &operator=(const ScopedTempDir &) = delete;

    std::string File(const std::string &name) const { return path_ + "/" + name; }
    const std::string &path() const { return path_; }

private:
    std::string path_;
};

// Writes `bytes` to `path` with the standard library, independently of the sinks under test.
inline void WriteFileBytes(const std::string &path, std::span<const uint8_t> bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    ASSERT_TRUE(out.good()) << "cannot write " << path;
}

// Reads a whole file with the standard library.
inline std::vector<uint8_t> ReadFileBytes(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Returns `size` bytes of a deterministic pattern in which nearby offsets differ.
inline std::vector<uint8_t> PatternBytes(size_t size, uint32_t seed = 1) {
    std::vector<uint8_t> out(size);
    uint32_t state = seed * 2654435761u + 1;
    for (auto &byte : out) {
        state = state * 1664525u + 1013904223u;
        byte = static_cast<uint8_t>(state >> 24);
    }
    return out;
}

} // namespace vortex::testing_internal
