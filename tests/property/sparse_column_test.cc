// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// The column shape that once failed a write ("TopValue takes canonical primitive arrays"): a
// nullable column that is about 97% null with three distinct values, all inside one stretch of
// the rows. Blocks inside the stretch are only ~90% null, so the null-dominated sparse scheme
// applied to the whole block but was then tried on a sample that was not null-dominated.
#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/file/testing/file_test_util.h"

namespace vortex {
namespace {

uint64_t Mix(uint64_t x) { // splitmix64's finalizer: a hash of the row number
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

// Rows outside [first, last] are null; inside, one in `every` (by hash) holds one of three
// values, the others are null.
ArrayRef SparseStrings(size_t len, size_t first, size_t last, uint64_t every) {
    static const char *const kValues[] = {"H", "B", "Y"};
    std::vector<std::optional<std::string>> values(len);
    for (size_t i = first; i <= last && i < len; ++i) {
        if (Mix(i) % every == 0) {
            values[i] = kValues[i % 3];
        }
    }
    return VarBinViewArray::FromStrings(values, DType::Utf8(Nullability::Nullable));
}

template <typename T>
ArrayRef SparseIntegers(size_t len, size_t first, size_t last, uint64_t every) {
    std::vector<std::optional<T>> values(len);
    for (size_t i = first; i <= last && i < len; ++i) {
        if (Mix(i) % every == 0) {
            values[i] = static_cast<T>(7 + i % 3);
        }
    }
    return PrimitiveArray::FromOptionals(values);
}

void ExpectRoundTrip(const ArrayRef &column, Compression compression) {
    SCOPED_TRACE(compression == Compression::kCompact ? "compact" : "default");
    auto table = StructArray::FromFields({"note"}, {column}, column->len());
    ASSERT_OK(table.status());
    WriteOptions options;
    options.compression = compression;
    ASSERT_OK_AND_ASSIGN(Buffer bytes, testing::WriteToBuffer((*table)->dtype(), {*table}, options));
    ASSERT_OK_AND_ASSIGN(auto file, testing::OpenBuffer(bytes));
    ASSERT_OK_AND_ASSIGN(ArrayRef back, file->ReadAll());
    EXPECT_TRUE(ArraysEqual(*table, back));
}

TEST(SparseColumn, TheIssueReproducerRoundTrips) {
    // The reproducer's numbers: 2M rows, values in rows 587840..1217560, one in ten of them.
    const ArrayRef note = SparseStrings(2'000'000, 587840, 1217560, 10);
    for (Compression compression : {Compression::kDefault, Compression::kCompact}) {
        ExpectRoundTrip(note, compression);
    }
}

TEST(SparseColumn, EveryDensityInsideTheStretchRoundTrips) {
    for (uint64_t every : {2, 5, 8, 9, 10, 11, 12, 20, 100}) {
        SCOPED_TRACE("one row in " + std::to_string(every));
        ExpectRoundTrip(SparseStrings(200'000, 40'000, 130'000, every), Compression::kDefault);
        ExpectRoundTrip(SparseIntegers<int32_t>(200'000, 40'000, 130'000, every), Compression::kDefault);
        ExpectRoundTrip(SparseIntegers<double>(200'000, 40'000, 130'000, every), Compression::kCompact);
    }
}

} // namespace
} // namespace vortex
