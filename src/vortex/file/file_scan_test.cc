// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Scans over real files: the answers match an in-memory oracle, zone maps prune, take and
// row ranges cross chunk boundaries, streams never plan on the caller's thread, and a slow
// consumer holds producers back (seeds 000 and 002).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <iterator>
#include <limits>
#include <random>
#include <thread>

#include <gtest/gtest.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/arrow/arrow_stream.h"
#include "vortex/arrow/c_abi.h"
#include "vortex/expr/evaluate.h"
#include "vortex/file/file_scan.h"
#include "vortex/file/testing/file_test_util.h"
#include "vortex/io/executor.h"
#include "vortex/scan/split.h"

namespace vortex {
namespace {

using namespace vortex::expr; // NOLINT: the expression vocabulary reads best unqualified

constexpr size_t kRows = 12'000;

Scalar I64(int64_t value) {
    return Scalar::Primitive<int64_t>(value, Nullability::NonNullable);
}

// id: 0..kRows sorted (zone maps prune it); x: random i32 with nulls; s: short strings with
// nulls; f: doubles with NaNs and infinities.
ArrayRef MakeTable() {
    std::vector<int64_t> ids(kRows);
    for (size_t i = 0; i < kRows; ++i) {
        ids[i] = static_cast<int64_t>(i);
    }
    RandomArrayOptions options;
    options.len = kRows;
    options.seed = 11;
    ArrayRef x = RandomArray(DType::Primitive(PType::I32, Nullability::Nullable), options);
    options.seed = 12;
    options.max_string_len = 4;
    ArrayRef s = RandomArray(DType::Utf8(Nullability::Nullable), options);
    options.seed = 13;
    ArrayRef f = RandomArray(DType::Primitive(PType::F64, Nullability::Nullable), options);
    auto table =
        StructArray::FromFields({"id", "x", "s", "f"}, {PrimitiveArray::FromValues(ids), x, s, f}, kRows);
    VX_CHECK(table.ok());
    return *table;
}

struct Fixture {
    ArrayRef table;
    std::shared_ptr<const VortexFile> file;
};

// Small zones and blocks so that the file has many chunks and zones.
const Fixture &SharedFixture() {
    static const Fixture fixture = [] {
        Fixture out;
        out.table = MakeTable();
        WriteOptions options;
        options.zone_len = 512;
        options.block_bytes = uint64_t{16} * 1024;
        auto bytes = testing::WriteToBuffer(out.table->dtype(), {out.table}, options);
        VX_CHECK(bytes.ok());
        auto file = testing::OpenBuffer(*bytes);
        VX_CHECK(file.ok());
        out.file = *file;
        return out;
    }();
    return fixture;
}

ArrayRef Concat(const std::vector<ArrayRef> &batches, const DType &dtype) {
    return ChunkedArray::Make(batches, dtype);
}

// The oracle: the filter evaluated over the whole in-memory table, then the projection.
ArrayRef Expected(const ArrayRef &table,
                  const ExprRef &filter,
                  const std::vector<std::string> &columns,
                  const DType &dtype) {
    ArrayRef rows = table;
    if (filter) {
        auto mask = EvaluateMask(*filter, table);
        VX_CHECK(mask.ok());
        auto filtered = vortex::Filter(table, *mask);
        VX_CHECK(filtered.ok());
        rows = *filtered;
    }
    const auto *fields = As<StructArray>(*rows);
    std::vector<ArrayRef> projected;
    projected.reserve(columns.size());
    for (const std::string &name : columns) {
        projected.push_back(fields->field_by_name(name));
    }
    auto out = StructArray::TryMake(dtype, projected, rows->len(), Validity::NonNullable());
    VX_CHECK(out.ok());
    return *out;
}

TEST(FileScanTest, GeneratedPredicatesMatchTheOracle) {
    const Fixture &fixture = SharedFixture();
    std::mt19937_64 rng(5);
    auto pick = [&](const std::string &column) {
        auto scalar = ScalarAt(As<StructArray>(*fixture.table)->field_by_name(column), rng() % kRows);
        VX_CHECK(scalar.ok());
        return *scalar;
    };
    const std::vector<std::vector<std::string>> projections = {
        {"id", "x", "s", "f"}, {"s"}, {"f", "id"}, {"x"}};
    std::vector<ExprRef> filters = {
        Lt(Col("id"), Lit(I64(700))),
        Between(Col("id"), I64(3000), I64(3100)),
        And(Gte(Col("id"), Lit(I64(9000))), IsNotNull(Col("x"))),
        Or(Eq(Col("id"), Lit(I64(5))), Eq(Col("id"), Lit(I64(11'500)))),
        IsNull(Col("s")),
        StartsWith(Col("s"), "a"),
        EndsWith(Col("s"), "7"),
        Contains(Col("s"), "1"),
        Not(Lt(Col("id"), Lit(I64(11'000)))),
        Gt(Col("id"), Lit(I64(1'000'000))), // empty
        InList(Col("id"), {I64(1), I64(513), I64(6000)}),
    };
    for (int k = 0; k < 24; ++k) {
        const CompareOp op = static_cast<CompareOp>(rng() % 6);
        switch (k % 4) {
            case 0:
                filters.push_back(Compare(op, Col("x"), Lit(pick("x"))));
                break;
            case 1:
                filters.push_back(Compare(op, Col("f"), Lit(pick("f"))));
                break;
            case 2:
                filters.push_back(Compare(op, Lit(pick("s")), Col("s")));
                break;
            default:
                filters.push_back(And(Compare(op, Col("id"), Lit(pick("id"))),
                                      Or(IsNull(Col("x")), Gt(Col("f"), Lit(pick("f"))))));
        }
    }
    ASSERT_GE(filters.size() * projections.size(), 30u);
    size_t pruned = 0;
    for (size_t i = 0; i < filters.size(); ++i) {
        const auto &columns = projections[i % projections.size()];
        SCOPED_TRACE(filters[i]->ToString());
        scan::ScanBuilder builder = Scan(fixture.file);
        builder.Project(columns).Filter(filters[i]).BatchRows(1000);
        ASSERT_OK_AND_ASSIGN(auto batches, builder.Collect());
        ASSERT_OK_AND_ASSIGN(auto plan, builder.Plan());
        pruned += plan->pruned_rows;
        for (const ArrayRef &batch : batches) {
            EXPECT_LE(batch->len(), 1000u);
            EXPECT_GT(batch->len(), 0u);
        }
        const ArrayRef expected = Expected(fixture.table, filters[i], columns, plan->output_dtype);
        EXPECT_TRUE(ArraysEqual(expected, Concat(batches, plan->output_dtype)));
    }
    EXPECT_GT(pruned, 0u) << "the sorted id column must let zone maps prune";
}

TEST(FileScanTest, UnorderedStreamsReturnTheSameRows) {
    const Fixture &fixture = SharedFixture();
    const ExprRef filter = Gt(Col("x"), Lit(Scalar::Primitive<int32_t>(0, Nullability::NonNullable)));
    scan::ScanBuilder builder = Scan(fixture.file);
    builder.Project({"id"}).Filter(filter).Ordered(false).Window(4);
    ASSERT_OK_AND_ASSIGN(auto batches, builder.Collect());
    std::vector<int64_t> ids;
    for (const ArrayRef &batch : batches) {
        const auto *fields = As<StructArray>(*batch);
        for (size_t i = 0; i < batch->len(); ++i) {
            ASSERT_OK_AND_ASSIGN(Scalar id, ScalarAt(fields->field(0), i));
            ids.push_back(id.as<int64_t>());
        }
    }
    std::sort(ids.begin(), ids.end());
    ASSERT_OK_AND_ASSIGN(Mask mask, EvaluateMask(*filter, fixture.table));
    std::vector<int64_t> expected;
    for (size_t i : mask.Indices()) {
        expected.push_back(static_cast<int64_t>(i));
    }
    EXPECT_EQ(ids, expected);
}

TEST(FileScanTest, TakeRowRangeAndLimitCrossChunkBoundaries) {
    const Fixture &fixture = SharedFixture();
    const DType dtype = As<StructArray>(*fixture.table)->dtype();
    // Take, unsorted and with repeats; returned in row order, once each.
    std::vector<uint64_t> rows = {11'999, 0, 511, 512, 513, 4095, 4096, 512, 7777};
    ASSERT_OK_AND_ASSIGN(auto taken, Scan(fixture.file).Take(rows).Collect());
    std::vector<uint64_t> sorted = {0, 511, 512, 513, 4095, 4096, 7777, 11'999};
    ASSERT_OK_AND_ASSIGN(ArrayRef expected_take,
                         vortex::Take(fixture.table, PrimitiveArray::FromValues(sorted)));
    EXPECT_TRUE(ArraysEqual(expected_take, Concat(taken, dtype)));

    // Row range across many chunks, with a filter and a limit.
    scan::ScanBuilder ranged = Scan(fixture.file);
    ranged.RowRange(1000, 9000).Filter(Gte(Col("id"), Lit(I64(1500)))).Limit(2500).BatchRows(777);
    ASSERT_OK_AND_ASSIGN(auto limited, ranged.Collect());
    ASSERT_OK_AND_ASSIGN(ArrayRef expected_range, Slice(fixture.table, 1500, 4000));
    EXPECT_TRUE(ArraysEqual(expected_range, Concat(limited, dtype)));

    // Empty results.
    ASSERT_OK_AND_ASSIGN(auto none, Scan(fixture.file).Limit(0).Collect());
    EXPECT_TRUE(none.empty());
    ASSERT_OK_AND_ASSIGN(auto empty_take, Scan(fixture.file).Take({}).Collect());
    EXPECT_TRUE(empty_take.empty());
    ASSERT_OK_AND_ASSIGN(auto empty_range, Scan(fixture.file).RowRange(10, 10).Collect());
    EXPECT_TRUE(empty_range.empty());
    ASSERT_OK_AND_ASSIGN(auto take_outside, Scan(fixture.file).RowRange(0, 100).Take({5000}).Collect());
    EXPECT_TRUE(take_outside.empty());
}

TEST(FileScanTest, BadRequestsAreErrors) {
    const Fixture &fixture = SharedFixture();
    EXPECT_FALSE(Scan(fixture.file).Project({"nope"}).Collect().ok());
    EXPECT_FALSE(Scan(fixture.file).Filter(Eq(Col("nope"), Lit(I64(1)))).Collect().ok());
    EXPECT_EQ(Scan(fixture.file).Take({kRows}).Collect().status().code(), StatusCode::OutOfBounds);
    EXPECT_EQ(Scan(fixture.file).RowRange(5, kRows + 1).Collect().status().code(), StatusCode::OutOfBounds);
    EXPECT_FALSE(Scan(fixture.file).Filter(Gt(Col("s"), Lit(I64(1)))).Collect().ok());
}

// Counts segment reads, to show that pruning and projection read less.
class CountingSegments final : public SegmentSource {
public:
    explicit CountingSegments(std::shared_ptr<const SegmentSource> inner) : inner_(std::move(inner)) {}
    Result<Buffer> ReadSegment(uint32_t id) const override {
        reads_.fetch_add(1);
        return inner_->ReadSegment(id);
    }
    size_t reads() const { return reads_.load(); }

private:
    std::shared_ptr<const SegmentSource> inner_;
    mutable std::atomic<size_t> reads_{0};
};

TEST(FileScanTest, PruningAndProjectionReadFewerSegments) {
    const Fixture &fixture = SharedFixture();
    auto count = [&](const ExprRef &filter, std::vector<std::string> columns) {
        scan::ScanSource source = ScanSourceOf(fixture.file);
        auto counting = std::make_shared<CountingSegments>(source.segments);
        source.segments = counting;
        scan::ScanBuilder builder(source);
        builder.Project(std::move(columns)).options().min_split_rows = 512;
        if (filter) {
            builder.Filter(filter);
        }
        auto batches = builder.Collect();
        EXPECT_TRUE(batches.ok());
        return counting->reads();
    };
    const size_t all = count(nullptr, {"id", "x", "s", "f"});
    const size_t one_column = count(nullptr, {"x"});
    const size_t pruned = count(Lt(Col("id"), Lit(I64(600))), {"id", "x", "s", "f"});
    EXPECT_LE(all, fixture.file->segments().size())
        << "splits share decoded blocks: no segment is read twice";
    EXPECT_LT(one_column, all);
    // Each segment is read once per scan (the scan caches decoded blocks); the pruned scan
    // reads the zone table and the first blocks only.
    EXPECT_LT(pruned * 2, all) << "a filter on the sorted id column skips most chunks";
}

// Conjuncts that zone statistics prove true on a split's rows are not evaluated there: a filter
// true everywhere reads no column of its own, and one true in part still returns exact rows.
TEST(FileScanTest, ConjunctsProvenTrueByZonesAreNotEvaluated) {
    const Fixture &fixture = SharedFixture();
    auto reads = [&](const ExprRef &filter, uint64_t *proven) {
        scan::ScanSource source = ScanSourceOf(fixture.file);
        auto counting = std::make_shared<CountingSegments>(source.segments);
        source.segments = counting;
        scan::ScanBuilder builder(source);
        builder.Project({"x"}).options().min_split_rows = 512;
        if (filter) {
            builder.Filter(filter);
        }
        auto batches = builder.Collect();
        EXPECT_TRUE(batches.ok());
        auto plan = builder.Plan();
        EXPECT_TRUE(plan.ok());
        if (proven != nullptr) {
            *proven = (*plan)->proven_rows;
        }
        return counting->reads();
    };
    uint64_t proven = 0;
    const size_t unfiltered = reads(nullptr, nullptr);
    const size_t everywhere = reads(And(Gte(Col("id"), Lit(I64(0))), IsNotNull(Col("id"))), &proven);
    EXPECT_EQ(proven, kRows);
    // The id column's zone table is read, not its data (which an unprovable filter reads).
    const size_t unprovable = reads(Gte(Col("id"), Col("id")), &proven);
    EXPECT_EQ(proven, 0u);
    EXPECT_LT(everywhere, unprovable);
    EXPECT_LE(unfiltered, everywhere);
    const std::vector<ExprRef> partly = {
        Lt(Col("id"), Lit(I64(6000))),
        And(Gte(Col("id"), Lit(I64(0))),
            Gt(Col("x"), Lit(Scalar::Primitive<int32_t>(0, Nullability::NonNullable)))),
        Or(Lt(Col("id"), Lit(I64(3000))), IsNull(Col("x"))),
    };
    for (const ExprRef &filter : partly) {
        SCOPED_TRACE(filter->ToString());
        scan::ScanBuilder builder = Scan(fixture.file);
        builder.Project({"id", "x"}).Filter(filter);
        ASSERT_OK_AND_ASSIGN(auto batches, builder.Collect());
        ASSERT_OK_AND_ASSIGN(auto plan, builder.Plan());
        const ArrayRef expected = Expected(fixture.table, filter, {"id", "x"}, plan->output_dtype);
        EXPECT_TRUE(ArraysEqual(expected, Concat(batches, plan->output_dtype)));
    }
    reads(Lt(Col("id"), Lit(I64(6000))), &proven);
    EXPECT_GT(proven, 0u);
    EXPECT_LE(proven, 6000u);
}

TEST(FileScanTest, SparseTakesRunAsOneSplitAndReuseTheFileCache) {
    const Fixture &fixture = SharedFixture();
    const DType dtype = As<StructArray>(*fixture.table)->dtype();
    // One row from every 500: many chunks, a few rows each.
    std::vector<uint64_t> rows;
    for (uint64_t row = 7; row < kRows; row += 500) {
        rows.push_back(row);
    }
    auto take = [&](scan::ScanSource source) {
        scan::ScanBuilder builder(std::move(source));
        builder.Take(rows).options().min_split_rows = 512;
        return builder;
    };
    ASSERT_OK_AND_ASSIGN(auto plan, take(ScanSourceOf(fixture.file)).Plan());
    ASSERT_EQ(plan->splits.size(), 1u) << "a few rows from many chunks make one task";
    ASSERT_NE(plan->splits.front().take_rows, nullptr);
    EXPECT_EQ(plan->splits.front().take_rows->size(), rows.size())
        << "without a filter the split is its rows; each column finds its own chunks";
    ASSERT_OK_AND_ASSIGN(auto taken, take(ScanSourceOf(fixture.file)).Collect());
    ASSERT_OK_AND_ASSIGN(ArrayRef expected, vortex::Take(fixture.table, PrimitiveArray::FromValues(rows)));
    EXPECT_TRUE(ArraysEqual(expected, Concat(taken, dtype)));

    // With a filter, every chunk boundary is a split point: one task of many pieces, and zones
    // pruned by the filter are cut out of the take.
    ASSERT_OK_AND_ASSIGN(auto filtered_plan,
                         take(ScanSourceOf(fixture.file)).Filter(Gte(Col("id"), Lit(I64(6000)))).Plan());
    ASSERT_EQ(filtered_plan->splits.size(), 1u);
    EXPECT_GT(filtered_plan->splits.front().pieces.size(), 4u);
    ASSERT_OK_AND_ASSIGN(auto filtered,
                         take(ScanSourceOf(fixture.file)).Filter(Gte(Col("id"), Lit(I64(6000)))).Collect());
    std::vector<uint64_t> kept;
    std::copy_if(rows.begin(), rows.end(), std::back_inserter(kept),
                 [](uint64_t row) { return row >= 6000; });
    ASSERT_OK_AND_ASSIGN(ArrayRef expected_kept,
                         vortex::Take(fixture.table, PrimitiveArray::FromValues(kept)));
    EXPECT_TRUE(ArraysEqual(expected_kept, Concat(filtered, dtype)));

    // A cache kept with the source: the second take reads no segment; without it, the same again.
    auto reads_of_two_takes = [&](std::shared_ptr<ArrayCache> cache) {
        scan::ScanSource source = ScanSourceOf(fixture.file);
        auto counting = std::make_shared<CountingSegments>(source.segments);
        source.segments = counting;
        source.cache = std::move(cache);
        std::vector<size_t> reads;
        for (int i = 0; i < 2; ++i) {
            auto again = take(source).Collect();
            EXPECT_TRUE(again.ok() && ArraysEqual(expected, Concat(*again, dtype)));
            reads.push_back(counting->reads());
        }
        return std::pair<size_t, size_t>{reads[0], reads[1] - reads[0]};
    };
    const auto [first_cached, second_cached] =
        reads_of_two_takes(std::make_shared<ArrayCache>(size_t{64} << 20));
    EXPECT_GT(first_cached, 0u);
    EXPECT_EQ(second_cached, 0u);
    const auto [first_plain, second_plain] = reads_of_two_takes(nullptr);
    EXPECT_EQ(second_plain, first_plain);

    // The open option gives the handle that cache.
    ASSERT_OK_AND_ASSIGN(Buffer bytes, testing::WriteToBuffer(fixture.table->dtype(), {fixture.table}));
    OpenOptions options;
    options.array_cache_bytes = 1 << 20;
    ASSERT_OK_AND_ASSIGN(auto cached_file, testing::OpenBuffer(bytes, options));
    ASSERT_NE(cached_file->array_cache(), nullptr);
    EXPECT_EQ(ScanSourceOf(cached_file).cache, cached_file->array_cache());
    ASSERT_OK_AND_ASSIGN(auto plain_file, testing::OpenBuffer(bytes));
    EXPECT_EQ(plain_file->array_cache(), nullptr);
}

TEST(FileScanTest, SplitsRunOnTheEnginesThreads) {
    const Fixture &fixture = SharedFixture();
    scan::ScanBuilder builder = Scan(fixture.file);
    builder.Filter(Lt(Col("x"), Lit(Scalar::Primitive<int32_t>(0, Nullability::NonNullable))));
    builder.options().min_split_rows = 512;
    ASSERT_OK_AND_ASSIGN(auto splits, builder.Splits());
    ASSERT_GT(splits.size(), 2u);
    std::vector<ArrayRef> results(splits.size());
    std::vector<std::thread> threads;
    for (size_t t = 0; t < 3; ++t) {
        threads.emplace_back([&, t] {
            for (size_t i = t; i < splits.size(); i += 3) {
                auto result = splits[i].Execute();
                VX_CHECK(result.ok());
                results[i] = *result;
            }
        });
    }
    for (auto &thread : threads) {
        thread.join();
    }
    ASSERT_OK_AND_ASSIGN(auto streamed, builder.Collect());
    const DType dtype = fixture.table->dtype();
    EXPECT_TRUE(ArraysEqual(Concat(streamed, dtype), Concat(results, dtype)));
}

// A split whose filter keeps most rows may hand them out unfiltered with its mask; the kept
// rows are exactly what Execute returns, for dense, sparse and empty selections.
TEST(FileScanTest, SelectedSplitsKeepExactlyTheFilteredRows) {
    const Fixture &fixture = SharedFixture();
    const DType dtype = fixture.table->dtype();
    size_t with_selection = 0, without = 0;
    for (const int32_t bound : {std::numeric_limits<int32_t>::min(), -2'000'000'000, 0, 2'000'000'000}) {
        scan::ScanBuilder builder = Scan(fixture.file);
        // x > bound keeps all (but nulls), most, half or few of the rows.
        builder.Filter(Gt(Col("x"), Lit(Scalar::Primitive<int32_t>(bound, Nullability::NonNullable))));
        builder.options().min_split_rows = 512;
        ASSERT_OK_AND_ASSIGN(auto splits, builder.Splits());
        for (const scan::Split &split : splits) {
            ASSERT_OK_AND_ASSIGN(ArrayRef expected, split.Execute());
            ASSERT_OK_AND_ASSIGN(scan::SelectedRows selected, split.ExecuteSelected());
            ArrayRef kept = selected.rows;
            if (selected.selection.has_value()) {
                ASSERT_EQ(selected.selection->len(), selected.rows->len());
                EXPECT_GE(selected.selection->true_count() * 2, selected.rows->len());
                ASSERT_OK_AND_ASSIGN(kept, vortex::Filter(selected.rows, *selected.selection));
                ++with_selection;
            } else {
                ++without;
            }
            EXPECT_TRUE(ArraysEqual(kept, expected)) << "x > " << bound;
        }
    }
    EXPECT_GT(with_selection, 0u);
    EXPECT_GT(without, 0u);
}

// Every split says which file rows it returns (engines' file_row_number): the table's `id`
// column is the row number, so each returned row's id must equal it, for plain, filtered
// (dense, sparse, empty), taken (one range or pieces of many chunks) and row-ranged scans.
TEST(FileScanTest, SplitsNameTheFileRowOfEveryRow) {
    const Fixture &fixture = SharedFixture();
    using BuilderSetup = std::function<void(scan::ScanBuilder &)>;
    const auto x_above = [](int32_t bound) {
        return Gt(Col("x"), Lit(Scalar::Primitive<int32_t>(bound, Nullability::NonNullable)));
    };
    std::vector<uint64_t> taken;
    for (uint64_t row = 3; row < kRows; row += 997) {
        taken.push_back(row);
    }
    const std::vector<std::pair<std::string, BuilderSetup>> setups = {
        {"all", [](scan::ScanBuilder &) {}},
        {"dense filter", [&](scan::ScanBuilder &b) { b.Filter(x_above(-2'000'000'000)); }},
        {"half filter", [&](scan::ScanBuilder &b) { b.Filter(x_above(0)); }},
        {"sparse filter", [&](scan::ScanBuilder &b) { b.Filter(x_above(2'140'000'000)); }},
        {"take", [&](scan::ScanBuilder &b) { b.Take(taken); }},
        {"take and filter",
         [&](scan::ScanBuilder &b) {
             b.Take(taken);
             b.Filter(x_above(0));
         }},
        {"row range", [&](scan::ScanBuilder &b) { b.RowRange(1000, 7777); }},
    };
    for (const auto &[name, setup] : setups) {
        SCOPED_TRACE(name);
        scan::ScanBuilder builder = Scan(fixture.file);
        builder.Project({"id"});
        builder.options().min_split_rows = 512;
        setup(builder);
        ASSERT_OK_AND_ASSIGN(auto splits, builder.Splits());
        size_t rows = 0;
        for (const scan::Split &split : splits) {
            ASSERT_OK_AND_ASSIGN(scan::SelectedRows selected, split.ExecuteSelected());
            const std::vector<uint64_t> numbers = selected.RowNumbers();
            ASSERT_EQ(numbers.size(), selected.rows->len());
            ASSERT_OK_AND_ASSIGN(ArrayRef ids, Canonicalize(As<StructArray>(*selected.rows)->field(0)));
            const auto *values = As<PrimitiveArray>(*ids);
            for (size_t i = 0; i < numbers.size(); ++i) {
                ASSERT_EQ(static_cast<uint64_t>(values->values_as<int64_t>()[i]), numbers[i]) << "row " << i;
            }
            rows += selected.selection ? selected.selection->true_count() : numbers.size();
        }
        EXPECT_GT(rows, 0u);
    }
}

// A canonical scan decodes the columns of a plain split as separate tasks (the last one
// assembles): the rows, their order and every projection must be what a sequential read gives,
// with any number of workers.
TEST(FileScanTest, CanonicalScansDecodeColumnsAsSeparateTasks) {
    const Fixture &fixture = SharedFixture();
    const auto &names = fixture.table->dtype().struct_fields().names;
    for (size_t threads : {1, 2, 5}) {
        Executor executor(threads);
        for (const std::vector<std::string> &columns :
             {std::vector<std::string>(names.begin(), names.end()),
              std::vector<std::string>{names.back(), names.front()}}) {
            scan::ScanBuilder builder = Scan(fixture.file);
            builder.Project(columns);
            builder.options().executor = &executor;
            builder.options().canonical = true;
            builder.options().split_rows = 700;
            ASSERT_OK_AND_ASSIGN(auto batches, builder.Collect());
            std::vector<DType> dtypes;
            dtypes.reserve(columns.size());
            for (const std::string &name : columns) {
                dtypes.push_back(fixture.table->dtype()
                                     .struct_fields()
                                     .dtypes[fixture.table->dtype().struct_fields().FindField(name).value()]);
            }
            const DType dtype = DType::Struct(columns, dtypes, Nullability::NonNullable);
            for (const ArrayRef &batch : batches) {
                for (const ArrayRef &field : As<StructArray>(*batch)->fields()) {
                    EXPECT_TRUE(field->is_canonical());
                }
            }
            EXPECT_TRUE(ArraysEqual(Expected(fixture.table, nullptr, columns, dtype), Concat(batches, dtype)))
                << threads << " threads, " << columns.size() << " columns";
        }
    }
}

// Seed 000: the first IntoStream()/Poll() never run the planner on the caller's thread, and a
// slow planner does not hold up another stream polled at the same time.
TEST(FileScanTest, StartNeverBlocksTheCaller) {
    const Fixture &fixture = SharedFixture();
    Executor executor(2);
    std::atomic<bool> planned_on_caller{false};
    const std::thread::id caller = std::this_thread::get_id();
    scan::ScanBuilder slow = Scan(fixture.file);
    slow.WithExecutor(&executor).options().before_planning = [&] {
        planned_on_caller = std::this_thread::get_id() == caller;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    };
    scan::ScanBuilder fast = Scan(fixture.file);
    fast.WithExecutor(&executor).Project({"id"}).RowRange(0, 2000);

    const auto start = std::chrono::steady_clock::now();
    auto slow_stream = slow.IntoStream();
    auto fast_stream = fast.IntoStream();
    ASSERT_OK_AND_ASSIGN(auto first_poll, slow_stream->Poll());
    const auto returned_after = std::chrono::steady_clock::now() - start;
    EXPECT_EQ(first_poll.state, scan::ScanStream::State::Pending);
    EXPECT_LT(returned_after, std::chrono::milliseconds(50));

    // Poll both until the fast one ends; the slow one must still be planning by then.
    size_t fast_rows = 0;
    bool fast_done = false;
    bool slow_pending_while_fast_delivered = false;
    while (!fast_done) {
        ASSERT_OK_AND_ASSIGN(auto polled, fast_stream->Poll());
        if (polled.state == scan::ScanStream::State::Ready) {
            fast_rows += polled.batch->len();
            ASSERT_OK_AND_ASSIGN(auto slow_poll, slow_stream->Poll());
            slow_pending_while_fast_delivered |= slow_poll.state == scan::ScanStream::State::Pending;
        }
        fast_done = polled.state == scan::ScanStream::State::Finished;
        std::this_thread::yield();
    }
    EXPECT_EQ(fast_rows, 2000u);
    EXPECT_TRUE(slow_pending_while_fast_delivered);
    size_t slow_rows = 0;
    while (true) {
        ASSERT_OK_AND_ASSIGN(auto batch, slow_stream->Next());
        if (!batch) {
            break;
        }
        slow_rows += (*batch)->len();
    }
    EXPECT_EQ(slow_rows, kRows);
    EXPECT_FALSE(planned_on_caller.load());
}

// Seed 002: a slow consumer holds producers back, and releasing early frees everything.
TEST(FileScanTest, SlowConsumerHoldsProducersBack) {
    const Fixture &fixture = SharedFixture();
    Executor executor(4);
    scan::ScanBuilder builder = Scan(fixture.file);
    builder.WithExecutor(&executor).Window(2).options().split_rows = 500;
    auto stream = builder.IntoStream();
    size_t batches = 0;
    while (true) {
        ASSERT_OK_AND_ASSIGN(auto batch, stream->Next());
        if (!batch) {
            break;
        }
        ++batches;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
        // Started splits never run more than the window ahead of what was consumed.
        EXPECT_LE(stream->splits_started(), batches + 2);
    }
    EXPECT_GT(batches, 10u);
    EXPECT_LE(stream->max_held(), 2u);
}

TEST(FileScanTest, ArrowExportKeepsOneBatchAheadAndFreesOnRelease) {
    const Fixture &fixture = SharedFixture();
    scan::ScanSource source = ScanSourceOf(fixture.file);
    auto segments = std::make_shared<CountingSegments>(source.segments);
    source.segments = segments;
    const long baseline = segments.use_count();
    {
        scan::ScanBuilder full(source);
        full.options().split_rows = 500;
        ASSERT_OK(full.Collect().status());
    }
    const size_t full_reads = segments->reads();
    {
        scan::ScanBuilder builder(source);
        builder.options().split_rows = 500;
        ArrowArrayStream stream{};
        ASSERT_OK(builder.ExportArrow(&stream));
        ArrowArray array{};
        ASSERT_EQ(stream.get_next(&stream, &array), 0);
        ASSERT_NE(array.release, nullptr);
        array.release(&array);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        // One batch taken and at most one split prepared ahead, however long we wait: a
        // small share of the whole scan's reads.
        const size_t reads_after_one = segments->reads() - full_reads;
        stream.release(&stream);
        EXPECT_LT(reads_after_one, full_reads / 4);
    }
    // Releasing cancelled the scan; once its last task ends nothing holds the source.
    for (int i = 0; i < 200 && segments.use_count() > baseline; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    EXPECT_EQ(segments.use_count(), baseline);
}

// A segment source that fails after some reads: the error reaches the consumer.
class FailingSegments final : public SegmentSource {
public:
    explicit FailingSegments(std::shared_ptr<const SegmentSource> inner) : inner_(std::move(inner)) {}
    Result<Buffer> ReadSegment(uint32_t id) const override {
        if (reads_.fetch_add(1) >= 3) {
            return Status::Io("disk on fire reading segment {}", id);
        }
        return inner_->ReadSegment(id);
    }

private:
    std::shared_ptr<const SegmentSource> inner_;
    mutable std::atomic<size_t> reads_{0};
};

TEST(FileScanTest, ProducerErrorsBecomeStreamErrors) {
    const Fixture &fixture = SharedFixture();
    scan::ScanSource source = ScanSourceOf(fixture.file);
    source.segments = std::make_shared<FailingSegments>(source.segments);
    auto collected = scan::ScanBuilder(source).Collect();
    ASSERT_FALSE(collected.ok());
    EXPECT_NE(collected.status().message().find("disk on fire"), std::string::npos);

    ArrowArrayStream stream{};
    ASSERT_OK(scan::ScanBuilder(source).ExportArrow(&stream));
    int code = 0;
    for (int i = 0; i < 100 && code == 0; ++i) {
        ArrowArray array{};
        code = stream.get_next(&stream, &array);
        if (code == 0 && array.release == nullptr) {
            break;
        }
        if (code == 0) {
            array.release(&array);
        }
    }
    EXPECT_NE(code, 0);
    EXPECT_NE(std::string(stream.get_last_error(&stream)).find("disk on fire"), std::string::npos);
    stream.release(&stream);
}

} // namespace
} // namespace vortex
