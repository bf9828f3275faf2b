// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <atomic>
#include <map>
#include <thread>

#include <gtest/gtest.h>

#include "vortex/array/arrays/dict/dict_array.h"
#include "vortex/array/arrays/list/list_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/cast.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/compute/take.h"
#include "vortex/array/serde/array_context.h"
#include "vortex/array/serde/serialized_array.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/format/layout_metadata.pb.h"
#include "vortex/layout/array_cache.h"
#include "vortex/layout/builtin_layouts.h"
#include "vortex/layout/layouts/chunked_layout.h"
#include "vortex/layout/layouts/dict_layout.h"
#include "vortex/layout/layouts/flat_layout.h"
#include "vortex/layout/layouts/stats_layout.h"
#include "vortex/layout/layouts/struct_layout.h"
#include "vortex/layout/layouts/zoned_layout.h"
#include "vortex/layout/segment_source.h"
#include "vortex/serde/proto_message.h"
#include "vortex/session/session.h"

namespace vortex {
namespace {

const Session &TestSession() {
    static const std::shared_ptr<const Session> session = [] {
        SessionBuilder builder;
        VX_CHECK(RegisterCanonicalEncodings(builder).ok());
        VX_CHECK(RegisterBuiltinLayouts(builder).ok());
        return std::move(builder).Build();
    }();
    return *session;
}

// Segments kept in memory, written with the session's full encoding dictionary.
class MemorySegments final : public SegmentSource {
public:
    MemorySegments()
        : write_(ArrayWriteContext::FromSession(TestSession())),
          read_(ArrayReadContext::Resolve({write_.ids().begin(), write_.ids().end()}, TestSession())) {}

