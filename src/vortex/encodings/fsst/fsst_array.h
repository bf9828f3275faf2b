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
#include "vortex/encodings/fsst/fsst_symbol_table.h"

namespace vortex::fsst {

/// `vortex.fsst`: metadata FSSTMetadata{1: uncompressed_lengths_ptype, 2: codes_offsets_ptype}.
/// Spec: arrays-encodings 7.7. Reads both forms:
///   current: buffers [symbols, symbol_lengths, codes], children [uncompressed_lengths (len),
///            codes_offsets (len + 1), validity?];
///   legacy:  buffers [symbols, symbol_lengths], children [codes (a vortex.varbin Binary
///            array with the array's nullability), uncompressed_lengths].
/// Writes the current form.
class FsstEncoding final : public EncodingBase<FsstEncoding> {
public:
    static constexpr std::string_view kId = "vortex.fsst";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// Utf8 or Binary values compressed with a static symbol table: value i is the decoding of
/// codes[codes_offsets[i], codes_offsets[i+1]) and has uncompressed_lengths[i] bytes.
///
/// Construction validates the table, the offsets (non-decreasing, inside the codes buffer)
/// and the lengths; the codes themselves are only checked when decoded (ToCanonical,
/// ScalarAt, ...), which then fails on a bad code or a length mismatch, and for Utf8 on
/// invalid UTF-8. The symbol table is shared by slices and gathered arrays.
class FsstArray final : public Array {
public:
    /// `uncompressed_lengths` (len) and `codes_offsets` (len + 1) are non-nullable integer
    /// arrays of any ptype; `dtype` is Utf8 or Binary with the validity's nullability.
    /// `canonical_codes` says that the codes were produced by Compressor from this table, so
    /// that equal values have equal codes (kernels then compare codes).
    static Result<std::shared_ptr<const FsstArray>> TryMake(DType dtype,
                                                            std::shared_ptr<const SymbolTable> table,
                                                            Buffer codes,
                                                            ArrayRef codes_offsets,
                                                            ArrayRef uncompressed_lengths,
                                                            Validity validity,
                                                            bool canonical_codes = false);

    const SymbolTable &symbol_table() const { return *table_; }
    const Buffer &codes() const { return codes_; }
    const ArrayRef &uncompressed_lengths() const { return lengths_.array(); }
    const ArrayRef &codes_offsets() const { return offsets_.array(); }
    const Validity &validity() const { return validity_; }
    bool canonical_codes() const { return canonical_codes_; }
    uint64_t uncompressed_length(size_t i) const { return lengths_.at(i); }
    /// The code bytes of value `i`.
    std::span<const uint8_t> codes_at(size_t i) const;
    /// Decompresses value `i` (also for nulls); fails on corrupt codes.
    Result<std::string> DecompressValue(size_t i) const;

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    /// The symbols buffer holds u64 words (spec section 8: FSST symbols = 8).
    size_t buffer_alignment(size_t index) const override { return index == 0 ? 8 : 1; }
    bool is_valid(size_t i) const override { return validity_.is_valid(i); }
    Mask validity_mask() const override { return validity_.ToMask(len()); }
    /// Decompresses all codes at once into one buffer and builds views over it.
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    /// Slices the offsets and lengths; the table and codes buffer are shared.
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    /// Gathers the selected code ranges into a new codes buffer, decompressing nothing.
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    /// Eq/NotEq only: compares code bytes with the compressed constant when the codes are
    /// canonical, else decompresses just the values whose length matches.
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;
    /// Prefixes decode at most pattern.size() + 7 bytes of each value long enough to match;
    /// suffixes and substrings decode each such value whole, one at a time into one scratch
    /// buffer (no canonical array is built).
    std::optional<Result<ArrayRef>> MatchStringsImpl(const StringMatch &match) const override;
    /// Byte lengths are the stored uncompressed lengths: nothing is decoded.
    std::optional<Result<ArrayRef>> LengthImpl(LengthUnit unit) const override;

    struct Token {};
    FsstArray(Token,
              DType dtype,
              std::shared_ptr<const SymbolTable> table,
              Buffer codes,
              IntegerChild codes_offsets,
              IntegerChild uncompressed_lengths,
              Validity validity,
              bool canonical_codes);

private:
    Result<ArrayRef> Gather(std::span<const size_t> positions, Validity validity) const;

    std::shared_ptr<const SymbolTable> table_;
    Buffer codes_;
    IntegerChild offsets_;
    IntegerChild lengths_;
    Validity validity_;
    bool canonical_codes_;
};

/// Trains a symbol table on the non-null values of a Utf8/Binary array and compresses it
/// (the reference's fsst_train_compressor + fsst_compress): I32 uncompressed lengths (I64
/// only for values over 2 GiB), codes offsets I32 while twice the input size fits, else I64.
Result<std::shared_ptr<const FsstArray>> FsstCompress(const ArrayRef &array);
/// Compresses with a given table.
Result<std::shared_ptr<const FsstArray>> FsstCompress(const ArrayRef &array,
                                                      std::shared_ptr<const SymbolTable> table);

} // namespace vortex::fsst
