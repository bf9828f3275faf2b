// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "array_usage.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"

namespace vortex::bad_input {
namespace {

void UseEnds(const ArrayRef &array, const UsageCheck &check) {
    const size_t len = array->len();
    if (len > 0) {
        (void)ScalarAt(array, 0);
        (void)ScalarAt(array, len - 1);
        (void)array->is_valid(len - 1);
    }
    check(!ScalarAt(array, len).ok(), "ScalarAt one past the end is an error, never a read");
}

void UseAll(const ArrayRef &array, const UsageCheck &check) {
    const size_t len = array->len();
    check(array->validity_mask().len() == len, "validity_mask has the array's length");
    auto sliced = Slice(array, len / 3, len - len / 3);
    if (sliced.ok()) {
        check((*sliced)->len() == len - 2 * (len / 3), "a slice has the length asked for");
    }

    std::vector<size_t> every_other;
    for (size_t i = 0; i < len; i += 2) {
        every_other.push_back(i);
    }
    auto filtered = Filter(array, Mask::FromIndices(len, every_other));
    if (filtered.ok()) {
        check((*filtered)->len() == every_other.size(), "a filter keeps the rows of its mask");
    }

    std::vector<uint32_t> rows;
    if (len > 0) {
        rows = {static_cast<uint32_t>(std::min<size_t>(len - 1, UINT32_MAX)), 0,
                static_cast<uint32_t>(len / 2)};
    }
    auto taken = Take(array, PrimitiveArray::FromValues(rows));
    if (taken.ok()) {
        check((*taken)->len() == rows.size(), "a take has one row per index");
    }
}

} // namespace

ArrayRef UseAsAReader(const ArrayRef &array, const UsageCheck &check) {
    check(array != nullptr, "an array reported as built is not null");
    if (array == nullptr) {
        return nullptr;
    }
    (void)array->SerializeMetadata();
    UseEnds(array, check);
    const size_t len = array->len();
    if (len > kMaterializeLimit) {
        // Only O(1) work: a slice of the last few elements, used fully.
        auto tail = Slice(array, len - 3, len);
        if (tail.ok()) {
            (void)UseAsAReader(*tail, check);
        }
        return nullptr;
    }
    UseAll(array, check);
    auto canonical = array->ToCanonical();
    if (!canonical.ok()) {
        return nullptr;
    }
    check(*canonical != nullptr, "ToCanonical's array is not null");
    if (*canonical == nullptr) {
        return nullptr;
    }
    check((*canonical)->len() == len, "ToCanonical keeps the length");
    check((*canonical)->dtype() == array->dtype(), "ToCanonical keeps the dtype");
    if (canonical->get() != array.get()) {
        UseEnds(*canonical, check);
        UseAll(*canonical, check);
    }
    return *canonical;
}

} // namespace vortex::bad_input