    LayoutRef AddFlat(const ArrayRef &array) {
        Result<SerializedArray> serialized = SerializeArray(array, write_);
        VX_CHECK(serialized.ok());
        uint32_t id = static_cast<uint32_t>(segments_.size());
        segments_[id] = serialized->ToBuffer();
        return FlatLayout::Make(array->dtype(), array->len(), id);
    }
    Result<Buffer> ReadSegment(uint32_t id) const override {
        auto it = segments_.find(id);
        VX_ENSURE(it != segments_.end(), OutOfBounds, "no segment {}", id);
        return it->second;
    }
    LayoutReadContext ctx() const { return {*this, read_}; }

private:
    ArrayWriteContext write_;
    ArrayReadContext read_;
    std::map<uint32_t, Buffer> segments_;
};

// Children given as already built layouts, checked against the dtype asked for.
class FixedChildren final : public LayoutChildren {
public:
    explicit FixedChildren(std::vector<LayoutRef> children) : children_(std::move(children)) {}
    size_t size() const override { return children_.size(); }
    Result<LayoutRef> Get(size_t index, const DType &dtype) const override {
        VX_ENSURE(index < children_.size(), OutOfBounds, "no child {}", index);
        VX_ENSURE(children_[index]->dtype() == dtype, Serde, "child {} has dtype {}, asked for {}", index,
                  children_[index]->dtype(), dtype);
        return children_[index];
    }

private:
    std::vector<LayoutRef> children_;
};

TEST(ChunkedLayout, ReadsRangesAcrossChunks) {
    MemorySegments segments;
    DType dtype = DType::Utf8(Nullability::Nullable);
    ArrayRef data = RandomArray(dtype, {.len = 100, .seed = 1});
    std::vector<LayoutRef> chunks;
    for (size_t start : {0, 30, 31, 77}) {
        size_t stop = start == 0 ? 30 : start == 30 ? 31 : start == 31 ? 77 : 100;
        chunks.push_back(segments.AddFlat(*Slice(data, start, stop)));
    }
    ASSERT_OK_AND_ASSIGN(LayoutRef chunked, ChunkedLayout::Make(dtype, chunks));
    for (auto [begin, end] :
         std::vector<std::pair<uint64_t, uint64_t>>{{0, 100}, {29, 32}, {30, 31}, {50, 50}, {76, 100}}) {
        ASSERT_OK_AND_ASSIGN(ArrayRef rows, chunked->Read(segments.ctx(), begin, end));
        EXPECT_TRUE(ArraysEqual(*Slice(data, begin, end), rows));
    }
    ASSERT_RAISES(OutOfBounds, chunked->Read(segments.ctx(), 90, 101));
}

// TakeRows of `layout` against Take over the whole `data`.
void ExpectTakeRowsMatches(const Layout &layout,
                           const LayoutReadContext &ctx,
                           const ArrayRef &data,
                           const std::vector<uint64_t> &rows) {
    SCOPED_TRACE(::testing::PrintToString(rows));
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, layout.TakeRows(ctx, rows));
    ASSERT_OK_AND_ASSIGN(ArrayRef expected, Take(data, PrimitiveArray::FromValues(rows)));
    EXPECT_TRUE(ArraysEqual(expected, taken));
}

// Row sets around the boundaries of chunks [0, 30) [30, 31) [31, 31) [31, 77) [77, 100).
std::vector<std::vector<uint64_t>> BoundaryRowSets() {
    std::vector<uint64_t> all(100);
    for (uint64_t i = 0; i < all.size(); ++i) {
        all[i] = i;
    }
    return {{}, {0}, {30}, {99}, {29, 30, 31, 76, 77, 99}, {5, 6, 7, 8}, {31, 32, 33, 34, 35, 36}, all};
}

std::vector<LayoutRef> BoundaryChunks(MemorySegments &segments, const ArrayRef &data) {
    std::vector<LayoutRef> chunks;
    for (auto [start, stop] :
         std::vector<std::pair<size_t, size_t>>{{0, 30}, {30, 31}, {31, 31}, {31, 77}, {77, 100}}) {
        chunks.push_back(segments.AddFlat(*Slice(data, start, stop)));
    }
    return chunks;
}

TEST(ChunkedLayout, TakesRowsAcrossChunks) {
    MemorySegments segments;
    DType dtype = DType::Utf8(Nullability::Nullable);
    ArrayRef data = RandomArray(dtype, {.len = 100, .seed = 6});
    ASSERT_OK_AND_ASSIGN(LayoutRef chunked, ChunkedLayout::Make(dtype, BoundaryChunks(segments, data)));
    for (const std::vector<uint64_t> &rows : BoundaryRowSets()) {
        ExpectTakeRowsMatches(*chunked, segments.ctx(), data, rows);
    }
    const std::vector<uint64_t> descending = {5, 3};
    const std::vector<uint64_t> repeated = {3, 3};
    const std::vector<uint64_t> past_the_end = {99, 100};
    ASSERT_RAISES(InvalidArgument, chunked->TakeRows(segments.ctx(), descending));
    ASSERT_RAISES(InvalidArgument, chunked->TakeRows(segments.ctx(), repeated));
    ASSERT_RAISES(OutOfBounds, chunked->TakeRows(segments.ctx(), past_the_end));
}

// vortex.list has no take kernel: a flat chunk gathers from the span of the rows instead.
TEST(ChunkedLayout, TakesRowsFromEncodingsWithoutATakeKernel) {
    MemorySegments segments;
    std::vector<int32_t> elements(250);
    std::vector<uint32_t> offsets = {0};
    for (size_t i = 0; i < elements.size(); ++i) {
        elements[i] = static_cast<int32_t>(i);
    }
    for (uint32_t i = 0; i < 100; ++i) {
        offsets.push_back(std::min<uint32_t>(250, offsets.back() + i % 5));
    }
    ArrayRef data = ListArray::Make(PrimitiveArray::FromValues(elements), PrimitiveArray::FromValues(offsets),
                                    Validity::NonNullable());
    ASSERT_OK_AND_ASSIGN(LayoutRef chunked,
                         ChunkedLayout::Make(data->dtype(), BoundaryChunks(segments, data)));
    ASSERT_OK_AND_ASSIGN(ArrayRef none,
                         (*chunked->Child(0))->TakeRows(segments.ctx(), std::vector<uint64_t>{}));
    EXPECT_EQ(none->len(), 0u);
    for (const std::vector<uint64_t> &rows : BoundaryRowSets()) {
        ExpectTakeRowsMatches(*chunked, segments.ctx(), data, rows);
    }
}

TEST(StructLayout, TakesRowsOfNullableStructsAndDictionaryFields) {
    MemorySegments segments;
    DType ints = DType::Primitive(PType::I64, Nullability::Nullable);
    DType strings = DType::Utf8(Nullability::Nullable);
    ArrayRef numbers = RandomArray(ints, {.len = 100, .seed = 7});
    ArrayRef values = RandomArray(strings, {.len = 7, .seed = 8});
    std::vector<uint16_t> raw_codes(100);
    for (size_t i = 0; i < raw_codes.size(); ++i) {
        raw_codes[i] = static_cast<uint16_t>((i * 5) % 7);
    }
    ArrayRef codes = PrimitiveArray::FromValues(raw_codes);
    ASSERT_OK_AND_ASSIGN(ArrayRef decoded, Take(values, codes));
    ASSERT_OK_AND_ASSIGN(LayoutRef number_layout,
                         ChunkedLayout::Make(ints, BoundaryChunks(segments, numbers)));
    ASSERT_OK_AND_ASSIGN(LayoutRef code_layout,
                         ChunkedLayout::Make(codes->dtype(), BoundaryChunks(segments, codes)));
    ASSERT_OK_AND_ASSIGN(LayoutRef dict_layout,
                         DictLayout::Make(segments.AddFlat(values), code_layout, false));
    ArrayRef valid = RandomArray(DType::Bool(Nullability::NonNullable), {.len = 100, .seed = 9});
    DType dtype = DType::Struct({"n", "s"}, {ints, strings}, Nullability::Nullable);
    ASSERT_OK_AND_ASSIGN(LayoutRef layout, StructLayout::Make(dtype, 100, segments.AddFlat(valid),
                                                              {number_layout, dict_layout}));
    ASSERT_OK_AND_ASSIGN(auto expected_rows,
                         StructArray::TryMake(dtype, {numbers, decoded}, 100, *Validity::FromArray(valid)));
    const ArrayRef expected = ArrayRef(std::move(expected_rows));
    for (const std::vector<uint64_t> &rows : BoundaryRowSets()) {
        ExpectTakeRowsMatches(*layout, segments.ctx(), expected, rows);
    }
    // The dictionary field alone stays one dictionary over all its values.
    const std::vector<uint64_t> rows = {1, 30, 50, 99};
    ASSERT_OK_AND_ASSIGN(ArrayRef strings_taken, dict_layout->TakeRows(segments.ctx(), rows));
    const auto *dict = As<DictArray>(*strings_taken);
    ASSERT_NE(dict, nullptr);
    EXPECT_EQ(dict->values()->len(), 7u);
    // A projection of one field.
    const std::vector<size_t> second = {1};
    ASSERT_OK_AND_ASSIGN(
        ArrayRef projected,
        std::dynamic_pointer_cast<const StructLayout>(layout)->TakeFields(segments.ctx(), second, rows));
    EXPECT_EQ(projected->dtype().struct_fields().names, std::vector<std::string>{"s"});
    EXPECT_EQ(projected->len(), rows.size());
}

TEST(DictLayout, ReadsValuesByCodesWithNullCodes) {
    MemorySegments segments;
    DType dtype = DType::Utf8(Nullability::Nullable);
    ArrayRef values = RandomArray(dtype.AsNonNullable(), {.len = 10, .seed = 2});
    ArrayRef values_nullable = *Cast(values, dtype);
    ArrayRef codes = RandomArray(DType::Primitive(PType::U8, Nullability::Nullable), {.len = 200, .seed = 3});
    // Keep codes inside the dictionary.
    std::vector<std::optional<uint8_t>> raw;
    for (size_t i = 0; i < codes->len(); ++i) {
        Scalar code = *ScalarAt(codes, i);
        raw.push_back(code.is_null() ? std::nullopt : std::optional<uint8_t>(code.as<uint8_t>() % 10));
    }
    ArrayRef bounded = PrimitiveArray::FromOptionals<uint8_t>(raw);
    ASSERT_OK_AND_ASSIGN(LayoutRef layout, DictLayout::Make(segments.AddFlat(values_nullable),
                                                            segments.AddFlat(bounded), false));
    EXPECT_EQ(layout->row_count(), 200u);
    ASSERT_OK_AND_ASSIGN(ArrayRef rows, layout->Read(segments.ctx(), 20, 180));
    ASSERT_OK_AND_ASSIGN(ArrayRef expected, Take(values_nullable, *Slice(bounded, 20, 180)));
    EXPECT_TRUE(ArraysEqual(expected, rows));

    // Rebuild through the encoding from the written metadata, as a reader does.
    FixedChildren children({*layout->Child(0), *layout->Child(1)});
    ASSERT_OK_AND_ASSIGN(LayoutRef rebuilt,
                         DictLayoutEncoding::Instance().Build(dtype, 200, layout->metadata(), {}, children));
    ASSERT_OK_AND_ASSIGN(ArrayRef again, rebuilt->Read(segments.ctx(), 0, 200));
    EXPECT_TRUE(ArraysEqual(*layout->Read(segments.ctx(), 0, 200), again));
}

TEST(DictLayout, DecodesAWellCoveredDictionaryOncePerScan) {
    MemorySegments segments;
    const DType dtype = DType::Utf8(Nullability::NonNullable);
    ArrayRef values = RandomArray(dtype, {.len = 10, .seed = 4});
    std::vector<uint8_t> raw;
    for (size_t i = 0; i < 300; ++i) {
        raw.push_back(static_cast<uint8_t>((i * 7) % 10));
    }
    ArrayRef codes = PrimitiveArray::FromValues(raw);
    ASSERT_OK_AND_ASSIGN(LayoutRef layout,
                         DictLayout::Make(segments.AddFlat(values), segments.AddFlat(codes), true));
    ArrayCache cache(1 << 20);
    LayoutReadContext ctx = segments.ctx();
    ctx.cache = &cache;
    ArrayRef first_values;
    for (uint64_t begin : {0, 100, 200}) {
        ASSERT_OK_AND_ASSIGN(ArrayRef rows, layout->Read(ctx, begin, begin + 100));
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, Take(values, *Slice(codes, begin, begin + 100)));
        EXPECT_TRUE(ArraysEqual(expected, rows));
        const auto *dict = As<DictArray>(*rows);
        ASSERT_NE(dict, nullptr);
        EXPECT_TRUE(dict->values()->is_canonical());
        if (first_values == nullptr) {
            first_values = dict->values();
        }
        EXPECT_EQ(dict->values().get(), first_values.get()) << "decoded again for rows from " << begin;
    }
    // A read that uses few of the values, and one without a cache.
    ASSERT_OK_AND_ASSIGN(ArrayRef two, layout->Read(ctx, 0, 2));
    EXPECT_TRUE(ArraysEqual(*Take(values, *Slice(codes, 0, 2)), two));
    ASSERT_OK_AND_ASSIGN(ArrayRef uncached, layout->Read(segments.ctx(), 0, 300));
    EXPECT_TRUE(ArraysEqual(*Take(values, codes), uncached));
}

