// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/patches/patches.h"
#include "vortex/scalar/scalar.h"

namespace vortex::sparse {

/// `vortex.sparse`: metadata SparseMetadata{1: patches PatchesMetadata}, buffer [0] = bare
/// ScalarValue bytes of the fill value (array dtype, may be null), children [patch indices,
/// patch values (array dtype)]. Spec: arrays-encodings 7.3.
class SparseEncoding final : public EncodingBase<SparseEncoding> {
public:
    static constexpr std::string_view kId = "vortex.sparse";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// Every element is the fill value except the patched positions. The dtype is the fill's
/// (and the patch values'); a null fill makes a null-dominated array.
class SparseArray final : public Array {
public:
    /// `patches.values()` must have the fill's dtype; len is patches.array_len(). Chunk
    /// offsets are not part of this encoding and are dropped.
    static Result<std::shared_ptr<const SparseArray>> TryMake(const Patches &patches, Scalar fill);

    const Patches &patches() const { return patches_; }
    const Scalar &fill() const { return fill_; }

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    bool is_valid(size_t i) const override;
    Mask validity_mask() const override;
    /// Fills with the fill value, then writes the patches.
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    // Slice, filter and take run on the patches; when none survive the result is a constant.
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    /// Null count from the fill and the patch values; min and max of the fill and the patch
    /// values for Bool and Primitive dtypes.
    std::optional<Result<std::optional<Scalar>>> ComputeStatImpl(Stat stat) const override;

    struct Token {};
    SparseArray(
        Token, Patches patches, Scalar fill, std::vector<Buffer> buffers, std::vector<ArrayRef> children);

private:
    // The array over surviving patches, or a constant fill when there are none.
    Result<ArrayRef> FromPatches(Result<std::optional<Patches>> patches, size_t len) const;

    Patches patches_;
    Scalar fill_;
};

/// Encodes a canonical array with `fill` (cast to the array's dtype; its base type must
/// match): every position whose value differs from the fill (floats bit for bit, nulls
/// differ from values) becomes a patch. With a null fill only the valid positions are
/// patched, with U32 indices as the reference's null-dominated path; otherwise indices are
/// U64 as in the reference's top-value path.
Result<ArrayRef> SparseEncode(const ArrayRef &canonical, const Scalar &fill);

} // namespace vortex::sparse
