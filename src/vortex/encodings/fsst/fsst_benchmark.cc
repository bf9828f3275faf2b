// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// FSST against LZ4 block compression on string columns of the real data sets
// (/work/shared/data/real/*.csv.zst, or $VORTEX_REAL_DATA). Per column, in one run:
//   Fsst/Compress     train a table and compress every value (input bytes/s)
//   Fsst/Decompress   decode all codes into one buffer (output bytes/s)
//   Lz4/Compress      LZ4_compress_default over the concatenated values in 64 KiB blocks
//   Lz4/Decompress    LZ4_decompress_safe of those blocks
//   Lz4Value/Compress, Lz4Value/Decompress   the same per value (each value on its own: the
//                     random-access equivalent of FSST)
//   DictFsst/Compress, DictFsst/Decompress   the cascade the compressor picks for repetitive
//                     columns: a dictionary of the distinct values, FSST over the dictionary,
//                     codes counted at their bit width (as bit-packing stores them); decompress
//                     decodes the dictionary and gathers every row's value. FSST alone cannot
//                     see repetition across values, which LZ4 blocks exploit.
// The counter `factor` is raw bytes / compressed bytes (FSST: codes + symbol table; LZ4:
// blocks; neither counts value boundaries).

#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <lz4.h>
#include <string>
#include <string_view>
#include <unordered_map>
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
    std::vector<size_t> offsets; // value i is concatenated[offsets[i], offsets[i + 1])
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
            column.offsets.push_back(0);
            for (const std::string &value : columns[k]) {
                column.concatenated += value;
                column.offsets.push_back(column.concatenated.size());
            }
            column.strings = VarBinViewArray::FromStrings(columns[k], DType::Utf8(Nullability::NonNullable));
            Columns().push_back(std::move(column));
        }
    }
}

// Escaped input bytes (an escape code and its literal).
size_t CountEscapes(std::span<const uint8_t> codes) {
    size_t escapes = 0;
    for (size_t k = 0; k < codes.size(); ++k) {
        if (codes[k] == kEscapeCode) {
            ++escapes;
            ++k;
        }
    }
    return escapes;
}

// What an FSST array stores besides value boundaries: codes and the symbol table.
size_t FsstBytes(const FsstArray &fsst) {
    return fsst.codes().size() + fsst.symbol_table().symbols_buffer().size() +
           fsst.symbol_table().symbol_lengths_buffer().size();
}

void FsstCompressBench(benchmark::State &state, const Column *column) {
    size_t compressed = 0;
    size_t escapes = 0;
    for (auto _ : state) {
        auto fsst = FsstCompress(column->strings);
        if (!fsst.ok()) {
            state.SkipWithError(fsst.status().ToString().c_str());
            return;
        }
        compressed = FsstBytes(**fsst);
        escapes = CountEscapes((*fsst)->codes().bytes());
        benchmark::DoNotOptimize(compressed);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * column->concatenated.size()));
    state.counters["factor"] =
        static_cast<double>(column->concatenated.size()) / static_cast<double>(compressed);
    state.counters["escapes"] =
        static_cast<double>(escapes) / static_cast<double>(column->concatenated.size());
}

void FsstDecompressBench(benchmark::State &state, const Column *column) {
    auto fsst = FsstCompress(column->strings);
    if (!fsst.ok()) {
        state.SkipWithError(fsst.status().ToString().c_str());
        return;
    }
    const FsstArray &array = **fsst;
    const size_t size = column->concatenated.size();
    std::vector<uint8_t> out(size + SymbolTable::kDecompressSlack); // as FsstArray::ToCanonical
    for (auto _ : state) {
        const Status status =
            array.symbol_table().DecompressWithSlack(array.codes().bytes(), out.data(), size);
        if (!status.ok()) {
            state.SkipWithError(status.ToString().c_str());
            return;
        }
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    if (std::memcmp(out.data(), column->concatenated.data(), size) != 0) {
        state.SkipWithError("fsst output differs from the input");
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * size));
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

// Each value compressed on its own into one buffer; value i's block is
// bytes[starts[i], starts[i + 1]).
struct Lz4Values {
    std::vector<char> bytes;
    std::vector<size_t> starts;
};

Lz4Values Lz4CompressValues(const Column &column) {
    Lz4Values out;
    out.starts.push_back(0);
    for (size_t i = 0; i + 1 < column.offsets.size(); ++i) {
        const int size = static_cast<int>(column.offsets[i + 1] - column.offsets[i]);
        const size_t at = out.bytes.size();
        out.bytes.resize(at + static_cast<size_t>(LZ4_compressBound(size)));
        const int written = LZ4_compress_default(column.concatenated.data() + column.offsets[i],
                                                 out.bytes.data() + at, size, LZ4_compressBound(size));
        out.bytes.resize(at + static_cast<size_t>(written));
        out.starts.push_back(out.bytes.size());
    }
    return out;
}

void Lz4ValueCompressBench(benchmark::State &state, const Column *column) {
    size_t compressed = 0;
    for (auto _ : state) {
        compressed = Lz4CompressValues(*column).bytes.size();
        benchmark::DoNotOptimize(compressed);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * column->concatenated.size()));
    state.counters["factor"] =
        static_cast<double>(column->concatenated.size()) / static_cast<double>(compressed);
}

