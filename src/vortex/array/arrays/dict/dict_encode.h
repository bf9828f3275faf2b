// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "vortex/array/array.h"
#include "vortex/base/result.h"
#include "vortex/dtype/dtype.h"
#include "vortex/dtype/ptype.h"

namespace vortex {

/// Where a dictionary puts the nulls of its input.
enum class DictNulls : uint8_t {
    /// One null entry in the values; codes are non-nullable. What the reference's dict builders
    /// emit (used by its dict layout writer and its string/binary dict schemes).
    kInValues,
    /// Codes carry the input validity (a null row has code 0); values hold no nulls. What the
    /// reference's integer and float dict schemes emit.
    kInCodes,
};

struct DictEncodeOptions {
    /// Most entries in one dictionary (a null entry counts).
    size_t max_values = 65535;
    /// Most bytes of values: width per primitive entry; 16 per string view plus the bytes of
    /// values longer than 12 (as the reference counts). A DictBuilder always admits its first
    /// entry, however large, so that it makes progress.
    size_t max_value_bytes = size_t{1} << 20;
    DictNulls nulls = DictNulls::kInValues;
};

/// True for the dtypes DictEncode and DictBuilder accept: Primitive, Utf8, Binary.
bool DictEncodable(const DType &dtype);

/// Dictionary-encodes a Primitive (floats compared bit for bit, so -0.0 and NaN payloads
/// survive), Utf8 or Binary array (canonicalized first if it is not canonical). Returns
/// nullopt when the distinct values exceed the limits. Values are in first-occurrence order,
/// every value is referenced, and codes are the narrowest unsigned type holding
/// values.len() - 1 (U8 when empty), as the reference narrows them.
Result<std::optional<ArrayRef>> DictEncode(const ArrayRef &array, const DictEncodeOptions &options = {});

/// Accumulates one dictionary across chunks. The codes ptype is fixed up front (the narrowest
/// unsigned type holding the largest possible code), so that every chunk's codes share one
/// dtype, as a codes stream needs.
class DictBuilder {
public:
    /// Fails for dtypes other than Primitive, Utf8 and Binary.
    static Result<std::unique_ptr<DictBuilder>> Make(const DType &dtype,
                                                     const DictEncodeOptions &options = {});
    virtual ~DictBuilder() = default;

    const DType &dtype() const { return dtype_; }
    PType codes_ptype() const { return codes_ptype_; }
    /// The dtype of every codes array Append returns (nullable only with DictNulls::kInCodes
    /// over a nullable dtype).
    DType codes_dtype() const;
    /// Entries in the current dictionary (a null entry counts).
    virtual size_t values_len() const = 0;
    /// Bytes of the current dictionary's values, as the limit counts them.
    virtual size_t values_bytes() const = 0;

    /// Encodes the longest prefix of `chunk` (of dtype() up to nullability) that fits in the
    /// dictionary and returns its codes. A result shorter than `chunk` means the dictionary is
    /// full: take Finish() and encode the rest of the chunk into the next dictionary.
    Result<ArrayRef> Append(const ArrayRef &chunk);
    /// Returns the values (dtype(); every one referenced by some code) and starts a new,
    /// empty dictionary.
    virtual ArrayRef Finish() = 0;

protected:
    DictBuilder(DType dtype, PType codes_ptype, DictNulls nulls)
        : dtype_(std::move(dtype)), codes_ptype_(codes_ptype), nulls_(nulls) {}
    bool nullable_codes() const { return nulls_ == DictNulls::kInCodes && dtype_.is_nullable(); }
    // `canonical` is a Primitive or VarBinView array of dtype().
    virtual Result<ArrayRef> AppendCanonical(const ArrayRef &canonical) = 0;

private:
    DType dtype_;
    PType codes_ptype_;
    DictNulls nulls_;
};

} // namespace vortex
