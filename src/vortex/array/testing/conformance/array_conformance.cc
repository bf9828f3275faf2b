// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/array/testing/conformance/array_conformance.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/null/null_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/compute/total_order.h"
#include "vortex/array/encoding.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/array_from_scalars.h"
#include "vortex/array/testing/test_rng_internal.h"
#include "vortex/base/format.h"
#include "vortex/scalar/stat_dtype.h"

namespace vortex {
namespace {

using internal::TestRng;
using Positions = std::vector<std::optional<size_t>>;

Positions Range(size_t start, size_t stop) {
    Positions out;
    for (size_t i = start; i < stop; ++i) {
        out.emplace_back(i);
    }
    return out;
}

// Gathers the flat canonical encodings directly; nullptr for the others.
ArrayRef GatherFlat(const ArrayRef &array, const DType &dtype, const Positions &positions) {
    std::vector<bool> valid(positions.size());
    for (size_t k = 0; k < positions.size(); ++k) {
        valid[k] = positions[k] && array->is_valid(*positions[k]);
    }
    const Validity validity =
        dtype.is_nullable() ? Validity::FromBits(BitBuffer::FromBools(valid)) : Validity::NonNullable();
    if (const auto primitive = As<PrimitiveArray>(array)) {
        return VisitPType(primitive->ptype(), [&]<typename T>() -> ArrayRef {
            const auto values = primitive->values_as<T>();
            std::vector<T> out(positions.size());
            for (size_t k = 0; k < positions.size(); ++k) {
                out[k] = positions[k] ? values[*positions[k]] : T{};
            }
            return PrimitiveArray::FromValues(out, validity);
        });
    }
    if (const auto bools = As<BoolArray>(array)) {
        std::vector<bool> out(positions.size());
        for (size_t k = 0; k < positions.size(); ++k) {
            out[k] = positions[k] && bools->value(*positions[k]);
        }
        return BoolArray::Make(BitBuffer::FromBools(out), validity);
    }
    if (const auto decimal = As<DecimalArray>(array)) {
        const size_t width = ByteWidth(decimal->values_type());
        BufferMut out = BufferMut::Zeroed(positions.size() * width);
        for (size_t k = 0; k < positions.size(); ++k) {
            if (positions[k]) {
                std::memcpy(out.data() + k * width, decimal->values().data() + *positions[k] * width, width);
            }
        }
        return DecimalArray::Make(decimal->decimal_dtype(), decimal->values_type(), std::move(out).Freeze(),
                                  validity);
    }
    if (const auto strings = As<VarBinViewArray>(array)) {
        std::vector<std::optional<std::string>> out(positions.size());
        for (size_t k = 0; k < positions.size(); ++k) {
            if (valid[k]) {
                out[k] = std::string(strings->bytes_at(*positions[k]));
            }
        }
        return VarBinViewArray::FromStrings(out, dtype);
    }
    if (dtype.is_null()) {
        return NullArray::Make(positions.size());
    }
    return nullptr;
}

// The oracle: the input's elements at `positions` (nullopt = null), built without the
// compute functions under test. `nullable` makes the result dtype nullable.
Result<ArrayRef> Select(const ConformanceInput &input, const Positions &positions, bool nullable = false) {
    const DType dtype = nullable ? input.array->dtype().AsNullable() : input.array->dtype();
    if (ArrayRef flat = GatherFlat(input.array, dtype, positions)) {
        return flat;
    }
    VX_ASSIGN_OR_RETURN(const auto *input_scalars, input.Scalars());
    std::vector<Scalar> scalars;
    scalars.reserve(positions.size());
    for (const auto &p : positions) {
        scalars.push_back(p ? (*input_scalars)[*p] : Scalar::Null(dtype));
    }
    return ArrayFromScalars(dtype, scalars);
}

// Rebuilds every node of the tree from its serialized parts, children first.
Result<ArrayRef> RebuildTree(const ArrayRef &array) {
    std::vector<ArrayRef> children;
    for (const ArrayRef &child : array->children()) {
        VX_ASSIGN_OR_RETURN(auto rebuilt, RebuildTree(child));
        children.push_back(std::move(rebuilt));
    }
    VX_ASSIGN_OR_RETURN(auto metadata, array->SerializeMetadata());
    std::vector<Buffer> buffers(array->buffers().begin(), array->buffers().end());
    return array->encoding().Build(array->dtype(), array->len(), metadata, std::move(buffers),
                                   std::move(children));
}

template <typename T>
ArrayRef IndicesArray(const std::vector<T> &values, const std::vector<bool> *valid = nullptr) {
    return PrimitiveArray::FromValues(values, valid ? Validity::FromBits(BitBuffer::FromBools(*valid))
                                                    : Validity::NonNullable());
}

// Takes `positions` with indices of type T and compares with the oracle.
template <typename T>
void CheckTakeWith(const ConformanceInput &input,
                   const ArrayRef &encoded,
                   const std::vector<size_t> &positions,
                   const char *what) {
    SCOPED_TRACE(format("take {} ({} {} indices)", what, positions.size(), PTypeName(kPTypeOf<T>)));
    std::vector<T> indices;
    Positions expected_positions;
    for (size_t p : positions) {
        indices.push_back(static_cast<T>(p));
        expected_positions.emplace_back(p);
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(encoded, IndicesArray(indices)));
    ASSERT_OK_AND_ASSIGN(ArrayRef expected, Select(input, expected_positions));
    EXPECT_ARRAYS_EQUAL(expected, taken);
}

bool IsOrderable(const DType &dtype) {
    switch (dtype.kind()) {
        case DTypeKind::Bool:
        case DTypeKind::Primitive:
        case DTypeKind::Decimal:
        case DTypeKind::Utf8:
        case DTypeKind::Binary:
            return true;
        case DTypeKind::Extension:
            return IsOrderable(dtype.extension().storage);
        default:
            return false;
    }
}

// The value that orders a scalar: extension scalars order by their storage.
Scalar OrderKey(const Scalar &scalar) {
    return scalar.dtype().is_extension() ? scalar.StorageScalar() : scalar;
}

bool IsNaNScalar(const Scalar &scalar) {
    if (scalar.is_null() || !scalar.dtype().is_primitive()) {
        return false;
    }
    return std::visit([]<typename T>(T value) { return IsNaN(value); }, scalar.pvalue());
}

// Min (or max) of the non-null, non-NaN scalars in [start, stop), as a non-nullable scalar.
std::optional<Scalar>
OracleExtremumOfScalars(const std::vector<Scalar> &scalars, size_t start, size_t stop, bool max) {
    std::optional<Scalar> best;
    for (size_t i = start; i < stop; ++i) {
        const Scalar key = OrderKey(scalars[i]);
        if (key.is_null() || IsNaNScalar(key)) {
            continue;
        }
        if (!best) {
            best = scalars[i];
            continue;
        }
        const auto order = Compare(key, OrderKey(*best));
        if (max ? order > 0 : order < 0) {
            best = scalars[i];
        }
    }
    if (!best) {
        return std::nullopt;
    }
    auto cast = Cast(*best, best->dtype().AsNonNullable());
    return cast.ok() ? std::optional<Scalar>(*cast) : best;
}

// The first valid element of [start, stop) that no other beats (`less(i, j)`: element i
// orders before element j), skipping those `skip` rejects; nullopt if there is none.
template <typename Less, typename Skip>
std::optional<size_t>
BestIndex(const Array &array, size_t start, size_t stop, bool max, Less less, Skip skip) {
    std::optional<size_t> best;
    for (size_t i = start; i < stop; ++i) {
        if (!array.is_valid(i) || skip(i)) {
            continue;
        }
        if (!best || (max ? less(*best, i) : less(i, *best))) {
            best = i;
        }
    }
    return best;
}

// IEEE totalOrder on non-NaN values: only the zeros need care (-0.0 before +0.0). Written
// here, not taken from the compute module, so that the oracle stays independent of it.
template <typename F>
bool TotalLess(F a, F b) {
    return a < b || (a == b && std::signbit(a) && !std::signbit(b));
}

// The oracle's fast path for flat canonical arrays (and extensions over them): the index of
// the min (or max) element found from the buffers. The outer nullopt means "not flat".
std::optional<std::optional<size_t>>
FlatExtremumIndex(const ArrayRef &input, size_t start, size_t stop, bool max) {
    ArrayRef array = input;
    if (const auto extension = As<ExtensionArray>(array)) {
        array = extension->storage();
    }
    const auto never = [](size_t) { return false; };
    if (const auto primitive = As<PrimitiveArray>(array)) {
        return VisitPType(primitive->ptype(), [&]<typename T>() {
            const auto values = primitive->values_as<T>();
            if constexpr (std::is_same_v<T, Half>) {
                return BestIndex(
                    *array, start, stop, max,
                    [&](size_t i, size_t j) { return TotalLess(values[i].ToFloat(), values[j].ToFloat()); },
                    [&](size_t i) { return std::isnan(values[i].ToFloat()); });
            } else if constexpr (std::is_floating_point_v<T>) {
                return BestIndex(
                    *array, start, stop, max,
                    [&](size_t i, size_t j) { return TotalLess(values[i], values[j]); },
                    [&](size_t i) { return std::isnan(values[i]); });
            } else {
                return BestIndex(
                    *array, start, stop, max, [&](size_t i, size_t j) { return values[i] < values[j]; },
                    never);
            }
        });
    }
    if (const auto bools = As<BoolArray>(array)) {
        return BestIndex(
            *array, start, stop, max, [&](size_t i, size_t j) { return !bools->value(i) && bools->value(j); },
            never);
    }
    if (const auto decimal = As<DecimalArray>(array)) {
        return BestIndex(
            *array, start, stop, max,
            [&](size_t i, size_t j) { return decimal->value_at(i) < decimal->value_at(j); }, never);
    }
    if (const auto strings = As<VarBinViewArray>(array)) {
        // string_view compares bytes as unsigned char, as Scalar's Compare does.
        return BestIndex(
            *array, start, stop, max,
            [&](size_t i, size_t j) { return strings->bytes_at(i) < strings->bytes_at(j); }, never);
    }
    return std::nullopt;
}

// Min (or max) of the input's non-null, non-NaN elements in [start, stop), as a non-nullable
// scalar: found from the buffers for flat dtypes, else from the input's scalars.
Result<std::optional<Scalar>>
OracleExtremum(const ConformanceInput &input, size_t start, size_t stop, bool max) {
    if (auto index = FlatExtremumIndex(input.array, start, stop, max)) {
        if (!*index) {
            return std::optional<Scalar>();
        }
        VX_ASSIGN_OR_RETURN(Scalar best, ScalarAt(input.array, **index));
        auto cast = Cast(best, best.dtype().AsNonNullable());
        return std::optional<Scalar>(cast.ok() ? *cast : best);
    }
    VX_ASSIGN_OR_RETURN(const auto *scalars, input.Scalars());
    return OracleExtremumOfScalars(*scalars, start, stop, max);
}

std::string Describe(const std::optional<Scalar> &scalar) {
    return scalar ? format("{} of {}", DescribeScalar(*scalar), scalar->dtype()) : "undefined";
}

// Sums may be computed in a different order by an encoding: floats compare within 1e-9.
bool SumsClose(const std::optional<Scalar> &expected, const std::optional<Scalar> &actual) {
    if (!expected || !actual) {
        return !expected && !actual;
    }
    if (ScalarsEqual(*expected, *actual, {.nan_equal = true})) {
        return true;
    }
    if (expected->dtype() != actual->dtype() || expected->is_null() || actual->is_null() ||
        !expected->dtype().is_primitive() || expected->dtype().ptype() != PType::F64) {
        return false;
    }
    const double e = expected->as<double>();
    const double a = actual->as<double>();
    return std::abs(e - a) <= 1e-9 * std::max(std::abs(e), std::abs(a));
}

void CheckExtremaOn(const ArrayRef &array, const ConformanceInput &input, size_t start, size_t stop) {
    for (const bool max : {false, true}) {
        const Stat stat = max ? Stat::Max : Stat::Min;
        ASSERT_OK_AND_ASSIGN(std::optional<Scalar> actual, array->statistics().Get(stat));
        ASSERT_OK_AND_ASSIGN(std::optional<Scalar> expected, OracleExtremum(input, start, stop, max));
        const bool equal = expected && actual ? ScalarsEqual(*expected, *actual) : !expected && !actual;
        EXPECT_TRUE(equal) << StatName(stat) << ": expected " << Describe(expected) << ", actual "
                           << Describe(actual);
    }
}

// Counted element by element from the canonical input (the statistic kernels count bits).
size_t OracleNullCount(const ConformanceInput &input, size_t start, size_t stop) {
    size_t count = 0;
    for (size_t i = start; i < stop; ++i) {
        count += input.array->is_valid(i) ? 0 : 1;
    }
    return count;
}

} // namespace

// Test binaries that link this library only for its helpers (a serde round trip) do not
// instantiate the suite; that is not an error.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(ArrayConformanceTest);

std::string ConformanceCase::Name() const {
    return format("dtype {} len {}{} seed {}", dtype, len, sliced ? " sliced" : "", seed);
}

std::vector<ConformanceCase> DefaultConformanceCases(bool all_long_cases) {
    // Nested dtypes are checked element by element through scalars, which is slow under
    // sanitizers; block boundaries (1024) matter for their leaves, which are covered flat.
    constexpr size_t kNestedLen = 100;
    std::vector<ConformanceCase> cases;
    uint64_t seed = 1;
    for (const DType &dtype : AllTestDTypes()) {
        const bool flat = dtype.is_null() || dtype.is_bool() || dtype.is_primitive() || dtype.is_decimal() ||
                          dtype.is_utf8() || dtype.is_binary();
        // The block boundaries around 1024 matter for primitives (FastLanes-style kernels).
        std::vector<size_t> lengths = {0, 1, flat ? size_t{1025} : kNestedLen};
        if (dtype.is_primitive()) {
            lengths = {0, 1, 1023, 1024, 1025};
        }
        for (size_t len : lengths) {
            cases.push_back({dtype, len, false, seed++});
        }
        cases.push_back({dtype, 1, true, seed++});
        cases.push_back({dtype, flat ? 1025 : kNestedLen, true, seed++});
    }
    constexpr auto kNull = Nullability::Nullable;
    const std::vector<DType> long_dtypes = {DType::Primitive(PType::I32, Nullability::NonNullable),
                                            DType::Primitive(PType::F64, kNull),
                                            DType::Primitive(PType::U8, kNull), DType::Utf8(kNull)};
    for (size_t k = 0; k < (all_long_cases ? long_dtypes.size() : 2); ++k) {
        cases.push_back({long_dtypes[k], 65539, false, seed++});
    }
    return cases;
}

namespace conformance_internal {

void MakeConformanceInput(const ConformanceCase &c,
                          ArrayRef (*make_input)(const DType &, const RandomArrayOptions &),
                          ConformanceInput *out) {
    RandomArrayOptions options;
    options.len = c.len;
    options.seed = c.seed;
    ArrayRef array = make_input(c.dtype, options);
    ASSERT_NE(array, nullptr);
    if (c.sliced) {
        ASSERT_OK_AND_ASSIGN(array, ToSliced(array, c.seed ^ 0x5EED));
    }
    ASSERT_EQ(array->dtype(), c.dtype);
    ASSERT_EQ(array->len(), c.len);
    out->array = std::move(array);
    out->seed = c.seed;
}

int FailedPartCount() {
    const ::testing::TestResult *result = ::testing::UnitTest::GetInstance()->current_test_info()->result();
    int failed = 0;
    for (int i = 0; i < result->total_part_count(); ++i) {
        failed += result->GetTestPartResult(i).failed() ? 1 : 0;
    }
    return failed;
}

} // namespace conformance_internal

Result<const std::vector<Scalar> *> ConformanceInput::Scalars() const {
    if (!scalars_) {
        VX_ASSIGN_OR_RETURN(auto scalars, ArrayToScalars(array));
        scalars_ = std::move(scalars);
    }
    return &*scalars_;
}

void CheckRoundTrip(const ConformanceInput &input, const ArrayRef &encoded) {
    ASSERT_EQ(encoded->dtype(), input.array->dtype());
    ASSERT_EQ(encoded->len(), input.array->len());
    EXPECT_ARRAYS_EQUAL(input.array, encoded);

    ASSERT_OK_AND_ASSIGN(ArrayRef canonical, encoded->ToCanonical());
    EXPECT_TRUE(canonical->is_canonical()) << "ToCanonical() returned " << canonical->encoding_id();
    EXPECT_ARRAYS_EQUAL(input.array, canonical);

    ASSERT_OK_AND_ASSIGN(ArrayRef rebuilt, RebuildFromParts(encoded));
    EXPECT_EQ(rebuilt->encoding_id(), encoded->encoding_id());
    EXPECT_ARRAYS_EQUAL(input.array, rebuilt);
    ASSERT_OK_AND_ASSIGN(auto metadata, encoded->SerializeMetadata());
    ASSERT_OK_AND_ASSIGN(auto rebuilt_metadata, rebuilt->SerializeMetadata());
    EXPECT_EQ(metadata, rebuilt_metadata) << "metadata changed across a rebuild";

    ASSERT_OK_AND_ASSIGN(ArrayRef tree, RebuildTree(encoded));
    EXPECT_ARRAYS_EQUAL(input.array, tree);
}

void CheckScalarAt(const ConformanceInput &input, const ArrayRef &encoded) {
    const size_t len = input.array->len();
    EXPECT_RAISES(OutOfBounds, ScalarAt(encoded, len));
    if (len == 0) {
        return;
    }
    TestRng rng(input.seed);
    std::vector<size_t> positions = {0, len / 2, len - 1};
    for (int k = 0; k < 4; ++k) {
        positions.push_back(rng.Below(len));
    }
    for (size_t i : positions) {
        ASSERT_OK_AND_ASSIGN(Scalar actual, ScalarAt(encoded, i));
        ASSERT_OK_AND_ASSIGN(Scalar expected, ScalarAt(input.array, i));
        EXPECT_TRUE(ScalarsEqual(expected, actual))
            << "ScalarAt(" << i << "): expected " << DescribeScalar(expected) << " of " << expected.dtype()
            << ", actual " << DescribeScalar(actual) << " of " << actual.dtype();
        EXPECT_EQ(encoded->is_valid(i), !actual.is_null()) << "is_valid(" << i << ") disagrees with ScalarAt";
    }
}

void CheckSlice(const ConformanceInput &input, const ArrayRef &encoded) {
    const size_t len = input.array->len();
    TestRng rng(input.seed);
    std::vector<std::pair<size_t, size_t>> ranges = {{0, 0},       {0, len},       {len, len},
                                                     {0, len / 2}, {len / 2, len}, {len / 3, len - len / 3}};
    if (len > 0) {
        ranges.emplace_back(len - 1, len);
        ranges.emplace_back(0, 1);
    }
    for (int k = 0; k < 2; ++k) {
        const size_t start = rng.Below(len + 1);
        ranges.emplace_back(start, rng.Between(start, len));
    }
    for (const auto &[start, stop] : ranges) {
        SCOPED_TRACE(format("slice [{}, {})", start, stop));
        ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, start, stop));
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, Select(input, Range(start, stop)));
        EXPECT_ARRAYS_EQUAL(expected, sliced);
    }
    if (len >= 4) {
        SCOPED_TRACE("slice of a slice");
        ASSERT_OK_AND_ASSIGN(ArrayRef outer, Slice(encoded, 1, len - 1));
        const size_t inner_len = len - 2;
        ASSERT_OK_AND_ASSIGN(ArrayRef inner, Slice(outer, inner_len / 4, inner_len / 2));
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, Select(input, Range(1 + inner_len / 4, 1 + inner_len / 2)));
        EXPECT_ARRAYS_EQUAL(expected, inner);
    }
    EXPECT_RAISES(OutOfBounds, Slice(encoded, 0, len + 1));
    EXPECT_RAISES(OutOfBounds, Slice(encoded, len + 1, len + 1));
    if (len >= 2) {
        EXPECT_RAISES(OutOfBounds, Slice(encoded, 2, 1));
    }
}

