// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vortex/base/result.h"
#include "vortex/buffer/buffer.h"

namespace vortex::fsst {

/// The code that makes the decoder copy the next code byte literally.
inline constexpr uint8_t kEscapeCode = 255;
/// At most 255 symbols, so that every code except the escape names one.
inline constexpr size_t kMaxSymbols = 255;
inline constexpr size_t kMaxSymbolLength = 8;

/// An FSST symbol table: code c (< size()) stands for the first symbol_length(c) bytes of
/// symbol(c), a little-endian u64.
///
/// Spec: arrays-encodings 7.7: buffer 0 holds n u64 LE symbols (8-byte aligned), buffer 1 n
/// length bytes in 1..=8, n <= 255. The reference also requires the order its compressor
/// writes: the multi-byte symbols by non-decreasing length, then the one-byte symbols.
class SymbolTable {
public:
    SymbolTable() = default;

    /// Validates the two serialized buffers (InvalidArgument on any violation).
    static Result<SymbolTable> FromBuffers(const Buffer &symbols, const Buffer &symbol_lengths);
    /// Builds a table from symbol strings, in code order (validated like FromBuffers).
    static Result<SymbolTable> FromSymbols(const std::vector<std::string> &symbols);

    size_t size() const { return size_; }
    uint64_t symbol(size_t code) const { return symbols_[code]; }
    uint8_t symbol_length(size_t code) const { return lengths_[code]; }
    /// The symbols as they are serialized (n x u64 LE).
    const Buffer &symbols_buffer() const { return symbols_buffer_; }
    const Buffer &symbol_lengths_buffer() const { return lengths_buffer_; }

    /// Decodes `codes` into exactly `expected_size` bytes at `out`. Fails (without reading or
    /// writing out of bounds) on a code that names no symbol, an escape as the last code, or
    /// an output of any other size. Writes 8-byte words but never past out + expected_size.
    Status Decompress(std::span<const uint8_t> codes, uint8_t *out, size_t expected_size) const;
    /// As Decompress, but `out` has expected_size + kDecompressSlack writable bytes, so that
    /// every symbol is one unconditional 8-byte store up to the end. The slack bytes hold
    /// garbage afterwards (also on error).
    Status DecompressWithSlack(std::span<const uint8_t> codes, uint8_t *out, size_t expected_size) const;
    static constexpr size_t kDecompressSlack = 64;
    /// Decodes codes until `limit` output bytes exist or the codes end, writing at most
    /// limit + 7 bytes; returns how many bytes were decoded (> limit is possible, the caller
    /// compares only the first `limit`). Fails like Decompress on a bad code.
    Result<size_t> DecompressPrefix(std::span<const uint8_t> codes, uint8_t *out, size_t limit) const;

private:
    // `writable` >= expected_size bytes may be written at `out`.
    Status
    DecompressImpl(std::span<const uint8_t> codes, uint8_t *out, size_t expected_size, size_t writable) const;
    Status FindBadCode(std::span<const uint8_t> codes) const;
    Status Init(std::span<const uint64_t> symbols, std::span<const uint8_t> lengths);

    size_t size_ = 0;
    // Indexed by code; a length of 0 marks a code that names no symbol (including 255).
    std::array<uint64_t, 256> symbols_{};
    std::array<uint8_t, 256> lengths_{};
    Buffer symbols_buffer_;
    Buffer lengths_buffer_;
};

/// Compresses values with a symbol table: at each position the longest symbol that matches
/// (candidates found through their first two bytes, longest first, then the one-byte
/// symbols), else an escape and the literal byte. The result depends only on the table and
/// the value, so equal values always get equal codes under the same table.
class Compressor {
public:
    explicit Compressor(const SymbolTable &table);

    /// Worst-case output size for `input_size` bytes (every byte escaped).
    static constexpr size_t MaxCompressedSize(size_t input_size) { return 2 * input_size; }
    /// Writes the codes of `value` at `out` (room for MaxCompressedSize bytes); returns how
    /// many were written.
    size_t Compress(std::string_view value, uint8_t *out) const;

private:
    struct Candidate {
        uint64_t symbol;
        uint64_t mask;
        uint8_t length;
        uint8_t code;
    };
    // Symbols of 3 to 8 bytes grouped by their first three bytes, longest (then lowest code)
    // first in each group, found through a small open-addressing table: at a position only
    // the symbols that share its first three bytes are tried (the greedy choice is the first
    // that matches), then the 2-byte symbol of its first two bytes, then the single byte.
    struct Group {
        uint32_t key = 0; // the three bytes | 1 << 24; 0 marks an empty slot
        uint8_t begin = 0;
        uint8_t size = 0;
    };
    static constexpr size_t kGroupSlotBits = 10;
    static constexpr size_t kGroupSlots = size_t{1} << kGroupSlotBits; // > 4 x 254 symbols: short probes
    static size_t GroupSlot(uint32_t prefix3) { return (prefix3 * 0x9E3779B1u) >> (32 - kGroupSlotBits); }
    std::vector<Candidate> candidates_;
    std::vector<Group> groups_;
    // Code of the (lowest-coded) 2-byte symbol for each first two bytes, or kEscapeCode.
    std::vector<uint8_t> code2_;
    // Code of the one-byte symbol for each byte, or -1.
    std::array<int16_t, 256> single_{};
};

/// Trains a symbol table on `values` following the FSST paper (Boncz, Neumann, Leis, VLDB
/// 2020): a deterministic sample of at most 64 KiB in pieces of at most 512 bytes, then eight
/// rounds that compress a growing share of the sample with the current table, count how often
/// each symbol and each pair of adjacent symbols occurs, and keep the 255 candidates (symbols
/// and concatenated pairs, cut to 8 bytes) with the highest gain = count x length.
SymbolTable TrainSymbolTable(std::span<const std::string_view> values);

} // namespace vortex::fsst
