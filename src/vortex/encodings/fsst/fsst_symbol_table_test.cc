// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/testing/status_matchers.h"
#include "vortex/encodings/fsst/fsst_symbol_table.h"

namespace vortex::fsst {
namespace {

std::string Compress(const Compressor &compressor, std::string_view value) {
    std::string codes(Compressor::MaxCompressedSize(value.size()), '\0');
    codes.resize(compressor.Compress(value, reinterpret_cast<uint8_t *>(codes.data())));
    return codes;
}

std::span<const uint8_t> Span(const std::string &s) {
    return {reinterpret_cast<const uint8_t *>(s.data()), s.size()};
}

Result<std::string> Decompress(const SymbolTable &table, const std::string &codes, size_t size) {
    std::string out(size, '\0');
    VX_RETURN_NOT_OK(table.Decompress(Span(codes), reinterpret_cast<uint8_t *>(out.data()), size));
    return out;
}

TEST(FsstSymbolTableTest, GreedyLongestMatchWithEscapes) {
    ASSERT_OK_AND_ASSIGN(SymbolTable table, SymbolTable::FromSymbols({"ab", "abc", "defghijk", "x"}));
    const Compressor compressor(table);
    // "abc" beats "ab"; 'z' is escaped; "x" is a one-byte symbol.
    EXPECT_EQ(Compress(compressor, "abcabzx"), std::string("\x01\x00\xff\x7a\x03", 5));
    EXPECT_EQ(Compress(compressor, "defghijkab"), std::string("\x02\x00", 2));
    EXPECT_EQ(Compress(compressor, ""), "");
}

TEST(FsstSymbolTableTest, TrainedTablesRoundTripRandomText) {
    std::mt19937_64 rng(7);
    const std::vector<std::string> words = {"the", "quick", "brown", "fox", "jumps", "über", "ñandú", "0123"};
    std::vector<std::string> values;
    for (int i = 0; i < 2000; ++i) {
        std::string value;
        const size_t n = rng() % 12;
        for (size_t k = 0; k < n; ++k) {
            value += words[rng() % words.size()];
            value += (rng() % 5 == 0) ? static_cast<char>(rng() % 256) : ' ';
        }
        values.push_back(value);
    }
    const std::vector<std::string_view> views(values.begin(), values.end());
    const SymbolTable table = TrainSymbolTable(views);
    EXPECT_GT(table.size(), 8u);
    // The trained table passes the reader's validation (order, lengths).
    ASSERT_OK(SymbolTable::FromBuffers(table.symbols_buffer(), table.symbol_lengths_buffer()).status());
    const Compressor compressor(table);
    size_t in = 0;
    size_t out = 0;
    for (const std::string &value : values) {
        const std::string codes = Compress(compressor, value);
        ASSERT_OK_AND_ASSIGN(std::string back, Decompress(table, codes, value.size()));
        ASSERT_EQ(back, value);
        in += value.size();
        out += codes.size();
    }
    EXPECT_LT(out * 2, in) << "repetitive text should compress at least 2x";
}

TEST(FsstSymbolTableTest, TrainsOnDegenerateInputs) {
    for (const std::vector<std::string_view> &values :
         {std::vector<std::string_view>{}, std::vector<std::string_view>{"", ""},
          std::vector<std::string_view>{"a"}, std::vector<std::string_view>(500, "same-value")}) {
        const SymbolTable table = TrainSymbolTable(values);
        const Compressor compressor(table);
        for (std::string_view value : values) {
            const std::string codes = Compress(compressor, value);
            ASSERT_OK_AND_ASSIGN(std::string back, Decompress(table, codes, value.size()));
            EXPECT_EQ(back, value);
        }
    }
}

TEST(FsstSymbolTableTest, RejectsBadTables) {
    const auto words = [](size_t n) {
        return Buffer::CopyFrom(std::span<const uint64_t>(std::vector<uint64_t>(n, 0x61)));
    };
    const auto lengths = [](std::vector<uint8_t> l) { return Buffer::CopyFrom(std::span<const uint8_t>(l)); };
    EXPECT_OK(SymbolTable::FromBuffers(words(3), lengths({2, 3, 1})).status());
    EXPECT_FALSE(SymbolTable::FromBuffers(words(1), lengths({0})).ok());    // length 0
    EXPECT_FALSE(SymbolTable::FromBuffers(words(1), lengths({9})).ok());    // length > 8
    EXPECT_FALSE(SymbolTable::FromBuffers(words(2), lengths({2})).ok());    // size mismatch
    EXPECT_FALSE(SymbolTable::FromBuffers(words(2), lengths({3, 2})).ok()); // decreasing
    EXPECT_FALSE(SymbolTable::FromBuffers(words(2), lengths({1, 2})).ok()); // multi-byte after 1
    EXPECT_FALSE(SymbolTable::FromBuffers(words(256), lengths(std::vector<uint8_t>(256, 1))).ok()); // > 255
    EXPECT_FALSE(SymbolTable::FromBuffers(Buffer::CopyFrom(std::string_view("abc")), lengths({1})).ok());
}

TEST(FsstSymbolTableTest, RejectsBadCodesWithoutOverrun) {
    ASSERT_OK_AND_ASSIGN(SymbolTable table, SymbolTable::FromSymbols({"abcdefgh", "x"}));
    // A code past the table, in the fast path (long input) and the tail.
    std::string long_codes(64, '\0');
    long_codes[40] = 7;
    EXPECT_FALSE(Decompress(table, long_codes, 64 * 8).ok());
    EXPECT_FALSE(Decompress(table, std::string("\x00\x05", 2), 16).ok());
    // An escape as the last code (fast path and tail).
    std::string escape_end(8, '\0');
    escape_end[7] = '\xff';
    EXPECT_FALSE(Decompress(table, escape_end, 100).ok());
    EXPECT_FALSE(Decompress(table, std::string("\x01\xff", 2), 2).ok());
    // More or fewer output bytes than expected.
    EXPECT_FALSE(Decompress(table, std::string(8, '\0'), 63).ok());
    EXPECT_FALSE(Decompress(table, std::string(8, '\0'), 65).ok());
    EXPECT_FALSE(Decompress(table, std::string(1, '\x01'), 0).ok());
    ASSERT_OK_AND_ASSIGN(std::string ok, Decompress(table, std::string("\x00\xff\x7a\x01", 4), 10));
    EXPECT_EQ(ok, "abcdefghzx");
}

} // namespace
} // namespace vortex::fsst
