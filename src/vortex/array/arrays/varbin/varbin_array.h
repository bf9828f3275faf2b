// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/arrays/primitive/integer_child.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/validity.h"

namespace vortex {

/// `vortex.varbin`: metadata VarBinMetadata{1: offsets_ptype}, buffers [bytes], children
/// [offsets (non-null integer, len + 1), validity?]. Spec: arrays-encodings 4.6.
class VarBinEncoding final : public EncodingBase<VarBinEncoding> {
public:
    static constexpr std::string_view kId = "vortex.varbin";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// Utf8 or Binary values stored back to back: value i = bytes[offsets[i], offsets[i+1]).
/// Offsets are absolute into bytes (the first need not be 0, which makes slicing free).
/// Not canonical: the canonical form is VarBinViewArray, whose views point into the same
/// bytes buffer.
class VarBinArray final : public Array {
public:
    /// Validates the parts: `offsets` is a non-nullable integer array of len + 1 entries,
    /// non-decreasing, the last <= bytes.size(); `dtype` is Utf8 or Binary with the
    /// validity's nullability; for Utf8 every non-null value is valid UTF-8.
    static Result<std::shared_ptr<const VarBinArray>>
    TryMake(DType dtype, ArrayRef offsets, Buffer bytes, Validity validity);
    static std::shared_ptr<const VarBinArray>
    Make(DType dtype, ArrayRef offsets, Buffer bytes, Validity validity);
    /// Builds from optional values (nullopt = null; then `dtype` must be nullable) with I32
    /// offsets (I64 when the bytes do not fit).
    static std::shared_ptr<const VarBinArray>
    FromStrings(const std::vector<std::optional<std::string>> &values, DType dtype);

    /// The offsets: a canonical integer PrimitiveArray or a ConstantArray (all values empty).
    const ArrayRef &offsets() const { return offsets_.array(); }
    const Buffer &bytes() const { return bytes_; }
    const Validity &validity() const { return validity_; }
    uint64_t offset_at(size_t i) const { return offsets_.at(i); }
    /// The bytes of value `i` (unspecified for nulls, but always in bounds).
    std::string_view bytes_at(size_t i) const;

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    bool is_valid(size_t i) const override { return validity_.is_valid(i); }
    Mask validity_mask() const override { return validity_.ToMask(len()); }
    /// Views into the shared bytes buffer; no value is copied.
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    /// Slices the offsets; the bytes buffer is shared.
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    /// Gathers the selected values into a new VarBin array.
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;

    struct Token {};
    VarBinArray(Token, DType dtype, IntegerChild offsets, Buffer bytes, Validity validity);

private:
    // Copies the values at `positions` (nulls where `validity` says so) into a new array.
    Result<ArrayRef> Gather(std::span<const size_t> positions, Validity validity) const;

    IntegerChild offsets_;
    Buffer bytes_;
    Validity validity_;
};

/// Builds the 16-byte views of the values bytes[offsets[i], offsets[i+1]) (offsets absolute,
/// non-decreasing, last <= bytes.size(), checked by the caller) and appends the data buffers
/// the views point into: zero-copy slices of `bytes`, each at most 4 GiB so that a view's u32
/// offset reaches every value. Returns the views buffer.
Buffer BuildViewsOverBytes(const Buffer &bytes,
                           std::span<const uint64_t> offsets,
                           std::vector<Buffer> &data_buffers);

/// Checks that every valid value bytes[offsets[i], offsets[i+1]) is UTF-8 (offsets as for
/// BuildViewsOverBytes). Values are contiguous, so one pass over all their bytes usually
/// decides: valid UTF-8 overall with no value starting inside a character means every value is
/// valid. Only otherwise (say, garbage under a null) are the valid values checked one by one.
Status CheckUtf8Values(const Buffer &bytes, std::span<const uint64_t> offsets, const Validity &validity);

} // namespace vortex
