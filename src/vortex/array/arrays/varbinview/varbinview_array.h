// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/validity.h"
#include "vortex/base/endian.h"

namespace vortex {

/// One 16-byte view (Arrow BinaryView compatible). Spec: arrays-encodings 4.5: bytes 0..4 =
/// u32 LE length; length <= 12: the value inline at 4..; else prefix at 4..8, data buffer
/// index at 8..12 and offset at 12..16.
struct BinaryView {
    static constexpr size_t kSize = 16;
    static constexpr uint32_t kMaxInlined = 12;

    const uint8_t *raw;

    uint32_t size() const { return Load(0); }
    bool is_inlined() const { return size() <= kMaxInlined; }
    uint32_t buffer_index() const { return Load(8); }
    uint32_t offset() const { return Load(12); }
    const uint8_t *inlined_data() const { return raw + 4; }
    /// An inlined view's 16 bytes as two little-endian words with the bytes past the size
    /// zeroed (writers may leave anything there): `low` holds the size and the first 4 value
    /// bytes, `high` bytes 4..11. Equal values give equal words.
    void PaddedWords(uint64_t &low, uint64_t &high) const {
        const uint32_t n = size();
        std::memcpy(&low, raw, 8);
        std::memcpy(&high, raw + 8, 8);
        low &= n >= 4 ? ~uint64_t{0} : (uint64_t{1} << (8 * (4 + n))) - 1;
        high &= n >= 12 ? ~uint64_t{0} : n <= 4 ? 0 : (uint64_t{1} << (8 * (n - 4))) - 1;
    }

    /// Writes the view of `value`; for values longer than 12 bytes the caller has stored them
    /// at (`buffer_index`, `offset`).
    static void Write(uint8_t *out, std::string_view value, uint32_t buffer_index, uint32_t offset);

private:
    uint32_t Load(size_t at) const {
        uint32_t v;
        std::memcpy(&v, raw + at, sizeof v);
        return v;
    }
};

/// `vortex.varbinview`: empty metadata, buffers [data 0..n-1, views], optional validity
/// child. Spec: arrays-encodings 4.5.
class VarBinViewEncoding final : public EncodingBase<VarBinViewEncoding> {
public:
    static constexpr std::string_view kId = "vortex.varbinview";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// The canonical array of Utf8 and Binary dtypes.
class VarBinViewArray final : public Array {
public:
    /// Validates every non-null view: buffer index and [offset, offset + size) inside its data
    /// buffer, inline padding, and for Utf8 that every non-null value is valid UTF-8.
    /// `dtype` is Utf8 or Binary; its nullability must match the validity's.
    static Result<std::shared_ptr<const VarBinViewArray>>
    TryMake(DType dtype, Buffer views, std::vector<Buffer> data_buffers, Validity validity);
    static std::shared_ptr<const VarBinViewArray>
    Make(DType dtype, Buffer views, std::vector<Buffer> data_buffers, Validity validity);
    /// Builds from optional strings (nullopt = null; then `dtype` must be nullable).
    static std::shared_ptr<const VarBinViewArray>
    FromStrings(const std::vector<std::optional<std::string>> &values, DType dtype);
    static std::shared_ptr<const VarBinViewArray> FromStrings(const std::vector<std::string> &values,
                                                              DType dtype);

    const Buffer &views() const { return views_; }
    const std::vector<Buffer> &data_buffers() const { return data_buffers_; }
    const Validity &validity() const { return validity_; }
    BinaryView view_at(size_t i) const { return BinaryView{views_.data() + i * BinaryView::kSize}; }
    /// The bytes of value `i` (unspecified for nulls, but always in bounds).
    std::string_view bytes_at(size_t i) const;

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return std::vector<uint8_t>{}; }
    /// The views buffer (the last one) is 16-byte aligned; data buffers are plain bytes.
    size_t buffer_alignment(size_t index) const override { return index + 1 == nbuffers() ? 16 : 1; }
    bool is_valid(size_t i) const override { return validity_.is_valid(i); }
    Mask validity_mask() const override { return validity_.ToMask(len()); }
    Result<ArrayRef> ToCanonical() const override { return ToRef(); }
    bool is_canonical() const override { return true; }

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;

    struct Token {};
    VarBinViewArray(Token, DType dtype, Buffer views, std::vector<Buffer> data_buffers, Validity validity);

private:
    Buffer views_;
    std::vector<Buffer> data_buffers_;
    Validity validity_;
};

} // namespace vortex
