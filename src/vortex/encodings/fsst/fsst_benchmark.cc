// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// FSST against LZ4 block compression on string columns of the real data sets
// (/work/shared/data/real/*.csv.zst, or $VORTEX_REAL_DATA). Per column, in one run:
//   Fsst/Compress     train a table and compress every value (input bytes/s)
//   Fsst/Decompress   decode all codes into one buffer (output bytes/s)
//   Lz4/Compress      LZ4_compress_default over the concatenated values in 64 KiB blocks
//   Lz4/Decompress    LZ4_decompress_safe of those blocks
// The counter `factor` is raw bytes / compressed bytes (FSST: codes + symbol table; LZ4:
// blocks; neither counts value boundaries).

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <lz4.h>
#include <string>
#include <vector>
#include <zstd.h>

#include <benchmark/benchmark.h>

#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/encodings/fsst/fsst_array.h"

namespace vortex::fsst {
namespace {

constexpr size_t kCsvLimit = 64u << 20; // first 64 MiB of each CSV
constexpr size_t kLz4Block = 64u << 10;

std::string ReadZstd(const std::string &path) {
    std::FILE *file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) {
        return {};
    }
    ZSTD_DStream *stream = ZSTD_createDStream();
    std::vector<char> in(ZSTD_DStreamInSize());
    std::vector<char> out(ZSTD_DStreamOutSize());
    std::string text;
    size_t read;
    while (text.size() < kCsvLimit && (read = std::fread(in.data(), 1, in.size(), file)) > 0) {
        ZSTD_inBuffer input{in.data(), read, 0};
        while (input.pos < input.size && text.size() < kCsvLimit) {
            ZSTD_outBuffer output{out.data(), out.size(), 0};
            if (ZSTD_isError(ZSTD_decompressStream(stream, &output, &input))) {
                text.clear();
                break;
            }
            text.append(out.data(), output.pos);
        }
    }
    ZSTD_freeDStream(stream);
    std::fclose(file);
    return text.substr(0, text.rfind('\n') + 1); // whole lines only
}

// Splits RFC 4180 CSV (quotes, doubled quotes) and keeps the wanted columns; skips the header.
std::vector<std::vector<std::string>> ReadColumns(const std::string &text,
                                                  const std::vector<size_t> &wanted) {
    std::vector<std::vector<std::string>> columns(wanted.size());
    size_t pos = text.find('\n') + 1;
    std::vector<std::string> fields;
    while (pos < text.size()) {
        fields.clear();
        std::string field;
        bool quoted = false;
        for (; pos < text.size(); ++pos) {
            const char c = text[pos];
            if (quoted) {
                if (c == '"' && pos + 1 < text.size() && text[pos + 1] == '"') {
                    field.push_back('"');
                    ++pos;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.push_back(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.push_back(std::move(field));
                field.clear();
            } else if (c == '\n') {
                ++pos;
                break;
            } else {
                field.push_back(c);
            }
        }
        fields.push_back(std::move(field));
        for (size_t k = 0; k < wanted.size(); ++k) {
            if (wanted[k] < fields.size() && !fields[wanted[k]].empty()) {
                columns[k].push_back(fields[wanted[k]]);
            }
        }
    }
    return columns;
}

struct Column {
    std::string name;
    ArrayRef strings;
    std::string concatenated;
};

std::vector<Column> &Columns() {
    static std::vector<Column> columns;
    return columns;
}

void LoadColumns() {
    const char *env = std::getenv("VORTEX_REAL_DATA");
    const std::string dir = env != nullptr ? env : "/work/shared/data/real";
    struct Source {
        const char *file;
        std::vector<size_t> indices;
        std::vector<const char *> names;
    };
    const std::vector<Source> sources = {
        {"us_babynames_by_state", {1, 6}, {"name", "state"}},
        {"flights_3m", {0, 3}, {"date", "origin"}},
        {"asn_ipv4", {0, 5}, {"ip_range_start", "as_organization"}},
        {"movielens_100k", {1, 3}, {"title", "genres"}},
    };
    for (const Source &source : sources) {
        const std::string text = ReadZstd(dir + "/" + source.file + ".csv.zst");
        if (text.empty()) {
            std::fprintf(stderr, "skipping %s: not readable\n", source.file);
            continue;
        }
        auto columns = ReadColumns(text, source.indices);
        for (size_t k = 0; k < columns.size(); ++k) {
            Column column;
            column.name = std::string(source.file) + "." + source.names[k];
            for (const std::string &value : columns[k]) {
                column.concatenated += value;
            }
            column.strings = VarBinViewArray::FromStrings(columns[k], DType::Utf8(Nullability::NonNullable));
            Columns().push_back(std::move(column));
        }
    }
}

void FsstCompressBench(benchmark::State &state, const Column *column) {
    size_t compressed = 0;
    for (auto _ : state) {
        auto fsst = FsstCompress(column->strings);
        if (!fsst.ok()) {
            state.SkipWithError(fsst.status().ToString().c_str());
            return;
        }
        compressed = (*fsst)->codes().size() + (*fsst)->symbol_table().symbols_buffer().size() +
                     (*fsst)->symbol_table().symbol_lengths_buffer().size();
        benchmark::DoNotOptimize(compressed);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * column->concatenated.size()));
    state.counters["factor"] =
        static_cast<double>(column->concatenated.size()) / static_cast<double>(compressed);
}

void FsstDecompressBench(benchmark::State &state, const Column *column) {
    auto fsst = FsstCompress(column->strings);
    if (!fsst.ok()) {
        state.SkipWithError(fsst.status().ToString().c_str());
        return;
    }
    const FsstArray &array = **fsst;
    std::vector<uint8_t> out(column->concatenated.size());
    for (auto _ : state) {
        const Status status = array.symbol_table().Decompress(array.codes().bytes(), out.data(), out.size());
        if (!status.ok()) {
            state.SkipWithError(status.ToString().c_str());
            return;
        }
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    if (std::memcmp(out.data(), column->concatenated.data(), out.size()) != 0) {
        state.SkipWithError("fsst output differs from the input");
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * out.size()));
}

struct Lz4Blocks {
    std::vector<std::vector<char>> blocks;
    size_t compressed = 0;
};

Lz4Blocks Lz4Compress(const std::string &raw) {
    Lz4Blocks out;
    for (size_t at = 0; at < raw.size(); at += kLz4Block) {
        const int size = static_cast<int>(std::min(kLz4Block, raw.size() - at));
        std::vector<char> block(static_cast<size_t>(LZ4_compressBound(size)));
        const int written =
            LZ4_compress_default(raw.data() + at, block.data(), size, static_cast<int>(block.size()));
        block.resize(static_cast<size_t>(written));
        out.compressed += block.size();
        out.blocks.push_back(std::move(block));
    }
    return out;
}

void Lz4CompressBench(benchmark::State &state, const Column *column) {
    size_t compressed = 0;
    for (auto _ : state) {
        compressed = Lz4Compress(column->concatenated).compressed;
        benchmark::DoNotOptimize(compressed);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * column->concatenated.size()));
    state.counters["factor"] =
        static_cast<double>(column->concatenated.size()) / static_cast<double>(compressed);
}

void Lz4DecompressBench(benchmark::State &state, const Column *column) {
    const Lz4Blocks lz4 = Lz4Compress(column->concatenated);
    std::vector<char> out(column->concatenated.size());
    for (auto _ : state) {
        size_t at = 0;
        for (const auto &block : lz4.blocks) {
            at += static_cast<size_t>(
                LZ4_decompress_safe(block.data(), out.data() + at, static_cast<int>(block.size()),
                                    static_cast<int>(std::min(kLz4Block, out.size() - at))));
        }
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    if (std::memcmp(out.data(), column->concatenated.data(), out.size()) != 0) {
        state.SkipWithError("lz4 output differs from the input");
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * out.size()));
}

} // namespace
} // namespace vortex::fsst

int main(int argc, char **argv) {
    using namespace vortex::fsst;
    LoadColumns();
    for (const Column &column : Columns()) {
        benchmark::RegisterBenchmark(("Fsst/Compress/" + column.name).c_str(), FsstCompressBench, &column);
        benchmark::RegisterBenchmark(("Lz4/Compress/" + column.name).c_str(), Lz4CompressBench, &column);
        benchmark::RegisterBenchmark(("Fsst/Decompress/" + column.name).c_str(), FsstDecompressBench,
                                     &column);
        benchmark::RegisterBenchmark(("Lz4/Decompress/" + column.name).c_str(), Lz4DecompressBench, &column);
    }
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
