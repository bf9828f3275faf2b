// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <limits>
#include <map>
#include <random>

#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/extension/extension_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_from_scalars.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/dtype/extension.h"
#include "vortex/expr/evaluate.h"
#include "vortex/expr/pruning.h"

namespace vortex::expr {
namespace {

// Zone statistics computed from real columns cut into zones of `zone_len` rows, the way the
// zone-map writer computes them (min/max ignore nulls and NaNs).
class ComputedZoneStatistics final : public ZoneStatistics {
public:
    ComputedZoneStatistics(ArrayRef table, size_t zone_len) : table_(std::move(table)), zone_len_(zone_len) {
        ComputeFields({}, table_);
    }

    size_t zone_count() const override { return (table_->len() + zone_len_ - 1) / zone_len_; }
    uint64_t zone_rows(size_t zone) const override {
        return std::min(zone_len_, table_->len() - zone * zone_len_);
    }
    Result<ArrayRef> Get(std::string_view column, Stat stat) const override {
        auto it = stats_.find({std::string(column), stat});
        return it == stats_.end() ? ArrayRef() : it->second;
    }
    void Drop(const std::string &column, Stat stat) { stats_.erase({column, stat}); }
    ArrayRef Zone(size_t zone) const {
        auto slice = Slice(table_, zone * zone_len_, zone * zone_len_ + zone_rows(zone));
        EXPECT_TRUE(slice.ok());
        return *slice;
    }

private:
    // Statistics of every field of `table` (at `path`), and of the fields of nested structs
    // under their paths, as the writer keeps zone maps per leaf column.
    void ComputeFields(const std::vector<std::string> &path, const ArrayRef &table) {
        auto canonical = Canonicalize(table);
        ASSERT_TRUE(canonical.ok());
        const auto *fields = As<StructArray>(**canonical);
        const auto &names = table->dtype().struct_fields().names;
        for (size_t f = 0; f < names.size(); ++f) {
            std::vector<std::string> field_path = path;
            field_path.push_back(names[f]);
            if (fields->field(f)->dtype().is_struct()) {
                ComputeFields(field_path, fields->field(f));
            } else {
                Compute(ZoneKey(field_path), fields->field(f));
            }
        }
    }

    void Compute(const std::string &name, const ArrayRef &column) {
        const DType stat_dtype = column->dtype().AsNullable();
        const DType count_dtype = DType::Primitive(PType::U64, Nullability::Nullable);
        std::vector<Scalar> mins, maxs, nulls, nans;
        const bool is_float = column->dtype().is_primitive() && IsFloat(column->dtype().ptype());
        for (size_t zone = 0; zone < zone_count(); ++zone) {
            auto slice = Slice(column, zone * zone_len_, zone * zone_len_ + zone_rows(zone));
            EXPECT_TRUE(slice.ok());
            auto min = Min(*slice);
            auto max = Max(*slice);
            EXPECT_TRUE(min.ok() && max.ok());
            mins.push_back(min->is_null() ? Scalar::Null(stat_dtype) : *Cast(*min, stat_dtype));
            maxs.push_back(max->is_null() ? Scalar::Null(stat_dtype) : *Cast(*max, stat_dtype));
            nulls.push_back(Scalar::Primitive<uint64_t>(NullCount(*slice), Nullability::Nullable));
            if (is_float) {
                auto nan = ComputeStatCanonical(*slice, Stat::NanCount);
                EXPECT_TRUE(nan.ok() && nan->has_value());
                nans.push_back(*Cast(**nan, count_dtype));
            }
        }
        stats_[{name, Stat::Min}] = *ArrayFromScalars(stat_dtype, mins);
        stats_[{name, Stat::Max}] = *ArrayFromScalars(stat_dtype, maxs);
        stats_[{name, Stat::NullCount}] = *ArrayFromScalars(count_dtype, nulls);
        if (is_float) {
            stats_[{name, Stat::NanCount}] = *ArrayFromScalars(count_dtype, nans);
        }
    }

