// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// The public C++ API through its one include, as a user sees it: nothing of the
// implementation is included here.
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <thread>

#include <gtest/gtest.h>

#include "vortex/vortex.hpp"

namespace {

using namespace vortex::api; // NOLINT(google-build-using-namespace): the API's intended use

std::string TempPath(const std::string &name) {
    return (std::filesystem::temp_directory_path() /
            ("vortex-api-" + std::to_string(::getpid()) + "-" + name))
        .string();
}

// A table of `rows` rows: id (i64, sorted), score (f64, every 7th null), name (utf8).
Array MakeTable(size_t rows) {
    std::vector<int64_t> ids(rows);
    std::iota(ids.begin(), ids.end(), 0);
    std::vector<double> scores(rows);
    std::vector<bool> valid(rows);
    std::vector<std::optional<std::string>> names(rows);
    for (size_t i = 0; i < rows; ++i) {
        scores[i] = static_cast<double>(i) * 0.5;
        valid[i] = i % 7 != 0;
        names[i] = "name-" + std::to_string(i % 100);
    }
    Validity validity;
    validity.kind = Validity::Kind::Mask;
    validity.mask = std::make_shared<const Array>(Array::FromBools(valid));
    Array id = *Array::FromPrimitive(PType::I64, ids.data(), rows);
    Array score = *Array::FromPrimitive(PType::F64, scores.data(), rows, validity);
    Array name = *Array::FromStrings(names);
    return *Array::MakeStruct({"id", "score", "name"}, {id, score, name});
}

int64_t SumIds(const std::vector<Array> &batches) {
    int64_t sum = 0;
    for (const Array &batch : batches) {
        Array ids = *batch.Field("id");
        for (size_t i = 0; i < ids.len(); ++i) {
            sum += *ids.ScalarAt(i)->AsInt64();
        }
    }
    return sum;
}

size_t Rows(const std::vector<Array> &batches) {
    size_t rows = 0;
    for (const Array &batch : batches) {
        rows += batch.len();
    }
    return rows;
}

TEST(PublicApiTest, VersionMatchesTheHeader) {
    EXPECT_STREQ(vortex::Version(), VORTEX_VERSION_STRING);
    EXPECT_EQ(std::string(VORTEX_VERSION_STRING), std::to_string(VORTEX_VERSION_MAJOR) + "." +
                                                      std::to_string(VORTEX_VERSION_MINOR) + "." +
                                                      std::to_string(VORTEX_VERSION_PATCH));
}

TEST(PublicApiTest, WritesThenScansWithProjectionFilterRangeIndicesAndLimit) {
    const size_t rows = 50'000;
    const std::string path = TempPath("table.vortex");
    Result<WriteSummary> written = WriteFile(path, MakeTable(rows));
    ASSERT_TRUE(written.ok()) << written.status().ToString();
    EXPECT_EQ(written->rows, rows);

    Result<File> file = File::Open(path);
    ASSERT_TRUE(file.ok()) << file.status().ToString();
    EXPECT_EQ(file->row_count(), rows);
    EXPECT_EQ(file->file_size(), written->bytes);
    EXPECT_EQ(file->dtype().kind(), DTypeKind::Struct);
    EXPECT_EQ(file->dtype().field_name(1), "score");
    EXPECT_EQ(file->dtype().field_dtype(1), DType::Primitive(PType::F64, true));

    // Everything.
    auto all = file->Scan().Collect();
    ASSERT_TRUE(all.ok()) << all.status().ToString();
    EXPECT_EQ(Rows(*all), rows);
    EXPECT_EQ(SumIds(*all), static_cast<int64_t>(rows) * (rows - 1) / 2);

    // A built filter and the same in text: ids 1000..1999 whose score is not null.
    const Expr built =
        (Col("id") >= Lit(int64_t{1000})) && (Col("id") < Lit(int64_t{2000})) && IsNotNull(Col("score"));
    for (const auto &filtered :
         {file->Scan().WithFilter(built).Collect(),
          file->Scan().WithFilter(std::string("id >= 1000 AND id < 2000 AND score IS NOT NULL")).Collect()}) {
        ASSERT_TRUE(filtered.ok()) << filtered.status().ToString();
        int64_t expected = 0;
        size_t count = 0;
        for (int64_t i = 1000; i < 2000; ++i) {
            if (i % 7 != 0) {
                expected += i;
                ++count;
            }
        }
        EXPECT_EQ(Rows(*filtered), count);
        EXPECT_EQ(SumIds(*filtered), expected);
    }

    // Projection keeps the asked order; range, indices and limit.
    auto projected = file->Scan().WithProjection({"name", "id"}).WithRowRange(10, 20).Collect();
    ASSERT_TRUE(projected.ok());
    ASSERT_EQ(Rows(*projected), 10u);
    EXPECT_EQ((*projected)[0].dtype().field_name(0), "name");
    EXPECT_EQ(*(*projected)[0].Field("name")->ScalarAt(0)->AsString(), "name-10");
    auto taken = file->Scan().WithIndices({49'999, 3, 7}).Collect();
    ASSERT_TRUE(taken.ok());
    EXPECT_EQ(Rows(*taken), 3u);
    EXPECT_EQ(SumIds(*taken), 49'999 + 3 + 7);
    auto limited = file->Scan().WithLimit(5).Collect();
    ASSERT_TRUE(limited.ok());
    EXPECT_EQ(Rows(*limited), 5u);

    // Nulls come back where they were written.
    Array score = *(*all)[0].Field("score");
    EXPECT_FALSE(*score.IsValid(0));
    EXPECT_TRUE(*score.IsValid(1));
    EXPECT_DOUBLE_EQ(*score.ScalarAt(3)->AsDouble(), 1.5);
    EXPECT_TRUE(score.ScalarAt(7)->is_null());

    // The file's statistics.
    Result<std::vector<ColumnStatistics>> all_stats = file->statistics();
    ASSERT_TRUE(all_stats.ok());
    const std::vector<ColumnStatistics> &stats = *all_stats;
    ASSERT_EQ(stats.size(), 3u);
    EXPECT_EQ(stats[0].name, "id");
    ASSERT_TRUE(stats[0].max.has_value());
    EXPECT_EQ(*stats[0].max->AsInt64(), static_cast<int64_t>(rows - 1));
    EXPECT_EQ(stats[1].null_count.value_or(0), (rows + 6) / 7);
    std::remove(path.c_str());
}

TEST(PublicApiTest, StreamsSplitsAndArrowExport) {
    const size_t rows = 300'000;
    const std::string path = TempPath("splits.vortex");
    ASSERT_TRUE(WriteFile(path, MakeTable(rows)).ok());
    OpenOptions mapped;
    mapped.mmap = true;
    Result<File> file = File::Open(path, mapped);
    ASSERT_TRUE(file.ok());

    // A stream in row order.
    Result<ArrayStream> stream = file->Scan().WithProjection({"id"}).WithBatchRows(10'000).IntoStream();
    ASSERT_TRUE(stream.ok());
    int64_t next_id = 0;
    while (true) {
        auto batch = stream->Next();
        ASSERT_TRUE(batch.ok()) << batch.status().ToString();
        if (!batch->has_value()) {
            break;
        }
        EXPECT_LE((*batch)->len(), 10'000u);
        EXPECT_EQ(*(*batch)->Field("id")->ScalarAt(0)->AsInt64(), next_id);
        next_id += static_cast<int64_t>((*batch)->len());
    }
    EXPECT_EQ(next_id, static_cast<int64_t>(rows));

    // Splits run on threads of our own and cover every row once; a filter prunes whole splits.
    auto splits = file->Scan().Splits();
    ASSERT_TRUE(splits.ok());
    ASSERT_GT(splits->size(), 1u);
    std::vector<int64_t> sums(splits->size());
    std::vector<std::thread> threads;
    for (size_t s = 0; s < splits->size(); ++s) {
        threads.emplace_back([&, s] { sums[s] = SumIds({*(*splits)[s].Execute()}); });
    }
    for (auto &thread : threads) {
        thread.join();
    }
    EXPECT_EQ(std::accumulate(sums.begin(), sums.end(), int64_t{0}),
              static_cast<int64_t>(rows) * (rows - 1) / 2);
    auto pruned = file->Scan().WithFilter(Col("id") < Lit(int64_t{100})).Splits();
    ASSERT_TRUE(pruned.ok());
    EXPECT_LT(pruned->size(), splits->size());

    // The Arrow C stream: a struct schema and batches that add up.
    ArrowArrayStream arrow{};
    ASSERT_TRUE(file->Scan().WithProjection({"id", "name"}).IntoArrowStream(&arrow).ok());
    ArrowSchema schema{};
    ASSERT_EQ(arrow.get_schema(&arrow, &schema), 0);
    EXPECT_STREQ(schema.format, "+s");
    ASSERT_EQ(schema.n_children, 2);
    EXPECT_STREQ(schema.children[0]->name, "id");
    schema.release(&schema);
    int64_t exported = 0;
    while (true) {
        ArrowArray batch{};
        ASSERT_EQ(arrow.get_next(&arrow, &batch), 0);
        if (batch.release == nullptr) {
            break;
        }
        exported += batch.length;
        batch.release(&batch);
    }
    arrow.release(&arrow);
    EXPECT_EQ(exported, static_cast<int64_t>(rows));
    std::remove(path.c_str());
}

// A ReadAt of our own over bytes in memory, counting its reads.
class CountingSource final : public ReadAt {
public:
    explicit CountingSource(std::vector<uint8_t> bytes) : bytes_(std::move(bytes)) {}
    Result<uint64_t> Size() const override { return static_cast<uint64_t>(bytes_.size()); }
    Status Read(uint64_t offset, uint64_t length, uint8_t *out) const override {
        ++reads_;
        std::memcpy(out, bytes_.data() + offset, length);
        return Status::OK();
    }
    std::string name() const override { return "counting"; }
    size_t reads() const { return reads_; }

private:
    std::vector<uint8_t> bytes_;
    mutable std::atomic<size_t> reads_{0};
};

TEST(PublicApiTest, OpensFromMemoryAndFromAnyReadAt) {
    WriteOptions compact;
    compact.compression = Compression::Compact;
    Result<std::vector<uint8_t>> bytes = WriteBuffer(MakeTable(1000), compact);
    ASSERT_TRUE(bytes.ok()) << bytes.status().ToString();
    Result<File> in_memory = File::OpenBuffer(bytes->data(), bytes->size());
    ASSERT_TRUE(in_memory.ok()) << in_memory.status().ToString();
    EXPECT_EQ(in_memory->row_count(), 1000u);
    EXPECT_EQ(SumIds(*in_memory->Scan().Collect()), 999 * 1000 / 2);

    auto source = std::make_shared<CountingSource>(*bytes);
    Result<File> custom = File::Open(source);
    ASSERT_TRUE(custom.ok()) << custom.status().ToString();
    EXPECT_EQ(SumIds(*custom->Scan().WithFilter(Col("id") >= Lit(int64_t{500})).Collect()),
              (500 + 999) * 500 / 2);
    EXPECT_GT(source->reads(), 0u);

    // Bad and truncated bytes are errors, never crashes.
    EXPECT_FALSE(File::OpenBuffer(bytes->data(), 10).ok());
    EXPECT_FALSE(File::OpenBuffer(nullptr, 0).ok());
    std::vector<uint8_t> corrupt = *bytes;
    corrupt[corrupt.size() - 1] ^= 0xFF;
    Result<File> bad = File::OpenBuffer(corrupt.data(), corrupt.size());
    EXPECT_FALSE(bad.ok());
    EXPECT_EQ(bad.status().code(), StatusCode::Serde) << bad.status().ToString();
}

TEST(PublicApiTest, ErrorsAreStatusesWithMessages) {
    Result<File> missing = File::Open(TempPath("does-not-exist.vortex"));
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.status().code(), StatusCode::Io);
    EXPECT_NE(missing.status().message().find("does-not-exist"), std::string::npos);

    const std::string path = TempPath("errors.vortex");
    ASSERT_TRUE(WriteFile(path, MakeTable(100)).ok());
    Result<File> file = File::Open(path);
    ASSERT_TRUE(file.ok());
    auto unknown = file->Scan().WithProjection({"nope"}).Collect();
    EXPECT_FALSE(unknown.ok());
    auto unparsable = file->Scan().WithFilter(std::string("id >>> 3")).Collect();
    ASSERT_FALSE(unparsable.ok());
    EXPECT_EQ(unparsable.status().code(), StatusCode::InvalidArgument);
    EXPECT_FALSE(file->Scan().WithRowRange(5, 2).Collect().ok());
    EXPECT_FALSE(Expr::Parse("id = 'x' AND", file->dtype()).ok());
    EXPECT_FALSE(DType::Decimal(0, 0).ok());
    EXPECT_FALSE(DType::Struct({"a", "a"}, {DType::Bool(), DType::Bool()}).ok());
    EXPECT_FALSE(Scalar::Utf8("\xff\xfe").ok());
    EXPECT_FALSE(MakeTable(10).Slice(5, 20).ok());
    EXPECT_FALSE(MakeTable(10).Field(9).ok());
    EXPECT_FALSE(Array::Null(3).Field(0).ok());
    std::remove(path.c_str());
}

TEST(PublicApiTest, PushWriterAndArrowStreamWriter) {
    const std::string path = TempPath("pushed.vortex");
    const Array table = MakeTable(10'000);
    Result<Writer> writer = Writer::Open(path, table.dtype());
    ASSERT_TRUE(writer.ok());
    for (size_t start = 0; start < table.len(); start += 3000) {
        ASSERT_TRUE(writer->Write(*table.Slice(start, std::min(table.len(), start + 3000))).ok());
    }
    // A batch of the wrong dtype is refused.
    EXPECT_FALSE(writer->Write(Array::Null(3)).ok());
    Result<WriteSummary> summary = writer->Finish();
    ASSERT_TRUE(summary.ok()) << summary.status().ToString();
    EXPECT_EQ(summary->rows, 10'000u);
    EXPECT_FALSE(writer->Finish().ok());

    // Re-export the file as an Arrow stream and write that stream as a second file.
    Result<File> file = File::Open(path);
    ASSERT_TRUE(file.ok());
    ArrowArrayStream stream{};
    ASSERT_TRUE(file->Scan().IntoArrowStream(&stream).ok());
    const std::string copy = TempPath("copy.vortex");
    WriteOptions uncompressed;
    uncompressed.compression = Compression::None;
    Result<WriteSummary> copied = WriteFile(copy, &stream, uncompressed);
    ASSERT_TRUE(copied.ok()) << copied.status().ToString();
    EXPECT_EQ(copied->rows, 10'000u);
    Result<File> reread = File::Open(copy);
    ASSERT_TRUE(reread.ok());
    EXPECT_EQ(SumIds(*reread->Scan().Collect()), 9999 * 10'000 / 2);
    EXPECT_EQ(reread->dtype(), file->dtype());
    std::remove(path.c_str());
    std::remove(copy.c_str());
}

TEST(PublicApiTest, ExportsArraysPulledFromAFunctionAsAnArrowStream) {
    // Two batches, then the end; the function is called on the consumer's thread.
    std::vector<Array> batches = {MakeTable(3), MakeTable(5)};
    size_t pulled = 0;
    ArrowArrayStream stream;
    ASSERT_TRUE(ExportArrowStream(
                    batches[0].dtype(),
                    [&]() -> Result<std::optional<Array>> {
                        return pulled < batches.size() ? std::optional<Array>(batches[pulled++])
                                                       : std::nullopt;
                    },
                    &stream)
                    .ok());
    ArrowSchema schema{};
    ASSERT_EQ(stream.get_schema(&stream, &schema), 0);
    EXPECT_STREQ(schema.format, "+s");
    EXPECT_EQ(schema.n_children, 3);
    schema.release(&schema);
    std::vector<int64_t> lengths;
    while (true) {
        ArrowArray batch{};
        ASSERT_EQ(stream.get_next(&stream, &batch), 0);
        if (batch.release == nullptr) {
            break;
        }
        lengths.push_back(batch.length);
        batch.release(&batch);
    }
    stream.release(&stream);
    EXPECT_EQ(lengths, (std::vector<int64_t>{3, 5}));

    // An error of the function becomes the stream's.
    ASSERT_TRUE(
        ExportArrowStream(
            DType::Primitive(PType::I32),
            []() -> Result<std::optional<Array>> { return Status(StatusCode::Io, "the source went away"); },
            &stream)
            .ok());
    ArrowArray batch{};
    EXPECT_NE(stream.get_next(&stream, &batch), 0);
    EXPECT_NE(std::string(stream.get_last_error(&stream)).find("the source went away"), std::string::npos);
    stream.release(&stream);

    // An array of another dtype is an error too.
    ASSERT_TRUE(ExportArrowStream(
                    DType::Primitive(PType::I64),
                    [&]() -> Result<std::optional<Array>> { return std::optional<Array>(batches[0]); },
                    &stream)
                    .ok());
    EXPECT_NE(stream.get_next(&stream, &batch), 0);
    stream.release(&stream);

    EXPECT_FALSE(ExportArrowStream(DType::Null(), nullptr, &stream).ok());
    EXPECT_FALSE(
        ExportArrowStream(
            DType::Null(), []() -> Result<std::optional<Array>> { return std::optional<Array>(); }, nullptr)
            .ok());
}

TEST(PublicApiTest, AnUnfinishedWriterLeavesTheDestinationUntouched) {
    const std::string path = TempPath("untouched.vortex");
    { std::ofstream(path) << "previous"; }
    {
        Result<Writer> writer = Writer::Open(path, DType::Primitive(PType::I32));
        ASSERT_TRUE(writer.ok());
        const int32_t values[] = {1, 2, 3};
        ASSERT_TRUE(writer->Write(*Array::FromPrimitive(PType::I32, values, 3)).ok());
    }
    std::ifstream in(path);
    std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(content, "previous");
    std::remove(path.c_str());
}

TEST(PublicApiTest, DTypesScalarsAndArrowRoundTrips) {
    const DType ts = *DType::Timestamp(TimeUnit::Milliseconds, std::string("UTC"), true);
    EXPECT_TRUE(ts.is_timestamp());
    EXPECT_EQ(ts.time_unit(), TimeUnit::Milliseconds);
    EXPECT_EQ(ts.time_zone(), "UTC");
    EXPECT_EQ(ts.extension_id(), "vortex.timestamp");
    const DType table =
        *DType::Struct({"t", "d", "l", "f"}, {ts, *DType::Decimal(20, 4), DType::List(DType::Utf8(true)),
                                              DType::FixedSizeList(DType::Primitive(PType::F32), 3)});
    ArrowSchema schema{};
    ASSERT_TRUE(table.ToArrowSchema(&schema).ok());
    Result<DType> back = DType::FromArrowSchema(&schema);
    ASSERT_TRUE(back.ok()) << back.status().ToString();
    EXPECT_EQ(*back, table) << back->ToString() << " vs " << table.ToString();

    const uint8_t unscaled[16] = {0x39, 0x30}; // 12345 little-endian
    Result<Scalar> decimal = Scalar::Decimal(unscaled, 20, 4);
    ASSERT_TRUE(decimal.ok());
    EXPECT_EQ(decimal->ToString(), "1.2345");
    EXPECT_FALSE(Scalar::Decimal(std::span<const uint8_t>(unscaled, 3), 20, 4).ok());
    const uint8_t big[1] = {100};
    EXPECT_FALSE(Scalar::Decimal(big, 2, 0).ok()) << "100 has three digits";
    Result<Scalar> list = Scalar::List(DType::Primitive(PType::I32), {Scalar::Int32(1), Scalar::Int32(2)});
    ASSERT_TRUE(list.ok());
    EXPECT_EQ(list->Children().size(), 2u);
    EXPECT_FALSE(Scalar::List(DType::Primitive(PType::I32), {Scalar::Bool(true)}).ok());
    EXPECT_TRUE(Scalar::Null(DType::Primitive(PType::I32)).dtype().nullable());
    EXPECT_EQ(Scalar::Int8(-3).AsInt64(), -3);
    EXPECT_EQ(Scalar::UInt64(UINT64_MAX).AsInt64(), std::nullopt);
    EXPECT_EQ(*Scalar::Float16Bits(0x3C00).AsDouble(), 1.0);

    // An array through Arrow and back keeps its values and nulls.
    const Array original = MakeTable(257);
    ArrowArray array{};
    ArrowSchema array_schema{};
    ASSERT_TRUE(original.ToArrow(&array, &array_schema).ok());
    Result<Array> imported = Array::FromArrow(&array, &array_schema);
    ASSERT_TRUE(imported.ok()) << imported.status().ToString();
    EXPECT_EQ(array.release, nullptr) << "consumed";
    ASSERT_EQ(imported->len(), 257u);
    for (size_t i = 0; i < 257; i += 16) {
        EXPECT_EQ(*imported->ScalarAt(i), *original.ScalarAt(i)) << i;
    }
    EXPECT_EQ(*imported->Field("score")->NullCount(), 37u);
    EXPECT_EQ(imported->Field("score")->GetValidity().kind, Validity::Kind::Mask);
}

TEST(PublicApiTest, FooterCacheAndExecutors) {
    const std::string path = TempPath("cached.vortex");
    ASSERT_TRUE(WriteFile(path, MakeTable(5000), WriteOptions{.executor = Executor::Make(1)}).ok());
    OpenOptions options;
    options.footer_cache = FooterCache::Make();
    Result<File> first = File::Open(path, options);
    Result<File> second = File::Open(path, options);
    ASSERT_TRUE(first.ok() && second.ok());
    auto batches = second->Scan().WithExecutor(Executor::Make(2)).WithOrdered(false).Collect();
    ASSERT_TRUE(batches.ok());
    EXPECT_EQ(SumIds(*batches), 4999 * 5000 / 2);
    std::remove(path.c_str());
}

} // namespace
