// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/testing/array_equal.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>
#include <variant>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/fixed_size_list/fixed_size_list_array.h"
#include "vortex/array/arrays/listview/listview_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/total_order.h"
#include "vortex/base/format.h"

namespace vortex {
namespace {

template <typename T>
uint64_t RawBits(T value) {
    if constexpr (std::is_same_v<T, Half>) {
        return value.bits;
    } else {
        uint64_t bits = 0;
        std::memcpy(&bits, &value, sizeof(T));
        return bits;
    }
}

template <typename T>
bool NativeEqual(T expected, T actual, const ArrayEqualOptions &options) {
    if (options.nan_equal && IsNaN(expected) && IsNaN(actual)) {
        return true;
    }
    return RawBits(expected) == RawBits(actual);
}

bool ValuesEqual(const ScalarValue &expected, const ScalarValue &actual, const ArrayEqualOptions &options) {
    if (expected.index() != actual.index()) {
        return false;
    }
    if (const auto *pe = std::get_if<PValue>(&expected)) {
        const auto &pa = std::get<PValue>(actual);
        if (pe->index() != pa.index()) {
            return false;
        }
        return std::visit([&]<typename T>(T e) { return NativeEqual(e, std::get<T>(pa), options); }, *pe);
    }
    // Decimals compare by value: the storage width is physical (an encoding may narrow it).
    if (const auto *de = std::get_if<DecimalValue>(&expected)) {
        return de->value == std::get<DecimalValue>(actual).value;
    }
    if (const auto *ve = std::get_if<std::vector<Scalar>>(&expected)) {
        const auto &va = std::get<std::vector<Scalar>>(actual);
        if (ve->size() != va.size()) {
            return false;
        }
        for (size_t i = 0; i < ve->size(); ++i) {
            if (!ScalarsEqual((*ve)[i], va[i], options)) {
                return false;
            }
        }
        return true;
    }
    return expected == actual;
}

std::string DescribeElement(const ArrayRef &array, size_t i) {
    auto scalar = ScalarAt(array, i);
    if (!scalar.ok()) {
        return format("<ScalarAt failed: {}>", scalar.status().ToString());
    }
    return DescribeScalar(*scalar);
}

// Describes the canonical values at `i`, naming the original encodings.
::testing::AssertionResult ValueMismatch(const ArrayRef &expected,
                                         const ArrayRef &actual,
                                         const ArrayRef &expected_canonical,
                                         const ArrayRef &actual_canonical,
                                         size_t i) {
    return ::testing::AssertionFailure()
           << "values differ at index " << i << " of " << expected->len() << ": expected "
           << DescribeElement(expected_canonical, i) << ", actual " << DescribeElement(actual_canonical, i)
           << " (encodings " << expected->encoding_id() << " and " << actual->encoding_id() << ")";
}

// Compares element expected[left[k]] with actual[right[k]] for every k, validity first, then
// value; returns the smallest k that differs, or left.size(). Nested canonical arrays recurse
// into their children with the index pairs of the children's elements, so nothing goes
// through scalars or compute functions.
size_t FirstPairMismatch(const ArrayRef &expected,
                         const ArrayRef &actual,
                         const std::vector<size_t> &left,
                         const std::vector<size_t> &right,
                         const ArrayEqualOptions &options) {
    const size_t count = left.size();
    auto canonical_e = Canonicalize(expected);
    auto canonical_a = Canonicalize(actual);
    if (!canonical_e.ok() || !canonical_a.ok()) {
        return 0;
    }
    const ArrayRef &e = *canonical_e;
    const ArrayRef &a = *canonical_a;
    // The pairs of valid elements, with the k each came from.
    std::vector<size_t> valid_left;
    std::vector<size_t> valid_right;
    std::vector<size_t> owner;
    for (size_t k = 0; k < count; ++k) {
        const bool valid = e->is_valid(left[k]);
        if (valid != a->is_valid(right[k])) {
            return k;
        }
        if (valid) {
            valid_left.push_back(left[k]);
            valid_right.push_back(right[k]);
            owner.push_back(k);
        }
    }
    // Children compare pairs expanded from the valid ones; `child_owner` maps them back.
    size_t first = count;
    auto recurse = [&](const ArrayRef &child_e, const ArrayRef &child_a,
                       const std::vector<size_t> &child_left, const std::vector<size_t> &child_right,
                       const std::vector<size_t> &child_owner) {
        const size_t m = FirstPairMismatch(child_e, child_a, child_left, child_right, options);
        if (m != child_left.size()) {
            first = std::min(first, child_owner[m]);
        }
    };
    const auto se = As<StructArray>(e);
    const auto sa = As<StructArray>(a);
    if (se && sa && se->nfields() == sa->nfields()) {
        for (size_t f = 0; f < se->nfields(); ++f) {
            recurse(se->field(f), sa->field(f), valid_left, valid_right, owner);
        }
        return first;
    }
    const auto fe = As<FixedSizeListArray>(e);
    const auto fa = As<FixedSizeListArray>(a);
    if (fe && fa && fe->list_size() == fa->list_size()) {
        const size_t n = fe->list_size();
        std::vector<size_t> child_left;
        std::vector<size_t> child_right;
        std::vector<size_t> child_owner;
        for (size_t v = 0; v < owner.size(); ++v) {
            for (size_t j = 0; j < n; ++j) {
                child_left.push_back(valid_left[v] * n + j);
                child_right.push_back(valid_right[v] * n + j);
                child_owner.push_back(owner[v]);
            }
        }
        recurse(fe->elements(), fa->elements(), child_left, child_right, child_owner);
        return first;
    }
    const auto le = As<ListViewArray>(e);
    const auto la = As<ListViewArray>(a);
    if (le && la) {
        std::vector<size_t> child_left;
        std::vector<size_t> child_right;
        std::vector<size_t> child_owner;
        for (size_t v = 0; v < owner.size(); ++v) {
            const uint64_t size = le->size_at(valid_left[v]);
            if (size != la->size_at(valid_right[v])) {
                first = std::min(first, owner[v]);
                continue;
            }
            const uint64_t offset_e = le->offset_at(valid_left[v]);
            const uint64_t offset_a = la->offset_at(valid_right[v]);
            for (uint64_t j = 0; j < size; ++j) {
                child_left.push_back(offset_e + j);
                child_right.push_back(offset_a + j);
                child_owner.push_back(owner[v]);
            }
        }
        recurse(le->elements(), la->elements(), child_left, child_right, child_owner);
        return first;
    }
    const auto xe = As<ExtensionArray>(e);
    const auto xa = As<ExtensionArray>(a);
    if (xe && xa) {
        recurse(xe->storage(), xa->storage(), valid_left, valid_right, owner);
        return first;
    }
    // Flat arrays compare their buffers; anything else goes through scalars.
    auto first_differing = [&](auto differ) {
        for (size_t v = 0; v < owner.size(); ++v) {
            if (differ(valid_left[v], valid_right[v])) {
                return owner[v];
            }
        }
        return count;
    };
    const auto pe = As<PrimitiveArray>(e);
    const auto pa = As<PrimitiveArray>(a);
    if (pe && pa && pe->ptype() == pa->ptype()) {
        return VisitPType(pe->ptype(), [&]<typename T>() {
            const auto ve = pe->values_as<T>();
            const auto va = pa->values_as<T>();
            return first_differing([&](size_t i, size_t j) { return !NativeEqual(ve[i], va[j], options); });
        });
    }
    const auto be = As<BoolArray>(e);
    const auto ba = As<BoolArray>(a);
    if (be && ba) {
        return first_differing([&](size_t i, size_t j) { return be->value(i) != ba->value(j); });
    }
    const auto de = As<DecimalArray>(e);
    const auto da = As<DecimalArray>(a);
    if (de && da) {
        return first_differing([&](size_t i, size_t j) { return de->value_at(i) != da->value_at(j); });
    }
    const auto ve = As<VarBinViewArray>(e);
    const auto va = As<VarBinViewArray>(a);
    if (ve && va) {
        return first_differing([&](size_t i, size_t j) { return ve->bytes_at(i) != va->bytes_at(j); });
    }
    for (size_t v = 0; v < owner.size(); ++v) {
        auto value_e = ScalarAt(e, valid_left[v]);
        auto value_a = ScalarAt(a, valid_right[v]);
        if (!value_e.ok() || !value_a.ok() || !ScalarsEqual(*value_e, *value_a, options)) {
            return owner[v];
        }
    }
    return count;
}

// Finds the first valid index whose values differ, comparing flat canonical arrays directly
// and everything else (nested, extension) through ScalarAt. Returns len when all are equal.
size_t FirstValueMismatch(const ArrayRef &expected,
                          const ArrayRef &actual,
                          const Mask &valid,
                          const ArrayEqualOptions &options) {
    const size_t len = expected->len();
    const auto pe = As<PrimitiveArray>(expected);
    const auto pa = As<PrimitiveArray>(actual);
    if (pe && pa && pe->ptype() == pa->ptype()) {
        return VisitPType(pe->ptype(), [&]<typename T>() {
            const auto ve = pe->values_as<T>();
            const auto va = pa->values_as<T>();
            for (size_t i = 0; i < len; ++i) {
                if (valid.value(i) && !NativeEqual(ve[i], va[i], options)) {
                    return i;
                }
            }
            return len;
        });
    }
    const auto be = As<BoolArray>(expected);
    const auto ba = As<BoolArray>(actual);
    if (be && ba) {
        for (size_t i = 0; i < len; ++i) {
            if (valid.value(i) && be->value(i) != ba->value(i)) {
                return i;
            }
        }
        return len;
    }
    const auto de = As<DecimalArray>(expected);
    const auto da = As<DecimalArray>(actual);
    if (de && da) {
        for (size_t i = 0; i < len; ++i) {
            if (valid.value(i) && de->value_at(i) != da->value_at(i)) {
                return i;
            }
        }
        return len;
    }
    const auto se = As<VarBinViewArray>(expected);
    const auto sa = As<VarBinViewArray>(actual);
    if (se && sa) {
        for (size_t i = 0; i < len; ++i) {
            if (valid.value(i) && se->bytes_at(i) != sa->bytes_at(i)) {
                return i;
            }
        }
        return len;
    }
    // Extension arrays compare by storage, which has the same validity.
    const auto xe = As<ExtensionArray>(expected);
    const auto xa = As<ExtensionArray>(actual);
    if (xe && xa) {
        auto storage_e = Canonicalize(xe->storage());
        auto storage_a = Canonicalize(xa->storage());
        if (storage_e.ok() && storage_a.ok()) {
            return FirstValueMismatch(*storage_e, *storage_a, valid, options);
        }
    }
    // Nested arrays compare their children's elements pairwise.
    if (As<StructArray>(expected) || As<ListViewArray>(expected) || As<FixedSizeListArray>(expected)) {
        std::vector<size_t> positions;
        for (size_t i = 0; i < len; ++i) {
            if (valid.value(i)) {
                positions.push_back(i);
            }
        }
        const size_t k = FirstPairMismatch(expected, actual, positions, positions, options);
        return k == positions.size() ? len : positions[k];
    }
    for (size_t i = 0; i < len; ++i) {
        if (!valid.value(i)) {
            continue;
        }
        auto e = ScalarAt(expected, i);
        auto a = ScalarAt(actual, i);
        if (!e.ok() || !a.ok() || !ScalarsEqual(*e, *a, options)) {
            return i;
        }
    }
    return len;
}

// Checks that canonicalizing kept the validity the encoded array reports.
::testing::AssertionResult SameValidity(const Mask &reported, const ArrayRef &canonical, const char *side) {
    const Mask canonical_valid = canonical->validity_mask();
    for (size_t i = 0; i < reported.len(); ++i) {
        if (reported.value(i) != canonical_valid.value(i)) {
            return ::testing::AssertionFailure()
                   << side << " array's validity_mask() and its canonical form disagree at index " << i;
        }
    }
    return ::testing::AssertionSuccess();
}

} // namespace

std::string DescribeScalar(const Scalar &scalar) {
    std::string text = scalar.ToString();
    if (!scalar.is_null() && scalar.dtype().is_primitive() && IsFloat(scalar.dtype().ptype())) {
        std::visit([&]<typename T>(T value) { text += format(" (bits 0x{:x})", RawBits(value)); },
                   scalar.pvalue());
    }
    return text;
}

bool ScalarsEqual(const Scalar &expected, const Scalar &actual, const ArrayEqualOptions &options) {
    return expected.dtype() == actual.dtype() && ValuesEqual(expected.value(), actual.value(), options);
}

::testing::AssertionResult
ArraysEqual(const ArrayRef &expected, const ArrayRef &actual, const ArrayEqualOptions &options) {
    if (!expected || !actual) {
        return ::testing::AssertionFailure() << "null ArrayRef (expected " << (expected ? "set" : "null")
                                             << ", actual " << (actual ? "set" : "null") << ")";
    }
    if (expected->dtype() != actual->dtype()) {
        return ::testing::AssertionFailure()
               << "dtypes differ: expected " << expected->dtype() << ", actual " << actual->dtype();
    }
    if (expected->len() != actual->len()) {
        return ::testing::AssertionFailure() << "lengths differ: expected " << expected->len() << ", actual "
                                             << actual->len() << " (dtype " << expected->dtype() << ")";
    }
    const Mask expected_valid = expected->validity_mask();
    const Mask actual_valid = actual->validity_mask();
    if (expected_valid.len() != expected->len() || actual_valid.len() != actual->len()) {
        return ::testing::AssertionFailure() << "validity_mask() has the wrong length";
    }
    for (size_t i = 0; i < expected->len(); ++i) {
        if (expected_valid.value(i) != actual_valid.value(i)) {
            return ::testing::AssertionFailure()
                   << "validity differs at index " << i << " of " << expected->len() << ": expected "
                   << DescribeElement(expected, i) << ", actual " << DescribeElement(actual, i);
        }
    }
    auto expected_canonical = Canonicalize(expected);
    auto actual_canonical = Canonicalize(actual);
    if (!expected_canonical.ok() || !actual_canonical.ok()) {
        return ::testing::AssertionFailure()
               << "canonicalization failed: expected " << expected_canonical.status().ToString()
               << ", actual " << actual_canonical.status().ToString();
    }
    if (auto same = SameValidity(expected_valid, *expected_canonical, "expected"); !same) {
        return same;
    }
    if (auto same = SameValidity(actual_valid, *actual_canonical, "actual"); !same) {
        return same;
    }
    const size_t mismatch =
        FirstValueMismatch(*expected_canonical, *actual_canonical, expected_valid, options);
    if (mismatch != expected->len()) {
        return ValueMismatch(expected, actual, *expected_canonical, *actual_canonical, mismatch);
    }
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult ArraysEqual(const char *expected_expr,
                                       const char *actual_expr,
                                       const ArrayRef &expected,
                                       const ArrayRef &actual) {
    auto result = ArraysEqual(expected, actual);
    if (!result) {
        return ::testing::AssertionFailure()
               << actual_expr << " is not equal to " << expected_expr << ": " << result.message();
    }
    return result;
}

} // namespace vortex