TEST(DictLayout, RejectsBadMetadata) {
    MemorySegments segments;
    DType dtype = DType::Utf8(Nullability::NonNullable);
    LayoutRef values = segments.AddFlat(RandomArray(dtype, {.len = 4, .seed = 1}));
    LayoutRef codes =
        segments.AddFlat(RandomArray(DType::Primitive(PType::I32, Nullability::NonNullable), {.len = 4}));
    vortex::layout::DictLayoutMetadata proto;
    proto.set_codes_ptype(vortex::dtype::I32); // signed codes are not allowed
    std::vector<uint8_t> metadata = serde::SerializeProtoMessage(proto);
    FixedChildren children({values, codes});
    ASSERT_RAISES(Serde, DictLayoutEncoding::Instance().Build(dtype, 4, metadata, {}, children));
    std::vector<uint8_t> garbage = {0xFF, 0xFF, 0xFF};
    ASSERT_RAISES(Serde, DictLayoutEncoding::Instance().Build(dtype, 4, garbage, {}, children));
}

TEST(StatsLayout, TableDTypeFollowsTheLegacyOrder) {
    DType column = DType::Primitive(PType::F32, Nullability::NonNullable);
    std::vector<Stat> present = {Stat::Max, Stat::Min, Stat::Sum, Stat::NullCount, Stat::NanCount};
    DType table = StatsLayout::TableDType(column, present);
    const StructFields &fields = table.struct_fields();
    std::vector<std::string> expected = {"max", "max_is_truncated", "min",      "min_is_truncated",
                                         "sum", "null_count",       "nan_count"};
    EXPECT_EQ(fields.names, expected);
    EXPECT_EQ(fields.dtypes[0], column.AsNullable());
    EXPECT_EQ(fields.dtypes[1], DType::Bool(Nullability::NonNullable));
    EXPECT_EQ(fields.dtypes[4], DType::Primitive(PType::F64, Nullability::Nullable));
    EXPECT_EQ(fields.dtypes[6], DType::Primitive(PType::U64, Nullability::Nullable));
    // Strings have no sum and no NaN count.
    DType strings = StatsLayout::TableDType(DType::Utf8(Nullability::Nullable), present);
    std::vector<std::string> string_names = {"max", "max_is_truncated", "min", "min_is_truncated",
                                             "null_count"};
    EXPECT_EQ(strings.struct_fields().names, string_names);
}

