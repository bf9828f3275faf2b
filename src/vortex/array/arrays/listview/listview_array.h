// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>

#include "vortex/array/array.h"
#include "vortex/array/arrays/primitive/integer_child.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/validity.h"

namespace vortex {

/// `vortex.listview`: metadata ListViewMetadata{elements_len, offset_ptype, size_ptype};
/// children [elements, offsets (len), sizes (len), validity?]. Spec: arrays-encodings 4.9.
class ListViewEncoding final : public EncodingBase<ListViewEncoding> {
public:
    static constexpr std::string_view kId = "vortex.listview";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// The canonical array of List dtypes: list i = elements[offsets[i], offsets[i] + sizes[i]).
/// Views may overlap and come in any order, which makes take/filter/slice zero-copy on the
/// elements.
class ListViewArray final : public Array {
public:
    /// `offsets` and `sizes` are non-nullable integer arrays of equal length; every view must
    /// lie inside the elements (checked, also for null lists).
    static Result<std::shared_ptr<const ListViewArray>>
    TryMake(ArrayRef elements, const ArrayRef &offsets, const ArrayRef &sizes, Validity validity);
    static std::shared_ptr<const ListViewArray>
    Make(ArrayRef elements, const ArrayRef &offsets, const ArrayRef &sizes, Validity validity);

    const ArrayRef &elements() const { return elements_; }
    /// The integer offsets and sizes: each a canonical PrimitiveArray, or a ConstantArray kept
    /// unexpanded. Read them with offset_at() and size_at().
    const ArrayRef &offsets() const { return offsets_.array(); }
    const ArrayRef &sizes() const { return sizes_.array(); }
    const Validity &validity() const { return validity_; }
    uint64_t offset_at(size_t i) const;
    uint64_t size_at(size_t i) const;
    /// Returns list `i` as a zero-copy slice of the elements.
    Result<ArrayRef> list_at(size_t i) const;

    Result<std::vector<uint8_t>> SerializeMetadata() const override;
    bool is_valid(size_t i) const override { return validity_.is_valid(i); }
    Mask validity_mask() const override { return validity_.ToMask(len()); }
    Result<ArrayRef> ToCanonical() const override { return ToRef(); }
    bool is_canonical() const override { return true; }

    std::optional<Result<Scalar>> ScalarAtImpl(size_t i) const override;
    std::optional<Result<ArrayRef>> SliceImpl(size_t start, size_t stop) const override;
    std::optional<Result<ArrayRef>> FilterImpl(const Mask &mask) const override;
    std::optional<Result<ArrayRef>> TakeImpl(const ArrayRef &indices) const override;

    struct Token {};
    ListViewArray(
        Token, DType dtype, ArrayRef elements, IntegerChild offsets, IntegerChild sizes, Validity validity);

private:
    // A list view over offsets and sizes derived (sliced, filtered, taken) from this one's.
    Result<ArrayRef> WithViews(Result<ArrayRef> offsets, Result<ArrayRef> sizes, Validity validity) const;

    ArrayRef elements_;
    IntegerChild offsets_;
    IntegerChild sizes_;
    Validity validity_;
};

} // namespace vortex
