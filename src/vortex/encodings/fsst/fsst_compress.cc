// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <limits>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/encodings/fsst/fsst_array.h"

namespace vortex::fsst {

namespace {

constexpr uint64_t kI32Max = std::numeric_limits<int32_t>::max();

template <typename T>
ArrayRef ToPrimitive(const std::vector<uint64_t> &values) {
    std::vector<T> narrow(values.begin(), values.end());
    return PrimitiveArray::FromValues(narrow);
}

} // namespace

Result<std::shared_ptr<const FsstArray>> FsstCompress(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    const auto *view = As<VarBinViewArray>(*canonical);
    VX_ENSURE(view != nullptr, InvalidArgument, "fsst compresses utf8 or binary arrays, got {}",
              array->dtype());
    std::vector<std::string_view> values;
    values.reserve(view->len());
    for (size_t i = 0; i < view->len(); ++i) {
        if (view->is_valid(i)) {
            values.push_back(view->bytes_at(i));
        }
    }
    return FsstCompress(canonical, std::make_shared<const SymbolTable>(TrainSymbolTable(values)));
}

Result<std::shared_ptr<const FsstArray>> FsstCompress(const ArrayRef &array,
                                                      std::shared_ptr<const SymbolTable> table) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    const auto *view = As<VarBinViewArray>(*canonical);
    VX_ENSURE(view != nullptr, InvalidArgument, "fsst compresses utf8 or binary arrays, got {}",
              array->dtype());
    const size_t len = view->len();
    // As the reference: nulls get no codes and length 0.
    const bool all_valid = view->validity().trivially_all_valid();
    uint64_t total = 0;
    uint64_t longest = 0;
    for (size_t i = 0; i < len; ++i) {
        if (all_valid || view->is_valid(i)) {
            const uint64_t size = view->bytes_at(i).size();
            total += size;
            longest = std::max(longest, size);
        }
    }
    const Compressor compressor(*table);
    BufferMut codes = BufferMut::Uninitialized(Compressor::MaxCompressedSize(total));
    std::vector<uint64_t> offsets(len + 1, 0);
    std::vector<uint64_t> lengths(len, 0);
    size_t written = 0;
    for (size_t i = 0; i < len; ++i) {
        if (all_valid || view->is_valid(i)) {
            const std::string_view value = view->bytes_at(i);
            written += compressor.Compress(value, codes.data() + written);
            lengths[i] = value.size();
        }
        offsets[i + 1] = written;
    }
    codes.Resize(written);
    // The reference picks I32 codes offsets while the worst case (2 bytes per input byte)
    // fits, and writes I32 lengths.
    ArrayRef offsets_array =
        2 * total <= kI32Max ? ToPrimitive<int32_t>(offsets) : ToPrimitive<int64_t>(offsets);
    ArrayRef lengths_array =
        longest <= kI32Max ? ToPrimitive<int32_t>(lengths) : ToPrimitive<int64_t>(lengths);
    return FsstArray::TryMake(view->dtype(), std::move(table), std::move(codes).Freeze(),
                              std::move(offsets_array), std::move(lengths_array), view->validity(),
                              /*canonical_codes=*/true);
}

} // namespace vortex::fsst
