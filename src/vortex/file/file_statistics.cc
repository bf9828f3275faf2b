// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/file/file_statistics.h"

#include "vortex/array/serde/array_stats_serde.h"
#include "vortex/base/decoded_by_index.h"
#include "vortex/format/footer_generated.h"
#include "vortex/serde/flatbuffer_verify.h"

namespace vortex {

namespace fbf = vortex::fbs::footer;

struct FileStatistics::State {
    Buffer bytes; // the flatbuffer, 8-byte aligned
    const fbf::FileStatistics *root = nullptr;
    DType dtype;
    size_t size = 0;
    DecodedByIndex<FieldStatistics> fields;
};

namespace {

// Verifies the root table and that its vector of entries lies in the buffer; each entry is
// verified when decoded. Equivalent to the generated Verify without its loop over entries.
bool VerifyRoot(const Buffer &bytes, const fbf::FileStatistics *root) {
    flatbuffers::Verifier verifier(bytes.data(), bytes.size());
    const flatbuffers::Table *table = serde::AsTable(root);
    return table->VerifyTableStart(verifier) &&
           table->VerifyOffset(verifier, fbf::FileStatistics::VT_FIELD_STATS) &&
           verifier.VerifyVector(root->field_stats()) && verifier.EndTable();
}

} // namespace

Result<FileStatistics> FileStatistics::Parse(const Buffer &bytes, const DType &dtype) {
    auto state = std::make_shared<State>();
    state->bytes = bytes.EnsureAligned(alignof(uint64_t));
    const Buffer &stored = state->bytes;
    VX_ASSIGN_OR_RETURN(state->root,
                        serde::UnverifiedRoot<fbf::FileStatistics>(stored.bytes(), "file statistics"));
    VX_ENSURE(VerifyRoot(stored, state->root), Serde, "file statistics: invalid flatbuffer ({} bytes)",
              stored.size());
    const auto *fields = state->root->field_stats();
    const size_t expected = dtype.is_struct() ? dtype.struct_fields().size() : 1;
    const size_t found = fields == nullptr ? 0 : fields->size();
    VX_ENSURE(found == expected, Serde, "file statistics: {} entries for {} fields", found, expected);
    state->dtype = dtype;
    state->size = found;
    FileStatistics out;
    out.state_ = std::move(state);
    return out;
}

size_t FileStatistics::size() const {
    return state_ == nullptr ? 0 : state_->size;
}

namespace {

// An entry is verified only when decoded, as the root verified only the vector of entries.
Result<FieldStatistics>
DecodeEntry(const Buffer &bytes, const fbf::FileStatistics *root, size_t i, const DType &dtype) {
    const auto *entry = root->field_stats()->Get(static_cast<flatbuffers::uoffset_t>(i));
    flatbuffers::Verifier verifier(bytes.data(), bytes.size());
    VX_ENSURE(entry->Verify(verifier), Serde, "file statistics: entry {} is an invalid flatbuffer table", i);
    return ReadArrayStats(entry, dtype.is_struct() ? dtype.struct_fields().dtypes[i] : dtype);
}

} // namespace

Result<const FieldStatistics *> FileStatistics::Field(size_t i) const {
    VX_ENSURE(i < size(), OutOfBounds, "file statistics: field {} of {}", i, size());
    State &state = *state_;
    const Result<FieldStatistics> &entry =
        state.fields.Get(i, [&] { return DecodeEntry(state.bytes, state.root, i, state.dtype); });
    if (!entry.ok()) {
        return entry.status();
    }
    return &*entry;
}

} // namespace vortex
