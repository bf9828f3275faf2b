// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/validity.h"

namespace vortex {

/// `vortex.struct`: empty metadata, no buffers; children = [validity?] + fields (validity is
/// child 0 iff there are nfields + 1 children). Spec: arrays-encodings 4.7.
class StructEncoding final : public EncodingBase<StructEncoding> {
public:
    static constexpr std::string_view kId = "vortex.struct";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// The canonical array of Struct dtypes: one array per field, all of length len().
class StructArray final : public Array {
public:
    /// Checks field count, each field's dtype against the struct dtype and its length, and
    /// that the validity's nullability matches `struct_dtype`.
    static Result<std::shared_ptr<const StructArray>>
    TryMake(DType struct_dtype, std::vector<ArrayRef> fields, size_t len, Validity validity);
    static std::shared_ptr<const StructArray>
    Make(DType struct_dtype, std::vector<ArrayRef> fields, size_t len, Validity validity);
    /// Derives a non-nullable (or validity-nullable) struct dtype from the fields' dtypes.
    static Result<std::shared_ptr<const StructArray>> FromFields(std::vector<std::string> names,
                                                                 std::vector<ArrayRef> fields,
                                                                 size_t len,
                                                                 Validity validity = Validity::NonNullable());

    const std::vector<ArrayRef> &fields() const { return fields_; }
    size_t nfields() const { return fields_.size(); }
    const ArrayRef &field(size_t i) const {
        VX_CHECK_LT(i, fields_.size());
        return fields_[i];
    }
    /// Returns the field named `name` (first match), or nullptr.
    ArrayRef field_by_name(std::string_view name) const;
    const Validity &validity() const { return validity_; }

    Result<std::vector<uint8_t>> SerializeMetadata() const override { return std::vector<uint8_t>{}; }
    bool is_valid(size_t i) const override { return validity_.is_valid(i); }
    Mask validity_mask() const override { return validity_.ToMask(len()); }
    Result<ArrayRef> ToCanonical() const override { return ToRef(); }
    bool is_canonical() const override { return true; }

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;
    /// Field by field in the scalar order (a null field sorts first), each field through its
    /// own comparison kernel, combined a word at a time.
    std::optional<Result<ArrayRef>> CompareScalarImpl(const Scalar &scalar, CompareOp op) const override;

    struct Token {};
    StructArray(Token, DType dtype, std::vector<ArrayRef> fields, size_t len, Validity validity);

private:
    std::vector<ArrayRef> fields_;
    Validity validity_;
};

} // namespace vortex
