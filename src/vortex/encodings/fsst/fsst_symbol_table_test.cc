// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <memory>
#include <optional>
#include <random>
#include <set>
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

// The greedy choice by definition: at each position the longest symbol that matches (the
// lowest code among equal ones), else the one-byte symbol, else an escape.
std::string NaiveCompress(const std::vector<std::string> &symbols, const std::string &value) {
    std::string out;
    for (size_t pos = 0; pos < value.size();) {
        std::optional<size_t> best;
        for (size_t code = 0; code < symbols.size(); ++code) {
            const std::string &symbol = symbols[code];
            if (value.compare(pos, symbol.size(), symbol) == 0 && pos + symbol.size() <= value.size() &&
                (!best || symbol.size() > symbols[*best].size())) {
                best = code;
            }
        }
        if (best) {
            out.push_back(static_cast<char>(*best));
            pos += symbols[*best].size();
        } else {
            out.push_back(static_cast<char>(kEscapeCode));
            out.push_back(value[pos++]);
        }
    }
    return out;
}

TEST(FsstSymbolTableTest, CompressionIsTheGreedyLongestMatch) {
    // Symbols over a tiny alphabet share their first two and three bytes in every way, so the
    // compressor's prefix groups are crowded; values are random text over the same alphabet.
    std::mt19937_64 rng(17);
    for (int round = 0; round < 200; ++round) {
        std::set<std::string> unique;
        const size_t count = 1 + rng() % 60;
        while (unique.size() < count) {
            std::string symbol(1 + rng() % kMaxSymbolLength, 'a');
            for (char &c : symbol) {
                c = "abc"[rng() % 3];
            }
            unique.insert(symbol);
        }
        std::vector<std::string> symbols(unique.begin(), unique.end());
        // The table order: multi-byte symbols by length, then one-byte symbols.
        std::stable_sort(symbols.begin(), symbols.end(), [](const std::string &a, const std::string &b) {
            const size_t ka = a.size() == 1 ? 9 : a.size();
            const size_t kb = b.size() == 1 ? 9 : b.size();
            return ka < kb;
        });
        ASSERT_OK_AND_ASSIGN(SymbolTable table, SymbolTable::FromSymbols(symbols));
        const Compressor compressor(table);
        for (int v = 0; v < 5; ++v) {
            std::string value(rng() % 40, 'a');
            for (char &c : value) {
                c = "abcd"[rng() % 4];
            }
            ASSERT_EQ(Compress(compressor, value), NaiveCompress(symbols, value)) << round << " " << value;
        }
    }
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

// An independent byte-at-a-time decoder: the decoded bytes, or nullopt on a code that names
// no symbol or an escape without its literal.
std::optional<std::string> NaiveDecode(const std::vector<std::string> &symbols, const std::string &codes) {
    std::string out;
    for (size_t k = 0; k < codes.size(); ++k) {
        const auto code = static_cast<uint8_t>(codes[k]);
        if (code == kEscapeCode) {
            if (k + 1 == codes.size()) {
                return std::nullopt;
            }
            out += codes[++k];
        } else if (code < symbols.size()) {
            out += symbols[code];
        } else {
            return std::nullopt;
        }
    }
    return out;
}

// Decodes into a heap block of exactly `size` (+ slack) bytes, so that ASan sees any overrun.
Result<std::string> DecodeExact(const SymbolTable &table, const std::string &codes, size_t size, bool slack) {
    const size_t capacity = size + (slack ? SymbolTable::kDecompressSlack : 0);
    auto out = std::make_unique<uint8_t[]>(capacity);
    VX_RETURN_NOT_OK(slack ? table.DecompressWithSlack(Span(codes), out.get(), size)
                           : table.Decompress(Span(codes), out.get(), size));
    return std::string(reinterpret_cast<const char *>(out.get()), size);
}

// Symbols of every length 1..8 (the table's order: 2..8, then 1).
std::vector<std::string> AllLengthSymbols() {
    return {"bc", "def", "ghij", "klmno", "pqrstu", "vwxyz01", "23456789", "a"};
}

TEST(FsstDecompressTest, SymbolsOfEveryLengthEndExactlyAtTheBuffer) {
    const std::vector<std::string> symbols = AllLengthSymbols();
    ASSERT_OK_AND_ASSIGN(SymbolTable table, SymbolTable::FromSymbols(symbols));
    // A prefix of n codes (long enough to run the eight-code fast path), then a last symbol
    // of each length: the last store ends exactly at the end of the output.
    for (size_t n = 0; n < 40; ++n) {
        for (size_t last = 0; last < symbols.size(); ++last) {
            std::string codes;
            for (size_t k = 0; k < n; ++k) {
                codes += static_cast<char>((k * 5 + n) % symbols.size());
            }
            codes += static_cast<char>(last);
            const std::optional<std::string> expected = NaiveDecode(symbols, codes);
            ASSERT_TRUE(expected.has_value());
            for (bool slack : {false, true}) {
                ASSERT_OK_AND_ASSIGN(std::string got, DecodeExact(table, codes, expected->size(), slack));
                ASSERT_EQ(got, *expected) << "n=" << n << " last=" << last << " slack=" << slack;
            }
        }
    }
}

TEST(FsstDecompressTest, EscapesAtEveryPosition) {
    const std::vector<std::string> symbols = AllLengthSymbols();
    ASSERT_OK_AND_ASSIGN(SymbolTable table, SymbolTable::FromSymbols(symbols));
    // One or two escapes anywhere in up to 40 codes, escaping ordinary bytes and 0xFF (whose
    // literal looks like another escape), including runs of escapes.
    for (size_t n = 1; n < 40; ++n) {
        for (size_t p = 0; p < n; ++p) {
            for (const char literal : {'Z', '\xff', '\x00'}) {
                std::string codes;
                for (size_t k = 0; k < n; ++k) {
                    if (k == p || (literal == '\xff' && k == (p + 3) % n)) {
                        codes += '\xff';
                        codes += literal;
                    } else {
                        codes += static_cast<char>((k * 3 + p) % symbols.size());
                    }
                }
                const std::optional<std::string> expected = NaiveDecode(symbols, codes);
                ASSERT_TRUE(expected.has_value());
                for (bool slack : {false, true}) {
                    ASSERT_OK_AND_ASSIGN(std::string got, DecodeExact(table, codes, expected->size(), slack));
                    ASSERT_EQ(got, *expected) << "n=" << n << " p=" << p << " slack=" << slack;
                }
            }
        }
    }
    // Nothing but escaped 0xFF bytes.
    const std::string all_ff(64, '\xff');
    for (bool slack : {false, true}) {
        ASSERT_OK_AND_ASSIGN(std::string got, DecodeExact(table, all_ff, 32, slack));
        EXPECT_EQ(got, std::string(32, '\xff'));
    }
}

TEST(FsstDecompressTest, CorruptCodesFailWithoutOverrun) {
    const std::vector<std::string> symbols = AllLengthSymbols();
    ASSERT_OK_AND_ASSIGN(SymbolTable table, SymbolTable::FromSymbols(symbols));
    for (size_t n = 1; n < 48; ++n) {
        std::string good;
        for (size_t k = 0; k < n; ++k) {
            good += static_cast<char>((k * 7) % symbols.size());
        }
        const size_t size = NaiveDecode(symbols, good)->size();
        for (bool slack : {false, true}) {
            // A code past the table at every position, also right after an escape's literal.
            for (size_t p = 0; p < n; ++p) {
                std::string bad = good;
                bad[p] = static_cast<char>(symbols.size() + p % 3);
                EXPECT_FALSE(DecodeExact(table, bad, size, slack).ok()) << "n=" << n << " p=" << p;
            }
            // An escape as the last code, with every expected size near the truth.
            for (size_t delta = 0; delta < 3; ++delta) {
                EXPECT_FALSE(DecodeExact(table, good + '\xff', size + delta, slack).ok()) << n;
            }
            // Codes that decode to more or fewer bytes than expected.
            for (size_t wrong : {size_t{0}, size - 1, size + 1, size + 8, size + 100}) {
                if (wrong != size) {
                    EXPECT_FALSE(DecodeExact(table, good, wrong, slack).ok()) << n << " " << wrong;
                }
            }
        }
    }
}

// 255 symbols: every code but the escape names one, so the decoder checks no code.
std::vector<std::string> FullTableSymbols() {
    std::vector<std::string> symbols;
    for (size_t k = 0; symbols.size() < kMaxSymbols - 1; ++k) {
        const size_t length = 2 + k * 7 / (kMaxSymbols - 1);
        std::string symbol(length, static_cast<char>('A' + k % 26));
        symbol[0] = static_cast<char>(k);
        symbols.push_back(std::move(symbol));
    }
    symbols.push_back("z");
    return symbols;
}

void ExpectRandomCodesMatchTheNaiveDecoder(const std::vector<std::string> &symbols) {
    ASSERT_OK_AND_ASSIGN(SymbolTable table, SymbolTable::FromSymbols(symbols));
    std::mt19937_64 rng(11);
    for (int round = 0; round < 3000; ++round) {
        std::string codes(rng() % 80, '\0');
        for (char &c : codes) {
            // Mostly valid codes, some escapes, a few arbitrary bytes (past a small table).
            const uint64_t r = rng() % 100;
            c = static_cast<char>(r < 80 ? rng() % symbols.size() : r < 97 ? 0xFF : rng() % 256);
        }
        const std::optional<std::string> expected = NaiveDecode(symbols, codes);
        const size_t size = expected ? expected->size() : rng() % 400;
        for (bool slack : {false, true}) {
            Result<std::string> got = DecodeExact(table, codes, size, slack);
            ASSERT_EQ(got.ok(), expected.has_value()) << round;
            if (expected) {
                ASSERT_EQ(*got, *expected) << round;
            }
        }
    }
}

TEST(FsstDecompressTest, RandomCodesMatchTheNaiveDecoder) {
    ExpectRandomCodesMatchTheNaiveDecoder(AllLengthSymbols());
    ASSERT_EQ(FullTableSymbols().size(), kMaxSymbols);
    ExpectRandomCodesMatchTheNaiveDecoder(FullTableSymbols());
}

} // namespace
} // namespace vortex::fsst