void CheckFilter(const ConformanceInput &input, const ArrayRef &encoded) {
    const size_t len = input.array->len();
    TestRng rng(input.seed);
    auto random_mask = [&](double probability) {
        std::vector<bool> bits(len);
        for (size_t i = 0; i < len; ++i) {
            bits[i] = rng.Chance(probability);
        }
        return Mask::FromBits(BitBuffer::FromBools(bits));
    };
    std::vector<std::pair<const char *, Mask>> masks = {
        {"all", Mask::AllTrue(len)},
        {"none", Mask::AllFalse(len)},
        {"all (bits)", Mask::FromBits(BitBuffer::Full(len, true))},
        {"random", random_mask(0.5)},
        {"sparse", random_mask(0.02)},
        {"dense", random_mask(0.98)},
    };
    if (len > 0) {
        masks.emplace_back("single", Mask::FromIndices(len, {rng.Below(len)}));
        masks.emplace_back(
            "first and last",
            Mask::FromIndices(len, len == 1 ? std::vector<size_t>{0} : std::vector<size_t>{0, len - 1}));
    }
    for (const auto &[name, mask] : masks) {
        SCOPED_TRACE(format("filter {} ({} of {})", name, mask.true_count(), len));
        ASSERT_OK_AND_ASSIGN(ArrayRef filtered, Filter(encoded, mask));
        Positions positions;
        for (size_t i = 0; i < len; ++i) {
            if (mask.value(i)) {
                positions.emplace_back(i);
            }
        }
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, Select(input, positions));
        EXPECT_ARRAYS_EQUAL(expected, filtered);
    }
    EXPECT_RAISES(InvalidArgument, Filter(encoded, Mask::AllTrue(len + 1)));
}

