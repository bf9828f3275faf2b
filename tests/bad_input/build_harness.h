// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The pieces the Encoding::Build() bad-input tests combine: an array's serialized parts,
// byte mutations, ArrayChildren that fail or break their contract, and one checked call.

#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "vortex/array/encoding.h"
#include "vortex/array/testing/test_rng_internal.h"

#include "usable_array.h"

namespace vortex::bad_input {

using internal::TestRng;

/// What a reader hands to Build() for one node.
struct Parts {
    DType dtype{};
    size_t len = 0;
    std::vector<uint8_t> metadata{};
    std::vector<Buffer> buffers{};
    std::vector<ArrayRef> children{};
};

/// The parts of a valid array, as RebuildFromParts() uses them.
Parts PartsOf(const ArrayRef &array);

/// A seed fixed per (encoding, test), so every case is reproducible on its own.
uint64_t SeedFor(std::string_view encoding, std::string_view test);

/// A copy of `bytes` at an address that is 1 mod 64 (valid contents, misaligned).
Buffer MisalignedCopy(const Buffer &buffer);
Buffer CopyOf(std::span<const uint8_t> bytes);

/// Random metadata: plain random bytes (0..64 of them), protobuf-looking field sequences
/// with extreme varints, or a few random edits of `valid`.
std::vector<uint8_t> RandomMetadata(TestRng &rng, std::span<const uint8_t> valid);

/// Dtypes that differ from `dtype`: nullability flipped, every other ptype, other kinds and
/// nested variants (another element type, list size, field dtype, decimal width).
std::vector<DType> OtherDTypes(const DType &dtype);

/// Fails every Get(), or only the one for `failing_index`.
class FailingChildren final : public ArrayChildren {
public:
    FailingChildren(std::vector<ArrayRef> children, std::optional<size_t> failing_index)
        : children_(std::move(children)), failing_index_(failing_index) {}
    size_t size() const override { return children_.size(); }
    Result<ArrayRef> Get(size_t index, const DType &dtype, size_t len) const override;

private:
    VectorArrayChildren honest() const { return VectorArrayChildren(children_); }
    std::vector<ArrayRef> children_;
    std::optional<size_t> failing_index_;
};

/// Breaks the Get() contract: returns the stored child whatever dtype and length were asked.
class UncheckedChildren final : public ArrayChildren {
public:
    explicit UncheckedChildren(std::vector<ArrayRef> children) : children_(std::move(children)) {}
    size_t size() const override { return children_.size(); }
    Result<ArrayRef> Get(size_t index, const DType &dtype, size_t len) const override;

private:
    std::vector<ArrayRef> children_;
};

/// Keeps the Get() contract with arbitrary contents: a constant array of exactly the asked
/// dtype and length, however long (a constant costs a file a few bytes at any length).
class ConstantChildren final : public ArrayChildren {
public:
    ConstantChildren(size_t count, uint64_t seed) : count_(count), seed_(seed) {}
    size_t size() const override { return count_; }
    Result<ArrayRef> Get(size_t index, const DType &dtype, size_t len) const override;

private:
    size_t count_;
    uint64_t seed_;
};

/// Runs Build() once and checks its outcome: an error, or an array that ExpectUsable()
/// accepts. When `checked` is given, an array whose re-serialized metadata was already
/// checked for the same case.sample is not checked again (same parts, same array).
/// Returns whether Build() succeeded.
struct BuildOutcome {
    bool ok = false;
    ArrayRef array;
};
/// Build() calls made and accepted by CheckBuild() so far in this process.
struct BuildCounts {
    size_t calls = 0;
    size_t accepted = 0;
};
BuildCounts &Counts();

BuildOutcome CheckBuild(const Encoding &encoding,
                        const BuildCase &build_case,
                        const DType &dtype,
                        size_t len,
                        std::span<const uint8_t> metadata,
                        std::vector<Buffer> buffers,
                        const ArrayChildren &children,
                        std::set<std::pair<size_t, std::vector<uint8_t>>> *checked = nullptr);

} // namespace vortex::bad_input
