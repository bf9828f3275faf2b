// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>

#include "vortex/array/array.h"
#include "vortex/array/encoding_base.h"
#include "vortex/array/validity.h"

namespace vortex {

/// `vortex.fixed_size_list`: empty metadata; children [elements (len * list_size),
/// validity?]; the size comes from the dtype. Spec: arrays-encodings 4.10.
class FixedSizeListEncoding final : public EncodingBase<FixedSizeListEncoding> {
public:
    static constexpr std::string_view kId = "vortex.fixed_size_list";
    using Encoding::Build;
    Result<ArrayRef> Build(const DType &dtype,
                           size_t len,
                           std::span<const uint8_t> metadata,
                           std::vector<Buffer> buffers,
                           const ArrayChildren &children) const override;
};

/// The canonical array of FixedSizeList dtypes: list i = elements[i*size, (i+1)*size).
class FixedSizeListArray final : public Array {
public:
    /// elements->len() must equal len * list_size (len is explicit so that list_size 0 works).
    static Result<std::shared_ptr<const FixedSizeListArray>>
    TryMake(ArrayRef elements, uint32_t list_size, size_t len, Validity validity);
    static std::shared_ptr<const FixedSizeListArray>
    Make(ArrayRef elements, uint32_t list_size, size_t len, Validity validity);

    const ArrayRef &elements() const { return elements_; }
    uint32_t list_size() const { return list_size_; }
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

    struct Token {};
    FixedSizeListArray(
        Token, DType dtype, ArrayRef elements, uint32_t list_size, size_t len, Validity validity);

private:
    ArrayRef elements_;
    uint32_t list_size_;
    Validity validity_;
};

} // namespace vortex
