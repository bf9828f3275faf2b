// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Fuzz target: the end of a file (EOF record, postscript, and the dtype, layout, statistics and
// footer flatbuffers) parsed as Open parses it, then the layout tree and statistics decoded. The input is the
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
    for (size_t i = 0; i < layout->nchildren(); ++i) {
        // A struct decodes its fields here, on first use: a bad node is an error, not a crash.
        auto child = layout->Child(i);
        if (child.ok()) {
            WalkLayout(*child, depth + 1);
        }
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
    // Borrowed: the footer and its lazily decoded layout do not outlive this call.
    const vortex::Buffer bytes = vortex::Buffer::Wrap(data, size, nullptr);
    auto footer = vortex::ParseFooter(bytes, 0, *ps, vortex::DefaultSession(), std::nullopt);
    if (!footer.ok()) {
        return 0;
    }
    WalkLayout(footer->layout, 0);
    for (size_t i = 0; i < footer->statistics.size(); ++i) {
        (void)footer->statistics.Field(i);
    }
    FUZZ_CHECK(footer->arrays != nullptr);
    return 0;
}
