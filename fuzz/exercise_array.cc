// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "exercise_array.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"

#include "fuzz_target.h"

namespace vortex::fuzz {
namespace {

void TouchEnds(const ArrayRef &array) {
    const size_t len = array->len();
    if (len > 0) {
        (void)ScalarAt(array, 0);
        (void)ScalarAt(array, len - 1);
        (void)array->is_valid(len - 1);
    }
    FUZZ_CHECK(!ScalarAt(array, len).ok()); // one past the end is an error, never a read
}

void TouchAll(const ArrayRef &array) {
    const size_t len = array->len();
    FUZZ_CHECK(array->validity_mask().len() == len);
    auto sliced = Slice(array, len / 3, len - len / 3);
    if (sliced.ok())
        FUZZ_CHECK((*sliced)->len() == len - 2 * (len / 3));

    std::vector<size_t> every_other;
    for (size_t i = 0; i < len; i += 2)
        every_other.push_back(i);
    auto filtered = Filter(array, Mask::FromIndices(len, every_other));
    if (filtered.ok())
        FUZZ_CHECK((*filtered)->len() == every_other.size());

    std::vector<uint32_t> rows;
    if (len > 0)
        rows = {static_cast<uint32_t>(len - 1), 0, static_cast<uint32_t>(len / 2)};
    auto taken = Take(array, PrimitiveArray::FromValues(rows));
    if (taken.ok())
        FUZZ_CHECK((*taken)->len() == rows.size());
}

} // namespace

void ExerciseArray(const ArrayRef &array) {
    FUZZ_CHECK(array != nullptr);
    (void)array->SerializeMetadata();
    TouchEnds(array);
    const size_t len = array->len();
    if (len > kMaterializeLimit) {
        auto tail = Slice(array, len - 3, len);
        if (tail.ok())
            ExerciseArray(*tail);
        return;
    }
    TouchAll(array);
    auto canonical = array->ToCanonical();
    if (!canonical.ok())
        return;
    FUZZ_CHECK(*canonical != nullptr);
    FUZZ_CHECK((*canonical)->len() == len);
    FUZZ_CHECK((*canonical)->dtype() == array->dtype());
    if (canonical->get() != array.get()) {
        TouchEnds(*canonical);
        TouchAll(*canonical);
    }
}

} // namespace vortex::fuzz
