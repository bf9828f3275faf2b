// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Every registered array encoding either has golden metadata bytes written by the reference
// (<golden folder>/<last part of its id>.metadata, compared byte for byte by its tests) or is
// listed with the reason it has none in a golden folder's exempt.txt. The golden folders are
// tests/golden (the canonical encodings) and each encoding family's golden/ (the build lists them).
// A new encoding without either fails here, so a family cannot be added without deciding how its
// metadata is pinned.
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/default_session.h"
#include "vortex/session/session.h"

namespace vortex {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> GoldenDirs() {
    std::vector<fs::path> dirs = {VORTEX_GOLDEN_DIR};
    std::ifstream list(VORTEX_ENCODING_GOLDEN_DIRS_FILE);
    for (std::string line; std::getline(list, line);) {
        if (!line.empty()) {
            dirs.emplace_back(line);
        }
    }
    return dirs;
}

struct Exemption {
    std::string reason;
    fs::path file;
};

// Every exempt.txt entry ("<id>: <reason>", '#' starts a comment line) of every golden folder.
std::map<std::string, Exemption> Exemptions(const std::vector<fs::path> &dirs) {
    std::map<std::string, Exemption> out;
    for (const fs::path &dir : dirs) {
        const fs::path file = dir / "exempt.txt";
        std::ifstream in(file);
        for (std::string line; std::getline(in, line);) {
            if (line.empty() || line[0] == '#') {
                continue;
            }
            const size_t colon = line.find(": ");
            EXPECT_NE(colon, std::string::npos) << file << ": not \"<id>: <reason>\": " << line;
            if (colon == std::string::npos) {
                continue;
            }
            const std::string id = line.substr(0, colon);
            EXPECT_FALSE(out.contains(id))
                << id << " is exempted twice (" << out[id].file << ", " << file << ")";
            out[id] = {line.substr(colon + 2), file};
        }
    }
    return out;
}

std::string GoldenName(std::string_view id) {
    const size_t dot = id.rfind('.');
    return std::string(dot == std::string_view::npos ? id : id.substr(dot + 1));
}

TEST(GoldenCoverage, TheBuildListsEveryFamilysGoldenFolder) {
    const std::vector<fs::path> dirs = GoldenDirs();
    // tests/golden and the 13 built-in families at least; each folder exists.
    EXPECT_GE(dirs.size(), 14u);
    for (const fs::path &dir : dirs) {
        EXPECT_TRUE(fs::is_directory(dir)) << dir;
    }
}

TEST(GoldenCoverage, EveryRegisteredEncodingHasGoldenBytesOrAReason) {
    const std::vector<fs::path> dirs = GoldenDirs();
    const std::map<std::string, Exemption> exempt = Exemptions(dirs);
    std::string missing;
    for (std::string_view id : DefaultSession().encodings().ids()) {
        bool has_file = false;
        for (const fs::path &dir : dirs) {
            has_file = has_file || fs::exists(dir / (GoldenName(id) + ".metadata"));
        }
        const auto listed = exempt.find(std::string(id));
        if (has_file && listed != exempt.end()) {
            ADD_FAILURE() << id << " has a golden file: take it out of " << listed->second.file;
        }
        if (!has_file && listed == exempt.end()) {
            missing += " " + std::string(id);
        }
    }
    EXPECT_TRUE(missing.empty()) << "registered encodings with neither a golden file nor a reason in an "
                                    "exempt.txt of a golden folder:"
                                 << missing;
}

TEST(GoldenCoverage, ExemptionsNameOnlyRegisteredEncodingsWithAReason) {
    const std::map<std::string, Exemption> exempt = Exemptions(GoldenDirs());
    EXPECT_GE(exempt.size(), 20u);
    for (const auto &[id, exemption] : exempt) {
        EXPECT_TRUE(DefaultSession().encodings().Find(id) != nullptr) << id << " is not registered";
        EXPECT_FALSE(exemption.reason.empty()) << id << " in " << exemption.file;
    }
}

} // namespace
} // namespace vortex