// A vortex.zoned node as the reference (>= 0.76) writes it: version byte, then the proto.
std::vector<uint8_t>
ZonedMetadataBytes(uint32_t zone_len,
                   const std::vector<std::pair<std::string, std::vector<uint8_t>>> &specs) {
    vortex::layout::ZonedMetadata proto;
    proto.set_zone_len(zone_len);
    for (const auto &[id, options] : specs) {
        auto *spec = proto.add_aggregate_specs();
        spec->set_id(id);
        spec->set_options(std::string(options.begin(), options.end()));
    }
    std::vector<uint8_t> bytes = {0x01};
    std::vector<uint8_t> body = serde::SerializeProtoMessage(proto);
    bytes.insert(bytes.end(), body.begin(), body.end());
    return bytes;
}

TEST(ZonedLayout, ReadsTheCurrentZoneMapForm) {
    MemorySegments segments;
    DType column = DType::Primitive(PType::I64, Nullability::Nullable);
    ArrayRef data = RandomArray(column, {.len = 20, .seed = 4});
    LayoutRef data_layout = segments.AddFlat(data);
    // Spec layouts-scan 3.2: skip_nans=true is written as `08 01` and displays as "()".
    std::vector<uint8_t> skip_nans = {0x08, 0x01};
    auto metadata = ZonedMetadataBytes(8, {{"vortex.max", skip_nans},
                                           {"vortex.min", skip_nans},
                                           {"vortex.null_count", {}},
                                           {"vortex.sum", {}}});
    DType table = DType::Struct(
        {"vortex.max()", "vortex.min()", "vortex.null_count()", "vortex.sum(skip_nans=false)"},
        {column.AsNullable(), column.AsNullable(), DType::Primitive(PType::U64, Nullability::Nullable),
         DType::Primitive(PType::I64, Nullability::Nullable)},
        Nullability::NonNullable);
    LayoutRef zones = segments.AddFlat(RandomArray(table, {.len = 3, .seed = 5}));
    FixedChildren children({data_layout, zones});
    ASSERT_OK_AND_ASSIGN(LayoutRef layout,
                         ZonedLayoutEncoding::Instance().Build(column, 20, metadata, {}, children));
    auto zoned = std::dynamic_pointer_cast<const ZonedLayout>(layout);
    ASSERT_NE(zoned, nullptr);
    EXPECT_EQ(zoned->zone_len(), 8u);
    EXPECT_EQ(zoned->zone_count(), 3u);
    ASSERT_EQ(zoned->stat_fields().size(), 4u);
    EXPECT_EQ(zoned->stat_fields()[0].stat, Stat::Max);
    EXPECT_EQ(zoned->stat_fields()[2].stat, Stat::NullCount);
    ASSERT_OK_AND_ASSIGN(ArrayRef rows, layout->Read(segments.ctx(), 0, 20));
    EXPECT_TRUE(ArraysEqual(data, rows));
    ASSERT_OK(zoned->ReadZones(segments.ctx()).status());

    // An aggregate this reader does not know leaves the data readable, without zones.
    auto unknown = ZonedMetadataBytes(8, {{"vortex.fancy", {}}});
    ASSERT_OK_AND_ASSIGN(LayoutRef lenient,
                         ZonedLayoutEncoding::Instance().Build(column, 20, unknown, {}, children));
    EXPECT_EQ(std::dynamic_pointer_cast<const ZoneMapLayout>(lenient)->zones(), nullptr);
    ASSERT_OK_AND_ASSIGN(ArrayRef again, lenient->Read(segments.ctx(), 5, 15));
    EXPECT_TRUE(ArraysEqual(*Slice(data, 5, 15), again));

    // Wrong version byte, wrong zone count.
    auto bad_version = metadata;
    bad_version[0] = 2;
    ASSERT_RAISES(Serde, ZonedLayoutEncoding::Instance().Build(column, 20, bad_version, {}, children));
    auto wrong_zones = ZonedMetadataBytes(4, {{"vortex.max", skip_nans},
                                              {"vortex.min", skip_nans},
                                              {"vortex.null_count", {}},
                                              {"vortex.sum", {}}});
    ASSERT_RAISES(Serde, ZonedLayoutEncoding::Instance().Build(column, 20, wrong_zones, {}, children));
}

