// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Concatenating chunks (ConcatCanonical, what ChunkedArray::ToCanonical runs) against a plain
// memcpy of the same bytes in the same process: the ratio of their bytes/s is the overhead of
// the builders' bulk appends.

#include <cstring>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/builder/varbinview_builder.h"

namespace vortex {
namespace {

constexpr size_t kChunks = 64;
constexpr size_t kChunkLen = size_t{64} << 10;

uint64_t NextRandom(uint64_t &state) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return state >> 17;
}

const std::vector<ArrayRef> &I64Chunks() {
    static const std::vector<ArrayRef> chunks = [] {
        std::vector<ArrayRef> out;
        uint64_t state = 1;
        for (size_t c = 0; c < kChunks; ++c) {
            std::vector<int64_t> values(kChunkLen);
            for (int64_t &v : values) {
                v = static_cast<int64_t>(NextRandom(state));
            }
            out.push_back(PrimitiveArray::FromValues(values));
        }
        return out;
    }();
    return chunks;
}

// Strings of 0..40 bytes (about a third inlined in their views), each chunk with its own
// data buffer, as chunks decoded from a file are.
const std::vector<ArrayRef> &Utf8Chunks() {
    static const std::vector<ArrayRef> chunks = [] {
        std::vector<ArrayRef> out;
        uint64_t state = 2;
        std::string value;
        for (size_t c = 0; c < kChunks; ++c) {
            VarBinViewBuilder builder(DType::Utf8(Nullability::NonNullable));
            for (size_t i = 0; i < kChunkLen; ++i) {
                value.assign(NextRandom(state) % 41, 'a');
                for (char &ch : value) {
                    ch = static_cast<char>('a' + NextRandom(state) % 26);
                }
                builder.Append(value);
            }
            out.push_back(builder.Finish());
        }
        return out;
    }();
    return chunks;
}

// The bytes a concatenation has to move: every buffer of every chunk.
size_t TotalBytes(const std::vector<ArrayRef> &chunks) {
    size_t total = 0;
    for (const ArrayRef &chunk : chunks) {
        for (const Buffer &buffer : chunk->buffers()) {
            total += buffer.size();
        }
    }
    return total;
}

void Concat(benchmark::State &state, const std::vector<ArrayRef> &chunks) {
    const DType dtype = chunks.front()->dtype();
    for (auto _ : state) {
        auto result = ConcatCanonical(chunks, dtype);
        if (!result.ok()) {
            state.SkipWithError(result.status().ToString().c_str());
            return;
        }
        benchmark::DoNotOptimize(result->get());
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * TotalBytes(chunks)));
}

// memcpy of every buffer into one growable output, the lower bound of a concatenation.
void Memcpy(benchmark::State &state, const std::vector<ArrayRef> &chunks) {
    for (auto _ : state) {
        BufferMut out;
        for (const ArrayRef &chunk : chunks) {
            for (const Buffer &buffer : chunk->buffers()) {
                out.Append(buffer.data(), buffer.size());
            }
        }
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * TotalBytes(chunks)));
}

void BM_ConcatI64(benchmark::State &state) {
    Concat(state, I64Chunks());
}
void BM_MemcpyI64(benchmark::State &state) {
    Memcpy(state, I64Chunks());
}
void BM_ConcatUtf8(benchmark::State &state) {
    Concat(state, Utf8Chunks());
}
void BM_MemcpyUtf8(benchmark::State &state) {
    Memcpy(state, Utf8Chunks());
}

BENCHMARK(BM_ConcatI64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MemcpyI64)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ConcatUtf8)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MemcpyUtf8)->Unit(benchmark::kMillisecond);

} // namespace
} // namespace vortex