void CheckTake(const ConformanceInput &input, const ArrayRef &encoded) {
    const size_t len = input.array->len();
    TestRng rng(input.seed);
    CheckTakeWith<uint32_t>(input, encoded, {}, "nothing");
    if (len > 0) {
        std::vector<size_t> random(std::min<size_t>(2 * len, 3000));
        for (size_t &p : random) {
            p = rng.Below(len);
        }
        random.push_back(random.front()); // at least one repeat
        CheckTakeWith<uint64_t>(input, encoded, random, "random with repeats");
        CheckTakeWith<int32_t>(input, encoded, {len - 1, 0, len / 2, len - 1}, "first, last and middle");
        if (len <= 65535) {
            std::vector<size_t> reversed;
            for (size_t i = std::min<size_t>(len, 2000); i-- > 0;) {
                reversed.push_back(len - 1 - i * (len / std::min<size_t>(len, 2000)));
            }
            CheckTakeWith<uint16_t>(input, encoded, reversed, "spread");
        }
        if (len <= 255) {
            std::vector<size_t> all(len);
            for (size_t i = 0; i < len; ++i) {
                all[i] = len - 1 - i;
            }
            CheckTakeWith<uint8_t>(input, encoded, all, "reversed");
        }

        SCOPED_TRACE("take with null indices");
        const size_t count = std::min<size_t>(len + 3, 1000);
        std::vector<int64_t> indices(count);
        std::vector<bool> valid(count);
        Positions positions;
        for (size_t k = 0; k < count; ++k) {
            // The slot under a null index holds an in-range position that must be ignored.
            indices[k] = static_cast<int64_t>(rng.Below(len));
            valid[k] = k == 0 || !rng.Chance(0.3);
            positions.push_back(valid[k] ? std::optional<size_t>(static_cast<size_t>(indices[k]))
                                         : std::nullopt);
        }
        ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(encoded, IndicesArray(indices, &valid)));
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, Select(input, positions, /*nullable=*/true));
        EXPECT_ARRAYS_EQUAL(expected, taken);
    }
    EXPECT_RAISES(OutOfBounds,
                  Take(encoded, IndicesArray(std::vector<uint32_t>{0, static_cast<uint32_t>(len)})));
    EXPECT_RAISES(OutOfBounds, Take(encoded, IndicesArray(std::vector<int32_t>{-1})));
}