TEST(StatsLayout, RejectsShortMetadataAndZoneCountMismatch) {
    MemorySegments segments;
    DType column = DType::Primitive(PType::I32, Nullability::NonNullable);
    LayoutRef data = segments.AddFlat(RandomArray(column, {.len = 10, .seed = 1}));
    std::vector<Stat> present = {Stat::NullCount};
    LayoutRef zones =
        segments.AddFlat(RandomArray(StatsLayout::TableDType(column, present), {.len = 2, .seed = 1}));
    FixedChildren children({data, zones});
    std::vector<uint8_t> ok = {5, 0, 0, 0, 0x40, 0x00};
    ASSERT_OK(StatsLayoutEncoding::Instance().Build(column, 10, ok, {}, children).status());
    std::vector<uint8_t> short_metadata = {5, 0};
    ASSERT_RAISES(Serde, StatsLayoutEncoding::Instance().Build(column, 10, short_metadata, {}, children));
    std::vector<uint8_t> three_zones = {4, 0, 0, 0, 0x40, 0x00};
    ASSERT_RAISES(Serde, StatsLayoutEncoding::Instance().Build(column, 10, three_zones, {}, children));
}

// Children kept as built layouts that count how often each is decoded; one may fail. Retain
// shares the counts, as a footer's children share their tree.
class CountingChildren final : public LayoutChildren {
public:
    struct Shared {
        std::vector<LayoutRef> children;
        std::vector<std::atomic<int>> gets;
        size_t failing = SIZE_MAX;
        explicit Shared(std::vector<LayoutRef> c) : children(std::move(c)), gets(children.size()) {}
    };
    explicit CountingChildren(std::shared_ptr<Shared> shared) : shared_(std::move(shared)) {}
    size_t size() const override { return shared_->children.size(); }
    Result<LayoutRef> Get(size_t index, const DType &dtype) const override {
        VX_ENSURE(index < size(), OutOfBounds, "no child {}", index);
        shared_->gets[index].fetch_add(1);
        VX_ENSURE(index != shared_->failing, Serde, "child {} is damaged", index);
        VX_ENSURE(shared_->children[index]->dtype() == dtype, Serde, "child {} has dtype {}", index, dtype);
        return shared_->children[index];
    }
    std::shared_ptr<const LayoutChildren> Retain() const override {
        return std::make_shared<CountingChildren>(shared_);
    }

private:
    std::shared_ptr<Shared> shared_;
};

