// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Fuzz target: the end of a file (EOF record, postscript, and the dtype, layout, statistics and
// footer flatbuffers) parsed as Open parses it, then the layout tree walked. The input is the
// whole file; only its tail is read.

#include <cstdint>
#include <span>

#include "vortex/default_session.h"
#include "vortex/file/footer.h"

#include "fuzz_target.h"

namespace {

void WalkLayout(const vortex::LayoutRef &layout, int depth) {
    FUZZ_CHECK(layout != nullptr);
    FUZZ_CHECK(depth < 10000); // the verifier bounds depth; a cycle would never end
    (void)layout->row_count();
    for (const auto &child : layout->children()) {
        WalkLayout(child, depth + 1);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const std::span<const uint8_t> file(data, size);
    auto ps = vortex::ParsePostscript(file, size);
    if (!ps.ok()) {
        return 0;
    }
    for (bool with_dtype : {true, false}) {
        FUZZ_CHECK(ps->lowest_offset(with_dtype) <= size);
    }
    auto footer = vortex::ParseFooter(file, 0, *ps, vortex::DefaultSession(), std::nullopt);
    if (!footer.ok()) {
        return 0;
    }
    WalkLayout(footer->layout, 0);
    FUZZ_CHECK(footer->arrays != nullptr);
    return 0;
}