void CheckStatistics(const ConformanceInput &input, const ArrayRef &encoded) {
    const size_t len = input.array->len();
    const DType &dtype = input.array->dtype();
    ASSERT_OK_AND_ASSIGN(uint64_t null_count, encoded->statistics().null_count());
    EXPECT_EQ(null_count, OracleNullCount(input, 0, len));
    if (IsOrderable(dtype)) {
        SCOPED_TRACE("whole array");
        CheckExtremaOn(encoded, input, 0, len);
    }
    if (SumDType(dtype)) {
        ASSERT_OK_AND_ASSIGN(std::optional<Scalar> actual, encoded->statistics().Get(Stat::Sum));
        ASSERT_OK_AND_ASSIGN(std::optional<Scalar> expected, ComputeStatCanonical(input.array, Stat::Sum));
        EXPECT_TRUE(SumsClose(expected, actual))
            << "sum: expected " << Describe(expected) << ", actual " << Describe(actual);
    }
    // A slice computes its own statistics (nothing is inherited from the parent).
    const size_t start = len / 4;
    const size_t stop = len - len / 4;
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, start, stop));
    ASSERT_OK_AND_ASSIGN(uint64_t sliced_null_count, sliced->statistics().null_count());
    EXPECT_EQ(sliced_null_count, OracleNullCount(input, start, stop)) << "null count of a slice";
    if (IsOrderable(dtype)) {
        SCOPED_TRACE(format("slice [{}, {})", start, stop));
        CheckExtremaOn(sliced, input, start, stop);
    }
}

} // namespace vortex
