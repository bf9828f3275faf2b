// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/validity.h"
#include "vortex/buffer/bit_buffer.h"

namespace vortex {

/// `vortex.bool`: metadata BoolMetadata{offset}, buffer [bits], optional validity child.
/// Spec: arrays-encodings 4.2.
class BoolEncoding final : public EncodingBase<BoolEncoding> {
public:
    static constexpr std::string_view kId = "vortex.bool";
    std::optional<uint64_t> PartialChildren(std::span<const uint8_t> metadata,
                                            size_t nchildren) const override;
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// The canonical array of dtype Bool: one bit per element plus validity.
class BoolArray final : public Array {
public:
    /// Fails if a validity array's length differs from bits.len().
    static Result<std::shared_ptr<const BoolArray>> TryMake(BitBuffer bits, Validity validity);
    /// Like TryMake; aborts on invalid arguments (for trusted in-memory construction).
    static std::shared_ptr<const BoolArray> Make(BitBuffer bits, Validity validity);
    /// Builds from optional bools (nullopt = null) with a nullable dtype.
    static std::shared_ptr<const BoolArray> FromOptionals(const std::vector<std::optional<bool>> &values);
    static std::shared_ptr<const BoolArray> FromBools(const std::vector<bool> &values,
                                                      Nullability nullability = Nullability::NonNullable);

    const BitBuffer &bits() const { return bits_; }
    const Validity &validity() const { return validity_; }
    bool value(size_t i) const { return bits_.value(i); }

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    bool is_valid(size_t i) const override { return validity_.is_valid(i); }
    Mask validity_mask() const override { return validity_.ToMask(len()); }
    Result<ArrayRef> ToCanonical() const override { return ToRef(); }
    bool is_canonical() const override { return true; }

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    void DeclareTakeBytes(std::span<const uint64_t> positions, TakeByteSink &sink) const override;
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;

    struct Token {};
    BoolArray(Token, BitBuffer bits, Validity validity);

private:
    BitBuffer bits_;
    Validity validity_;
};

} // namespace vortex