    ArrayRef table_;
    size_t zone_len_;
    std::map<std::pair<std::string, Stat>, ArrayRef> stats_;
};

Validity ValidityOf(const std::vector<bool> &valid) {
    std::vector<size_t> rows;
    for (size_t row = 0; row < valid.size(); ++row) {
        if (valid[row]) {
            rows.push_back(row);
        }
    }
    return Validity::FromMask(Mask::FromIndices(valid.size(), rows));
}

Scalar I64(int64_t value) {
    return Scalar::Primitive<int64_t>(value, Nullability::NonNullable);
}

// i: [0..40) in zones of 10 (zone k holds 10k..10k+9), n: all null in zone 1, no nulls in zone 0.
ArrayRef SortedTable() {
    std::vector<std::optional<int64_t>> i, n;
    for (int64_t v = 0; v < 40; ++v) {
        i.push_back(v);
        n.push_back(v >= 10 && v < 20 ? std::nullopt : std::optional<int64_t>(v % 3));
    }
    n[25] = std::nullopt;
    auto table = StructArray::FromFields(
        {"i", "n"}, {ArrayRef(PrimitiveArray::FromOptionals(i)), ArrayRef(PrimitiveArray::FromOptionals(n))},
        40);
    EXPECT_TRUE(table.ok());
    return *table;
}

std::vector<size_t> Skipped(const ExprRef &predicate, const ZoneStatistics &stats) {
    auto mask = ZonesToSkip(*predicate, stats);
    EXPECT_TRUE(mask.ok()) << mask.status();
    return mask.ok() ? mask->Indices() : std::vector<size_t>{};
}

TEST(PruningTest, ComparisonsSkipZonesOutsideTheirRange) {
    ComputedZoneStatistics stats(SortedTable(), 10);
    using V = std::vector<size_t>;
    EXPECT_EQ(Skipped(Gt(Col("i"), Lit(I64(25))), stats), (V{0, 1}));
    EXPECT_EQ(Skipped(Gte(Col("i"), Lit(I64(20))), stats), (V{0, 1}));
    EXPECT_EQ(Skipped(Lt(Col("i"), Lit(I64(10))), stats), (V{1, 2, 3}));
    EXPECT_EQ(Skipped(Lte(Col("i"), Lit(I64(10))), stats), (V{2, 3}));
    EXPECT_EQ(Skipped(Eq(Col("i"), Lit(I64(15))), stats), (V{0, 2, 3}));
    EXPECT_EQ(Skipped(Eq(Lit(I64(15)), Col("i")), stats), (V{0, 2, 3}));
    EXPECT_EQ(Skipped(Gt(Lit(I64(15)), Col("i")), stats), (V{2, 3}));
    EXPECT_EQ(Skipped(Between(Col("i"), I64(12), I64(22)), stats), (V{0, 3}));
    EXPECT_EQ(Skipped(InList(Col("i"), {I64(3), I64(35)}), stats), (V{1, 2}));
    // A literal beyond the column's type prunes everything or nothing, never errs.
    EXPECT_EQ(
        Skipped(Gt(Col("i"), Lit(Scalar::Primitive<uint64_t>(UINT64_MAX, Nullability::NonNullable))), stats),
        (V{0, 1, 2, 3}));
}

TEST(PruningTest, ConnectivesAndNegation) {
    ComputedZoneStatistics stats(SortedTable(), 10);
    using V = std::vector<size_t>;
    EXPECT_EQ(Skipped(And(Gt(Col("i"), Lit(I64(15))), Lt(Col("i"), Lit(I64(25)))), stats), (V{0, 3}));
    EXPECT_EQ(Skipped(Or(Lt(Col("i"), Lit(I64(5))), Gt(Col("i"), Lit(I64(35)))), stats), (V{1, 2}));
    EXPECT_EQ(Skipped(Not(Lt(Col("i"), Lit(I64(30)))), stats), (V{0, 1, 2}));
    EXPECT_EQ(Skipped(Not(Between(Col("i"), I64(0), I64(29))), stats), (V{0, 1, 2}));
    EXPECT_EQ(Skipped(Not(Or(Lt(Col("i"), Lit(I64(10))), Gte(Col("i"), Lit(I64(20))))), stats), (V{0, 2, 3}));
    EXPECT_EQ(Skipped(Lit(Scalar::Bool(false, Nullability::NonNullable)), stats), (V{0, 1, 2, 3}));
    // Column against column proves nothing.
    EXPECT_EQ(Skipped(Gt(Col("i"), Col("n")), stats), (V{}));
}

TEST(PruningTest, NullCounts) {
    ComputedZoneStatistics stats(SortedTable(), 10);
    using V = std::vector<size_t>;
    EXPECT_EQ(Skipped(IsNull(Col("n")), stats), (V{0, 3}));
    EXPECT_EQ(Skipped(IsNotNull(Col("n")), stats), (V{1}));
    // An all-null zone matches no comparison at all.
    EXPECT_EQ(Skipped(NotEq(Col("n"), Lit(I64(-1))), stats), (V{1}));
    EXPECT_EQ(
        Skipped(Eq(Col("n"), Lit(Scalar::Null(DType::Primitive(PType::I64, Nullability::Nullable)))), stats),
        (V{0, 1, 2, 3}));
}

std::vector<size_t> AllTrue(const ExprRef &predicate, const ZoneStatistics &stats) {
    auto mask = ZonesAllTrue(*predicate, stats);
    EXPECT_TRUE(mask.ok()) << mask.status();
    return mask.ok() ? mask->Indices() : std::vector<size_t>{};
}

TEST(PruningTest, ZonesWhereEveryRowMatches) {
    ComputedZoneStatistics stats(SortedTable(), 10);
    using V = std::vector<size_t>;
    EXPECT_EQ(AllTrue(Lt(Col("i"), Lit(I64(25))), stats), (V{0, 1}));
    EXPECT_EQ(AllTrue(Gte(Col("i"), Lit(I64(20))), stats), (V{2, 3}));
    EXPECT_EQ(AllTrue(Gt(Lit(I64(20)), Col("i")), stats), (V{0, 1}));
    EXPECT_EQ(AllTrue(NotEq(Col("i"), Lit(I64(15))), stats), (V{0, 2, 3}));
    EXPECT_EQ(AllTrue(Between(Col("i"), I64(10), I64(29)), stats), (V{1, 2}));
    EXPECT_EQ(AllTrue(Not(Gte(Col("i"), Lit(I64(10)))), stats), (V{0}));
    EXPECT_EQ(AllTrue(Or(Lt(Col("i"), Lit(I64(5))), Gte(Col("i"), Lit(I64(10)))), stats), (V{1, 2, 3}));
    // n has nulls in zones 1 (all) and 2 (one): a comparison on it is null there.
    EXPECT_EQ(AllTrue(IsNotNull(Col("n")), stats), (V{0, 3}));
    EXPECT_EQ(AllTrue(Lt(Col("n"), Lit(I64(5))), stats), (V{0, 3}));
    EXPECT_EQ(AllTrue(And(Gte(Col("i"), Lit(I64(10))), IsNotNull(Col("n"))), stats), (V{3}));
    // Equality holds everywhere only in a zone of one value; IN lists, null literals and
    // column-against-column comparisons prove nothing here.
    EXPECT_EQ(AllTrue(Eq(Col("i"), Lit(I64(15))), stats), (V{}));
    EXPECT_EQ(AllTrue(InList(Col("i"), {I64(3), I64(4)}), stats), (V{}));
    EXPECT_EQ(
        AllTrue(Or(Lt(Col("i"), Lit(I64(100))),
                   Eq(Col("i"), Lit(Scalar::Null(DType::Primitive(PType::I64, Nullability::Nullable))))),
                stats),
        (V{}));
    EXPECT_EQ(AllTrue(Gte(Col("i"), Col("n")), stats), (V{}));
    EXPECT_EQ(AllTrue(StartsWith(Col("i"), "1"), stats), (V{}));
    stats.Drop("i", Stat::NullCount);
    EXPECT_EQ(AllTrue(Lt(Col("i"), Lit(I64(25))), stats), (V{}));
}

TEST(PruningTest, MissingStatisticsProveNothing) {
    ComputedZoneStatistics stats(SortedTable(), 10);
    stats.Drop("i", Stat::Max);
    using V = std::vector<size_t>;
    EXPECT_EQ(Skipped(Gt(Col("i"), Lit(I64(25))), stats), (V{}));
    EXPECT_EQ(Skipped(Lt(Col("i"), Lit(I64(10))), stats), (V{1, 2, 3}));
    stats.Drop("n", Stat::NullCount);
    EXPECT_EQ(Skipped(IsNull(Col("n")), stats), (V{}));
    EXPECT_EQ(Skipped(Gt(Col("unknown"), Lit(I64(1))), stats), (V{}));
}

TEST(PruningTest, FloatsNeedANaNCountOfZero) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    auto f = PrimitiveArray::FromValues<double>({1, 2, 3, nan, 10, 11, 12, 13});
    auto table = StructArray::FromFields({"f"}, {ArrayRef(f)}, 8);
    ASSERT_TRUE(table.ok());
    ComputedZoneStatistics stats(*table, 4);
    using V = std::vector<size_t>;
    // NaN sorts above every number, so zone 0 may match `f > 5` through its NaN.
    EXPECT_EQ(Skipped(Gt(Col("f"), Lit(Scalar::Primitive<double>(5, Nullability::NonNullable))), stats),
              (V{}));
    EXPECT_EQ(Skipped(Lt(Col("f"), Lit(Scalar::Primitive<double>(5, Nullability::NonNullable))), stats),
              (V{1}));
    EXPECT_EQ(Skipped(Lt(Col("f"), Lit(I64(5))), stats), (V{1}));
    stats.Drop("f", Stat::NanCount);
    EXPECT_EQ(Skipped(Lt(Col("f"), Lit(I64(5))), stats), (V{}));
}

TEST(PruningTest, StringPrefixes) {
    std::vector<Scalar> words;
    for (const char *word :
         {"apple", "apricot", "avocado", "banana", "blueberry", "cherry", "\xff\xff", "\xff\xfe"}) {
        words.push_back(
            Scalar::Binary(std::vector<uint8_t>(word, word + strlen(word)), Nullability::NonNullable));
    }
    ASSERT_OK_AND_ASSIGN(ArrayRef column, ArrayFromScalars(DType::Binary(Nullability::NonNullable), words));
    auto table = StructArray::FromFields({"w"}, {column}, words.size());
    ASSERT_TRUE(table.ok());
    ComputedZoneStatistics stats(*table, 2);
    using V = std::vector<size_t>;
    EXPECT_EQ(Skipped(StartsWith(Col("w"), "ap"), stats), (V{1, 2, 3}));
    EXPECT_EQ(Skipped(StartsWith(Col("w"), "b"), stats), (V{0, 3}));
    EXPECT_EQ(Skipped(StartsWith(Col("w"), "\xff"), stats), (V{0, 1, 2}));
    EXPECT_EQ(Skipped(StartsWith(Col("w"), ""), stats), (V{}));
}

// Min and max bound no suffix or substring: only zones holding nothing but nulls are skipped.
TEST(PruningTest, SuffixesAndSubstringsSkipOnlyZonesOfNulls) {
    const DType utf8 = DType::Utf8(Nullability::Nullable);
    const std::vector<Scalar> words = {Scalar::Utf8("apple", Nullability::Nullable),
                                       Scalar::Utf8("pear", Nullability::Nullable),
                                       Scalar::Null(utf8),
                                       Scalar::Null(utf8),
                                       Scalar::Utf8("kiwi", Nullability::Nullable),
                                       Scalar::Null(utf8)};
    ASSERT_OK_AND_ASSIGN(ArrayRef column, ArrayFromScalars(utf8, words));
    auto table = StructArray::FromFields({"w"}, {column}, words.size());
    ASSERT_TRUE(table.ok());
    ComputedZoneStatistics stats(*table, 2);
    using V = std::vector<size_t>;
    EXPECT_EQ(Skipped(EndsWith(Col("w"), "zzz"), stats), (V{1}));
    EXPECT_EQ(Skipped(Contains(Col("w"), "zzz"), stats), (V{1}));
    EXPECT_EQ(AllTrue(Contains(Col("w"), ""), stats), (V{}));
}

// Soundness on random data: a skipped zone must have no row where the predicate holds, a
// proven zone no row where it does not, and both must happen now and then (so this test can
// fail both ways).
TEST(PruningTest, BareBooleanColumnsAreTheirOwnPredicate) {
    // b: zone 0 all false, zone 1 all true, zone 2 mixed, zone 3 all null.
    std::vector<std::optional<bool>> b;
    b.reserve(40);
    for (int v = 0; v < 40; ++v) {
        b.push_back(v < 10   ? std::optional<bool>(false)
                    : v < 20 ? std::optional<bool>(true)
                    : v < 30 ? std::optional<bool>(v % 2 == 0)
                             : std::nullopt);
    }
    auto table = StructArray::FromFields({"b"}, {ArrayRef(BoolArray::FromOptionals(b))}, 40);
    ASSERT_TRUE(table.ok());
    ComputedZoneStatistics stats(*table, 10);
    using V = std::vector<size_t>;
    // The zone of nulls fails both: NULL is neither true nor false.
    EXPECT_EQ(Skipped(Col("b"), stats), (V{0, 3}));
    EXPECT_EQ(Skipped(Not(Col("b")), stats), (V{1, 3}));
    ASSERT_OK_AND_ASSIGN(Mask proven, ZonesAllTrue(*Col("b"), stats));
    EXPECT_EQ(proven.Indices(), (V{1}));
    ASSERT_OK_AND_ASSIGN(Mask proven_not, ZonesAllTrue(*Not(Col("b")), stats));
    EXPECT_EQ(proven_not.Indices(), (V{0}));
}

// A struct field prunes with its own zone statistics; a field is also null where its struct
// is, so only its all-null zones prove IS NOT NULL false and nothing proves IS NULL false.
TEST(PruningTest, StructFieldsPruneWithTheirOwnStatistics) {
    std::vector<std::optional<int64_t>> x;
    for (int64_t v = 0; v < 40; ++v) {
        x.push_back(v >= 30 ? std::nullopt : std::optional<int64_t>(v));
    }
    std::vector<bool> valid(40, true);
    valid[5] = false;
    ASSERT_OK_AND_ASSIGN(ArrayRef inner,
                         StructArray::FromFields({"x"}, {ArrayRef(PrimitiveArray::FromOptionals(x))}, 40));
    ASSERT_OK_AND_ASSIGN(ArrayRef outer, StructArray::FromFields({"inner"}, {inner}, 40, ValidityOf(valid)));
    auto table = StructArray::FromFields({"s"}, {outer}, 40);
    ASSERT_TRUE(table.ok());
    ComputedZoneStatistics stats(*table, 10);
    using V = std::vector<size_t>;
    const ExprRef sx = GetField(GetField(Col("s"), "inner"), "x");
    EXPECT_EQ(Skipped(Gt(sx, Lit(I64(25))), stats), (V{0, 1, 3}));
    EXPECT_EQ(Skipped(Between(sx, I64(12), I64(18)), stats), (V{0, 2, 3}));
    EXPECT_EQ(Skipped(Eq(Lit(I64(3)), sx), stats), (V{1, 2, 3}));
    EXPECT_EQ(Skipped(IsNotNull(sx), stats), (V{3}));
    EXPECT_EQ(Skipped(IsNull(sx), stats), (V{}));
    // Nothing is proven true through a struct whose own nulls have no statistics.
    EXPECT_EQ(AllTrue(Lt(sx, Lit(I64(100))), stats), (V{}));
    // A top-level column named like the path is another column.
    EXPECT_EQ(Skipped(Gt(Col("s.inner.x"), Lit(I64(25))), stats), (V{}));
}

// Every zone a predicate skips holds no matching row, and every zone it proves true only
// matching rows (none false, none null); adds the zones of each kind to the totals.
void ExpectSoundPruning(const std::vector<ExprRef> &predicates,
                        const ComputedZoneStatistics &stats,
                        size_t &skipped_total,
                        size_t &proven_total) {
    for (const ExprRef &predicate : predicates) {
        ASSERT_OK_AND_ASSIGN(Mask skip, ZonesToSkip(*predicate, stats));
        for (size_t zone : skip.Indices()) {
            ASSERT_OK_AND_ASSIGN(Mask rows, EvaluateMask(*predicate, stats.Zone(zone)));
            ASSERT_EQ(rows.true_count(), 0u) << predicate->ToString() << " zone " << zone;
            ++skipped_total;
        }
        ASSERT_OK_AND_ASSIGN(Mask proven, ZonesAllTrue(*predicate, stats));
        for (size_t zone : proven.Indices()) {
            ASSERT_OK_AND_ASSIGN(Mask rows, EvaluateMask(*predicate, stats.Zone(zone)));
            ASSERT_EQ(rows.true_count(), stats.zone_rows(zone)) << predicate->ToString() << " zone " << zone;
            ++proven_total;
        }
    }
}

TEST(PruningTest, SkippedZonesNeverHoldAMatchingRow) {
    std::mt19937_64 rng(7);
    size_t skipped_total = 0, proven_total = 0;
    for (int round = 0; round < 24; ++round) {
        RandomArrayOptions options;
        options.len = 200;
        options.seed = rng();
        options.null_fraction = round % 4 == 0 ? 0.6 : 0.1;
        const ArrayRef a = RandomArray(DType::Primitive(PType::I16, Nullability::Nullable), options);
        options.seed = rng();
        const ArrayRef f = RandomArray(DType::Primitive(PType::F32, Nullability::Nullable), options);
        options.seed = rng();
        options.max_string_len = 3;
        const ArrayRef s = RandomArray(DType::Utf8(Nullability::Nullable), options);
        options.seed = rng();
        const ArrayRef b = RandomArray(DType::Bool(Nullability::Nullable), options);
        // A nullable struct whose fields hold values (and nulls) of their own under null rows.
        options.seed = rng();
        const ArrayRef field_x = RandomArray(DType::Primitive(PType::I16, Nullability::Nullable), options);
        options.seed = rng();
        const ArrayRef field_y = RandomArray(DType::Bool(Nullability::Nullable), options);
        std::vector<bool> struct_valid(options.len);
        for (size_t row = 0; row < options.len; ++row) {
            struct_valid[row] = row / 8 % 3 == 0 || rng() % 5 != 0; // every third zone without nulls
        }
        ASSERT_OK_AND_ASSIGN(ArrayRef st, StructArray::FromFields({"x", "y"}, {field_x, field_y}, options.len,
                                                                  ValidityOf(struct_valid)));
        auto table = StructArray::FromFields({"a", "f", "s", "b", "st"}, {a, f, s, b, st}, options.len);
        ASSERT_TRUE(table.ok());
        // Sorting is not needed: zones of 8 rows of random data still prune at the extremes.
        ComputedZoneStatistics stats(*table, 8);

        auto literal_of = [&](const ArrayRef &column) {
            auto scalar = ScalarAt(column, rng() % column->len());
            EXPECT_TRUE(scalar.ok());
            return *scalar;
        };
        std::vector<ExprRef> atoms;
        for (CompareOp op : {CompareOp::Eq, CompareOp::NotEq, CompareOp::Gt, CompareOp::Gte, CompareOp::Lt,
                             CompareOp::Lte}) {
            atoms.push_back(Compare(op, Col("a"), Lit(literal_of(a))));
            atoms.push_back(Compare(op, Col("f"), Lit(literal_of(f))));
            atoms.push_back(Compare(op, Lit(literal_of(s)), Col("s")));
        }
        atoms.push_back(IsNull(Col("a")));
        atoms.push_back(IsNotNull(Col("s")));
        atoms.push_back(InList(Col("a"), {literal_of(a), literal_of(a)}));
        atoms.push_back(StartsWith(Col("s"), "a"));
        atoms.push_back(EndsWith(Col("s"), "b"));
        atoms.push_back(Contains(Col("s"), "c"));
        atoms.push_back(Col("b"));
        atoms.push_back(Not(Col("b")));
        atoms.push_back(Between(Col("a"), I64(-20000), I64(-10000)));
        const ExprRef sx = GetField(Col("st"), "x");
        for (CompareOp op : {CompareOp::Eq, CompareOp::NotEq, CompareOp::Gt, CompareOp::Lte}) {
            atoms.push_back(Compare(op, sx, Lit(literal_of(field_x))));
        }
        atoms.push_back(IsNull(sx));
        atoms.push_back(IsNotNull(sx));
        atoms.push_back(GetField(Col("st"), "y"));
        atoms.push_back(Not(GetField(Col("st"), "y")));
        std::vector<ExprRef> predicates = atoms;
        for (int k = 0; k < 30; ++k) {
            const ExprRef x = atoms[rng() % atoms.size()];
            const ExprRef y = atoms[rng() % atoms.size()];
            predicates.push_back(k % 3 == 0 ? And(x, y) : (k % 3 == 1 ? Or(x, y) : Not(Or(x, Not(y)))));
        }
        ExpectSoundPruning(predicates, stats, skipped_total, proven_total);
    }
    EXPECT_GT(skipped_total, 50u);
    EXPECT_GT(proven_total, 50u);
}

// Date parts prune with bounds from their column's zone minimum and maximum: every skipped zone
// holds no matching row and every proven zone only matching rows, over dates and timestamps
// that mostly climb (zones of 8 rows spanning hours to years), with nulls and infinities.
TEST(PruningTest, DatePartsPruneWithTheirColumnsBounds) {
    std::mt19937_64 rng(11);
    constexpr size_t kRows = 960;
    std::vector<std::optional<int32_t>> days;
    std::vector<std::optional<int64_t>> micros;
    int64_t day = -800, second = -3'000'000;
    for (size_t row = 0; row < kRows; ++row) {
        day += static_cast<int64_t>(rng() % (row < 480 ? 3 : 200));
        second += static_cast<int64_t>(rng() % (row < 480 ? 900 : 400'000));
        const bool null = rng() % 13 == 0;
        days.push_back(null ? std::nullopt : std::optional<int32_t>(static_cast<int32_t>(day)));
        micros.push_back(null ? std::nullopt : std::optional<int64_t>(second * 1'000'000 + 999'999));
    }
    days[100] = std::numeric_limits<int32_t>::max(); // infinity: its parts are null
    micros[200] = -std::numeric_limits<int64_t>::max();
    const DType date = DateDType(TimeUnit::Days, Nullability::Nullable).ValueOrDie();
    const DType timestamp =
        TimestampDType(TimeUnit::Microseconds, std::nullopt, Nullability::Nullable).ValueOrDie();
    ASSERT_OK_AND_ASSIGN(
        ArrayRef table,
        StructArray::FromFields({"d", "ts"},
                                {ExtensionArray::Make(date, PrimitiveArray::FromOptionals(days)),
                                 ExtensionArray::Make(timestamp, PrimitiveArray::FromOptionals(micros))},
                                kRows));
    ComputedZoneStatistics stats(table, 8);
    std::vector<ExprRef> predicates;
    const std::pair<const char *, DatePartField> parts[] = {
        {"d", DatePartField::Year},  {"d", DatePartField::Month},   {"d", DatePartField::Day},
        {"ts", DatePartField::Year}, {"ts", DatePartField::Month},  {"ts", DatePartField::Day},
        {"ts", DatePartField::Hour}, {"ts", DatePartField::Minute}, {"ts", DatePartField::Second}};
    for (const auto &[column, field] : parts) {
        const ExprRef part = DatePart(field, Col(column));
        ASSERT_OK_AND_ASSIGN(ArrayRef values, Evaluate(*part, table));
        for (int k = 0; k < 6; ++k) {
            ASSERT_OK_AND_ASSIGN(Scalar value, ScalarAt(values, rng() % kRows));
            if (value.is_null()) {
                continue;
            }
            for (CompareOp op : {CompareOp::Eq, CompareOp::NotEq, CompareOp::Gt, CompareOp::Lte}) {
                predicates.push_back(Compare(op, part, Lit(value)));
            }
            predicates.push_back(InList(part, {value}));
        }
        predicates.push_back(IsNull(part));
        predicates.push_back(IsNotNull(part));
    }
    size_t skipped_total = 0, proven_total = 0;
    ExpectSoundPruning(predicates, stats, skipped_total, proven_total);
    EXPECT_GT(skipped_total, 2000u);
    EXPECT_GT(proven_total, 200u);
    // A year of sorted dates skips every zone of other years.
    ASSERT_OK_AND_ASSIGN(Scalar first_year,
                         ScalarAt(*Evaluate(*DatePart(DatePartField::Year, Col("d")), table), 0));
    ASSERT_OK_AND_ASSIGN(Mask skip,
                         ZonesToSkip(*Eq(DatePart(DatePartField::Year, Col("d")), Lit(first_year)), stats));
    EXPECT_GT(skip.true_count(), stats.zone_count() * 3 / 4);
}

} // namespace
} // namespace vortex::expr
