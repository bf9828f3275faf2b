// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include <flatbuffers/flatbuffers.h>

#include "vortex/base/result.h"

namespace vortex::serde {

/// Bounds on the work the verifier does for one untrusted flatbuffer. Depth counts nested
/// tables; the table count bounds aliased DAGs.
struct FlatBufferLimits {
    uint32_t max_depth = 128;
    uint32_t max_tables = 1'000'000;
};

/// Owns a copy of flatbuffer bytes when the caller's bytes are not 8-byte aligned: flatbuffers
/// reads scalars in place, and a misaligned read is undefined behaviour.
class AlignedBytes {
public:
    explicit AlignedBytes(std::span<const uint8_t> bytes) : bytes_(bytes) {
        if (reinterpret_cast<uintptr_t>(bytes.data()) % alignof(uint64_t) != 0) {
            storage_.resize((bytes.size() + 7) / 8 + 1); // never empty: memcpy needs a non-null target
            std::memcpy(storage_.data(), bytes.data(), bytes.size());
            bytes_ =
                std::span<const uint8_t>(reinterpret_cast<const uint8_t *>(storage_.data()), bytes.size());
        }
    }
    std::span<const uint8_t> span() const { return bytes_; }

private:
    std::span<const uint8_t> bytes_;
    std::vector<uint64_t> storage_;
};

/// Verifies untrusted bytes as a flatbuffer with root table `Root` and returns the root. The
/// bytes must be 8-byte aligned (see AlignedBytes) and outlive the returned pointer.
/// The checks every reader of untrusted flatbuffer bytes makes before reading a table: a size
/// flatbuffers can address, and 8-byte alignment (see AlignedBytes).
inline Status CheckFlatBufferBytes(std::span<const uint8_t> bytes, std::string_view what) {
    VX_ENSURE(bytes.size() < FLATBUFFERS_MAX_BUFFER_SIZE, Serde, "{}: flatbuffer of {} bytes is too large",
              what, bytes.size());
    VX_ENSURE(reinterpret_cast<uintptr_t>(bytes.data()) % alignof(uint64_t) == 0, Internal,
              "{}: flatbuffer bytes are not 8-byte aligned", what);
    return Status::OK();
}

template <typename Root>
Result<const Root *>
VerifyFlatBuffer(std::span<const uint8_t> bytes, std::string_view what, FlatBufferLimits limits = {}) {
    VX_RETURN_NOT_OK(CheckFlatBufferBytes(bytes, what));
    flatbuffers::Verifier::Options options;
    options.max_depth = limits.max_depth;
    options.max_tables = limits.max_tables;
    flatbuffers::Verifier verifier(bytes.data(), bytes.size(), options);
    VX_ENSURE(verifier.VerifyBuffer<Root>(nullptr), Serde, "{}: invalid flatbuffer ({} bytes)", what,
              bytes.size());
    return flatbuffers::GetRoot<Root>(bytes.data());
}

/// Checks untrusted flatbuffer bytes as VerifyFlatBuffer does up to the root offset, and
/// returns the root table unverified: for readers that verify tables one at a time, as they
/// use them (a wide file's layout tree), instead of the whole buffer up front.
template <typename Root>
Result<const Root *> UnverifiedRoot(std::span<const uint8_t> bytes, std::string_view what) {
    VX_RETURN_NOT_OK(CheckFlatBufferBytes(bytes, what));
    constexpr size_t kMinSize =
        sizeof(flatbuffers::uoffset_t) + sizeof(flatbuffers::soffset_t) + 2 * sizeof(flatbuffers::voffset_t);
    VX_ENSURE(bytes.size() >= kMinSize, Serde, "{}: a flatbuffer of {} bytes is too small", what,
              bytes.size());
    flatbuffers::Verifier verifier(bytes.data(), bytes.size());
    VX_ENSURE(verifier.VerifyOffset(0) != 0, Serde, "{}: invalid flatbuffer root offset", what);
    return flatbuffers::GetRoot<Root>(bytes.data());
}

/// A generated table as the flatbuffers::Table it derives from privately (at the same
/// address), for verifying its fields one by one without the generated Verify's recursion.
template <typename GeneratedTable>
const flatbuffers::Table *AsTable(const GeneratedTable *table) {
    return reinterpret_cast<const flatbuffers::Table *>(table);
}

/// True when the elements of a verified vector of structs sit at their struct's alignment. The
/// verifier checks only the 4-byte alignment of a vector's length prefix, so a vector of 8-byte
/// structs can pass it at a misaligned address (a file with three damaged bytes did). An empty
/// vector holds nothing to misread, and builders do not align one.
template <typename Struct>
bool StructVectorAligned(const flatbuffers::Vector<const Struct *> *vector) {
    return vector == nullptr || vector->size() == 0 ||
           reinterpret_cast<uintptr_t>(vector->Data()) % alignof(Struct) == 0;
}

} // namespace vortex::serde