void Lz4ValueDecompressBench(benchmark::State &state, const Column *column) {
    const Lz4Values lz4 = Lz4CompressValues(*column);
    std::vector<char> out(column->concatenated.size());
    bool ok = true;
    for (auto _ : state) {
        for (size_t i = 0; i + 1 < lz4.starts.size(); ++i) {
            const int size = static_cast<int>(column->offsets[i + 1] - column->offsets[i]);
            ok &= LZ4_decompress_safe(lz4.bytes.data() + lz4.starts[i], out.data() + column->offsets[i],
                                      static_cast<int>(lz4.starts[i + 1] - lz4.starts[i]), size) == size;
        }
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    if (!ok || std::memcmp(out.data(), column->concatenated.data(), out.size()) != 0) {
        state.SkipWithError("lz4 per-value output differs from the input");
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * out.size()));
}

// A dictionary of the distinct values in first-seen order and each row's code.
struct DictColumn {
    std::vector<std::string> values;
    std::vector<uint32_t> codes;
};

DictColumn DictEncodeColumn(const Column &column) {
    DictColumn out;
    std::unordered_map<std::string_view, uint32_t> index;
    out.codes.reserve(column.offsets.size() - 1);
    for (size_t i = 0; i + 1 < column.offsets.size(); ++i) {
        const std::string_view value(column.concatenated.data() + column.offsets[i],
                                     column.offsets[i + 1] - column.offsets[i]);
        const auto [it, inserted] = index.try_emplace(value, static_cast<uint32_t>(out.values.size()));
        if (inserted) {
            out.values.emplace_back(value);
        }
        out.codes.push_back(it->second);
    }
    return out;
}

size_t CodeBits(size_t distinct) {
    return std::max<size_t>(1, std::bit_width(distinct > 0 ? distinct - 1 : 0));
}

void DictFsstCompressBench(benchmark::State &state, const Column *column) {
    size_t compressed = 0;
    size_t distinct = 0;
    for (auto _ : state) {
        const DictColumn dict = DictEncodeColumn(*column);
        auto fsst =
            FsstCompress(VarBinViewArray::FromStrings(dict.values, DType::Utf8(Nullability::NonNullable)));
        if (!fsst.ok()) {
            state.SkipWithError(fsst.status().ToString().c_str());
            return;
        }
        distinct = dict.values.size();
        compressed = FsstBytes(**fsst) + (dict.codes.size() * CodeBits(distinct) + 7) / 8;
        benchmark::DoNotOptimize(compressed);
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * column->concatenated.size()));
    state.counters["factor"] =
        static_cast<double>(column->concatenated.size()) / static_cast<double>(compressed);
    state.counters["distinct"] = static_cast<double>(distinct);
}

void DictFsstDecompressBench(benchmark::State &state, const Column *column) {
    const DictColumn dict = DictEncodeColumn(*column);
    std::vector<uint32_t> lengths;
    size_t dict_size = 0;
    for (const std::string &value : dict.values) {
        lengths.push_back(static_cast<uint32_t>(value.size()));
        dict_size += value.size();
    }
    auto fsst =
        FsstCompress(VarBinViewArray::FromStrings(dict.values, DType::Utf8(Nullability::NonNullable)));
    if (!fsst.ok()) {
        state.SkipWithError(fsst.status().ToString().c_str());
        return;
    }
    const FsstArray &array = **fsst;
    const size_t size = column->concatenated.size();
    std::vector<uint8_t> values(dict_size + SymbolTable::kDecompressSlack);
    std::vector<size_t> starts(lengths.size() + 1);
    std::vector<uint8_t> out(size + 32);
    for (auto _ : state) {
        const Status status =
            array.symbol_table().DecompressWithSlack(array.codes().bytes(), values.data(), dict_size);
        if (!status.ok()) {
            state.SkipWithError(status.ToString().c_str());
            return;
        }
        for (size_t k = 0; k < lengths.size(); ++k) {
            starts[k + 1] = starts[k] + lengths[k];
        }
        uint8_t *o = out.data();
        for (const uint32_t code : dict.codes) {
            // Fixed 32-byte copies for most values (both buffers have the room): a call to
            // memcpy per short value would cost more than the copy.
            const size_t length = starts[code + 1] - starts[code];
            if (length <= 32) {
                std::memcpy(o, values.data() + starts[code], 32);
            } else {
                std::memcpy(o, values.data() + starts[code], length);
            }
            o += length;
        }
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    if (std::memcmp(out.data(), column->concatenated.data(), size) != 0) {
        state.SkipWithError("dictionary + fsst output differs from the input");
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * size));
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
        benchmark::RegisterBenchmark(("Lz4Value/Compress/" + column.name).c_str(), Lz4ValueCompressBench,
                                     &column);
        benchmark::RegisterBenchmark(("Lz4Value/Decompress/" + column.name).c_str(), Lz4ValueDecompressBench,
                                     &column);
        benchmark::RegisterBenchmark(("DictFsst/Compress/" + column.name).c_str(), DictFsstCompressBench,
                                     &column);
        benchmark::RegisterBenchmark(("DictFsst/Decompress/" + column.name).c_str(), DictFsstDecompressBench,
                                     &column);
    }
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
