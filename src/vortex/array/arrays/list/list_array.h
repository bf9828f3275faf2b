// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>

#include "vortex/array/array.h"
#include "vortex/array/arrays/primitive/integer_child.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/validity.h"

namespace vortex {

/// `vortex.list`: metadata ListMetadata{elements_len, offset_ptype}; children [elements,
/// offsets (len + 1), validity?]. Spec: arrays-encodings 4.8.
class ListEncoding final : public EncodingBase<ListEncoding> {
public:
    static constexpr std::string_view kId = "vortex.list";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// A List-dtype array with monotonic offsets: list i = elements[offsets[i], offsets[i+1]).
/// Not canonical: the canonical form of List dtypes is ListViewArray (as in the reference).
class ListArray final : public Array {
public:
    /// `offsets` is a non-nullable integer array of len + 1 entries, non-decreasing, with the
    /// last <= elements->len(). The dtype is List(elements dtype, validity nullability).
    static Result<std::shared_ptr<const ListArray>>
    TryMake(ArrayRef elements, const ArrayRef &offsets, Validity validity);
    static std::shared_ptr<const ListArray>
    Make(ArrayRef elements, const ArrayRef &offsets, Validity validity);

    const ArrayRef &elements() const { return elements_; }
    /// The offsets: a canonical integer PrimitiveArray, or a ConstantArray (all lists empty),
    /// which is kept unexpanded.
    const ArrayRef &offsets() const { return offsets_.array(); }
    const Validity &validity() const { return validity_; }
    uint64_t offset_at(size_t i) const;

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    bool is_valid(size_t i) const override { return validity_.is_valid(i); }
    Mask validity_mask() const override { return validity_.ToMask(len()); }
    /// Converts to a ListViewArray sharing the elements.
    Result<ArrayRef> ToCanonical() const override;

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;

    struct Token {};
    ListArray(Token, DType dtype, ArrayRef elements, IntegerChild offsets, Validity validity);

private:
    ArrayRef elements_;
    IntegerChild offsets_;
    Validity validity_;
};

} // namespace vortex