// A struct decoded from retainable children (a footer's) builds a field only when it is first
// asked for, once however many threads ask, and keeps a damaged field's error to itself.
TEST(StructLayout, DecodesFieldsOnFirstUseOnce) {
    MemorySegments segments;
    constexpr size_t kFields = 200;
    constexpr size_t kRows = 50;
    std::vector<std::string> names;
    std::vector<DType> dtypes;
    std::vector<ArrayRef> columns;
    std::vector<LayoutRef> children;
    // Nullable: child 0 is the validity.
    ArrayRef validity = RandomArray(DType::Bool(Nullability::NonNullable), {.len = kRows, .seed = 7});
    children.push_back(segments.AddFlat(validity));
    for (size_t f = 0; f < kFields; ++f) {
        names.push_back("f" + std::to_string(f));
        DType dtype = f % 2 == 0 ? DType::Primitive(PType::I32, Nullability::Nullable)
                                 : DType::Utf8(Nullability::Nullable);
        columns.push_back(RandomArray(dtype, {.len = kRows, .seed = 100 + f}));
        dtypes.push_back(std::move(dtype));
        children.push_back(segments.AddFlat(columns.back()));
    }
    const DType dtype = DType::Struct(names, dtypes, Nullability::Nullable);
    auto shared = std::make_shared<CountingChildren::Shared>(children);
    shared->failing = 1 + 13; // field 13
    ASSERT_OK_AND_ASSIGN(LayoutRef built, StructLayoutEncoding::Instance().Build(dtype, kRows, {}, {},
                                                                                 CountingChildren(shared)));
    const auto *layout = dynamic_cast<const StructLayout *>(built.get());
    ASSERT_NE(layout, nullptr);
    EXPECT_EQ(layout->nchildren(), kFields + 1);
    EXPECT_EQ(shared->gets[0].load(), 1); // the validity, at once
    for (size_t f = 0; f < kFields; ++f) {
        EXPECT_EQ(shared->gets[1 + f].load(), 0) << "field " << f << " decoded before use";
    }

    // Two fields read: only they are decoded, and exactly.
    const std::vector<size_t> two = {150, 3};
    ASSERT_OK_AND_ASSIGN(ArrayRef read, layout->ReadFields(segments.ctx(), two, 10, 40));
    const auto *fields = As<StructArray>(*read);
    ASSERT_NE(fields, nullptr);
    EXPECT_TRUE(ArraysEqual(*Slice(columns[150], 10, 40), fields->field(0)));
    EXPECT_TRUE(ArraysEqual(*Slice(columns[3], 10, 40), fields->field(1)));
    int decoded = 0;
    for (size_t f = 0; f < kFields; ++f) {
        decoded += shared->gets[1 + f].load();
    }
    EXPECT_EQ(decoded, 2);

    // Many threads asking for every field decode each once; the damaged one fails every time,
    // and only where it is asked for.
    std::vector<std::thread> threads;
    threads.reserve(8);
    std::atomic<int> failures{0};
    for (int t = 0; t < 8; ++t) {
        threads.emplace_back([&] {
            for (size_t f = 0; f < kFields; ++f) {
                auto field = layout->field(f);
                if (!field.ok()) {
                    failures.fetch_add(field.status().code() == StatusCode::Serde ? 1 : 1000);
                } else if ((*field)->dtype() != dtypes[f]) {
                    failures.fetch_add(1000);
                }
            }
        });
    }
    for (std::thread &thread : threads) {
        thread.join();
    }
    EXPECT_EQ(failures.load(), 8);
    for (size_t f = 0; f < kFields; ++f) {
        EXPECT_EQ(shared->gets[1 + f].load(), 1) << "field " << f;
    }
    ASSERT_RAISES(Serde, layout->ReadFields(segments.ctx(), std::vector<size_t>{13}, 0, kRows));
    ASSERT_RAISES(Serde, layout->Child(1 + 13));
    ASSERT_OK_AND_ASSIGN(ArrayRef others,
                         layout->ReadFields(segments.ctx(), std::vector<size_t>{12, 14}, 0, kRows));
    EXPECT_EQ(others->len(), kRows);
    ASSERT_RAISES(OutOfBounds, layout->field(kFields));

    // Children that cannot be kept are decoded at once, as before.
    shared->failing = SIZE_MAX;
    FixedChildren fixed(children);
    ASSERT_OK_AND_ASSIGN(LayoutRef eager,
                         StructLayoutEncoding::Instance().Build(dtype, kRows, {}, {}, fixed));
    ASSERT_OK_AND_ASSIGN(ArrayRef all, eager->Read(segments.ctx(), 0, kRows));
    ASSERT_EQ(As<StructArray>(*all)->nfields(), kFields);
    EXPECT_TRUE(ArraysEqual(columns[13], As<StructArray>(*all)->field(13)));
    // The lazy struct's whole read meets its damaged field.
    ASSERT_RAISES(Serde, built->Read(segments.ctx(), 0, 1));
}

} // namespace
} // namespace vortex
