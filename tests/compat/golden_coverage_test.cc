// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Every registered array encoding either has golden metadata bytes written by the reference
// (tests/golden/<last part of its id>.metadata, compared byte for byte by the family's tests)
// or is on the list below with the reason it has none. A new encoding without either fails
// here, so a family cannot be added without deciding how its metadata is pinned.
#include <filesystem>
#include <map>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "vortex/default_session.h"
#include "vortex/session/session.h"

namespace vortex {
namespace {

namespace fs = std::filesystem;

// Encodings pinned some other way than a golden metadata file, and how.
const std::map<std::string_view, std::string_view> kWithoutGolden = {
    {"fastlanes.bitpacked", "no golden bytes in the reference; read exactly from reference-written files "
                            "(tests/compat/reference-files)"},
    {"vortex.bool", "no golden bytes in the reference; read exactly from reference-written files "
                    "(tests/compat/reference-files)"},
    {"vortex.bytebool", "empty metadata: nothing to pin"},
    {"vortex.chunked", "empty metadata: nothing to pin"},
    {"vortex.constant", "empty metadata (the value is a buffer); read exactly from reference-written files "
                        "(tests/compat/reference-files)"},
    {"vortex.decimal", "no golden bytes in the reference; read exactly from reference-written files "
                       "(tests/compat/reference-files)"},
    {"vortex.decimal_byte_parts", "no golden bytes in the reference; read exactly from reference-written "
                                  "files (tests/compat/reference-files)"},
    {"vortex.ext", "no golden bytes in the reference; read exactly from reference-written files "
                   "(tests/compat/reference-files)"},
    {"vortex.fixed_size_list", "no golden bytes in the reference; read exactly from reference-written files "
                               "(tests/compat/reference-files)"},
    {"vortex.list", "no golden bytes in the reference; read exactly from reference-written files "
                    "(tests/compat/reference-files)"},
    {"vortex.listview", "no golden bytes in the reference; metadata from code (docs/compatibility.md), no "
                        "reference-written sample"},
    {"vortex.masked", "no golden bytes in the reference; read exactly from reference-written files "
                      "(tests/compat/reference-files)"},
    {"vortex.null", "empty metadata: nothing to pin"},
    {"vortex.patched", "experimental in the reference; metadata from code (docs/compatibility.md), no "
                       "reference-written sample"},
    {"vortex.pco", "no golden bytes in the reference; read exactly from reference-written files "
                   "(tests/compat/reference-files)"},
    {"vortex.primitive", "no golden bytes in the reference; read exactly from reference-written files "
                         "(tests/compat/reference-files)"},
    {"vortex.sequence", "no golden bytes in the reference; read exactly from reference-written files "
                        "(tests/compat/reference-files)"},
    {"vortex.sparse", "no golden bytes in the reference; metadata from code (docs/compatibility.md), no "
                      "reference-written sample"},
    {"vortex.struct", "empty metadata: nothing to pin"},
    {"vortex.varbin", "no golden bytes in the reference; metadata from code (docs/compatibility.md), no "
                      "reference-written sample"},
    {"vortex.varbinview", "no golden bytes in the reference; read exactly from reference-written files "
                          "(tests/compat/reference-files)"},
    {"vortex.zigzag", "empty metadata: nothing to pin"},
    {"vortex.zstd", "no golden bytes in the reference; metadata from code (docs/compatibility.md), no "
                    "reference-written sample"},
    {"vortex.zstd_buffers",
     "unstable in the reference; field numbers checked against its prost tags (zstd tests)"},
};

std::string GoldenName(std::string_view id) {
    const size_t dot = id.rfind('.');
    return std::string(dot == std::string_view::npos ? id : id.substr(dot + 1));
}

TEST(GoldenCoverage, EveryRegisteredEncodingHasGoldenBytesOrAReason) {
    const fs::path golden = VORTEX_GOLDEN_DIR;
    std::string missing;
    for (std::string_view id : DefaultSession().encodings().ids()) {
        const bool has_file = fs::exists(golden / (GoldenName(id) + ".metadata"));
        const bool listed = kWithoutGolden.contains(id);
        EXPECT_FALSE(has_file && listed) << id << " has a golden file: take it off the list";
        if (!has_file && !listed) {
            missing += " " + std::string(id);
        }
    }
    EXPECT_TRUE(missing.empty()) << "registered encodings with neither a golden file in " << golden
                                 << " nor a reason in kWithoutGolden:" << missing;
}

TEST(GoldenCoverage, TheListNamesOnlyRegisteredEncodings) {
    for (const auto &[id, reason] : kWithoutGolden) {
        EXPECT_TRUE(DefaultSession().encodings().Find(id) != nullptr) << id << " is not registered";
        EXPECT_FALSE(reason.empty()) << id;
    }
}

} // namespace
} // namespace vortex
