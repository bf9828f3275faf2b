// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/fsst/fsst_symbol_table.h"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>

#include "vortex/base/endian.h"

namespace vortex::fsst {

namespace {

// Low `length` bytes set (length 1..8).
constexpr uint64_t LengthMask(size_t length) {
    return length >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * length)) - 1;
}

// The high bit of the first 0xFF byte (an escape code) of `word`, in byte order, is set; bits
// above it may be set spuriously (borrows), so only the lowest set bit is meaningful.
inline uint32_t EscapeFlags(uint32_t word) {
    const uint32_t inverted = ~word; // an escape byte becomes 0x00
    return (inverted - 0x01010101u) & ~inverted & 0x80808080u;
}

// Fast path: four codes at a time, each an unconditional 8-byte store advanced by the
// symbol's length; 32 bytes of room keep every store inside the writable end. Bounds are
// checked per step, none per code. Stops at the first step it cannot finish (fewer than four
// codes or 32 bytes of room left, or an escape without its literal) and returns whether a code
// named no symbol. Such a code has length 0 (a harmless store, no advance). The check per code
// costs about 10% of the decode, so it runs only when MayNameNoSymbol found a byte that could
// be such a code: never for a full table (255 symbols). (Eight-code steps measured 10-20%
// slower on the benchmark's columns.)
template <bool kCheckCodes>
bool DecodeFast(const std::array<uint64_t, 256> &symbols,
                const std::array<uint8_t, 256> &lengths,
                const uint8_t *&in,
                const uint8_t *in_end,
                uint8_t *&o,
                uint8_t *o_room) {
    unsigned bad = 0;
    while (in_end - in >= 4 && o_room - o >= 32) {
        const uint32_t escapes = EscapeFlags(LoadLittleEndian<uint32_t>(in));
        const size_t plain = escapes == 0 ? 4 : static_cast<size_t>(std::countr_zero(escapes)) / 8;
        for (size_t k = 0; k < plain; ++k) {
            const uint8_t code = in[k];
            std::memcpy(o, &symbols[code], 8);
            o += lengths[code];
            if constexpr (kCheckCodes) {
                bad |= lengths[code] == 0 ? 1u : 0u;
            }
        }
        in += plain;
        if (plain < 4) { // *in is an escape
            if (in_end - in < 2) {
                break;
            }
            *o++ = in[1];
            in += 2;
        }
    }
    return bad != 0;
}

// Whether some byte of `codes` is neither a symbol's code nor the escape: one branch-free,
// vectorizable pass, much cheaper than a check per decoded code.
bool MayNameNoSymbol(std::span<const uint8_t> codes, size_t table_size) {
    if (table_size >= kMaxSymbols) {
        return false;
    }
    const auto first_bad = static_cast<uint8_t>(table_size);
    const auto bad_count = static_cast<uint8_t>(kEscapeCode - table_size);
    unsigned found = 0;
    for (const uint8_t code : codes) {
        found |= static_cast<uint8_t>(code - first_bad) < bad_count ? 1u : 0u;
    }
    return found != 0;
}

// Copies n bytes, sizeof(T) <= n <= 2 * sizeof(T), as the first and the last sizeof(T) bytes
// (overlapping): two fixed-size moves.
template <typename T>
inline void CopyEnds(uint8_t *dst, const uint8_t *src, size_t n) {
    T head;
    T last;
    std::memcpy(&head, src, sizeof(T));
    std::memcpy(&last, src + n - sizeof(T), sizeof(T));
    std::memcpy(dst, &head, sizeof(T));
    std::memcpy(dst + n - sizeof(T), &last, sizeof(T));
}

// Copies n <= 8 bytes with fixed-size moves: a memcpy of a variable size is a library call,
// too slow once per short value.
inline void CopyShort(uint8_t *dst, const uint8_t *src, size_t n) {
    if (n >= 4) {
        CopyEnds<uint32_t>(dst, src, n);
    } else if (n >= 2) {
        CopyEnds<uint16_t>(dst, src, n);
    } else if (n == 1) {
        dst[0] = src[0];
    }
}

Status BadCode(size_t position, uint8_t code, size_t table_size) {
    return Status::InvalidArgument("fsst: code {} at {} names no symbol (table of {})", code, position,
                                   table_size);
}

} // namespace

Result<SymbolTable> SymbolTable::FromBuffers(const Buffer &symbols, const Buffer &symbol_lengths) {
    const size_t n = symbol_lengths.size();
    VX_ENSURE(n <= kMaxSymbols, InvalidArgument, "fsst: {} symbols, at most {} allowed", n, kMaxSymbols);
    VX_ENSURE(symbols.size() == n * 8, InvalidArgument, "fsst: symbols buffer has {} bytes, expected {} x 8",
              symbols.size(), n);
    std::vector<uint64_t> words(n);
    if (n > 0) {
        std::memcpy(words.data(), symbols.data(), n * 8);
    }
    SymbolTable table;
    VX_RETURN_NOT_OK(table.Init(words, symbol_lengths.bytes()));
    table.symbols_buffer_ = symbols.EnsureAligned(8);
    table.lengths_buffer_ = symbol_lengths;
    return table;
}

Result<SymbolTable> SymbolTable::FromSymbols(const std::vector<std::string> &symbols) {
    VX_ENSURE(symbols.size() <= kMaxSymbols, InvalidArgument, "fsst: {} symbols, at most {} allowed",
              symbols.size(), kMaxSymbols);
    std::vector<uint64_t> words(symbols.size());
    std::vector<uint8_t> lengths(symbols.size());
    for (size_t i = 0; i < symbols.size(); ++i) {
        VX_ENSURE(!symbols[i].empty() && symbols[i].size() <= kMaxSymbolLength, InvalidArgument,
                  "fsst: symbol {} has length {}", i, symbols[i].size());
        std::memcpy(&words[i], symbols[i].data(), symbols[i].size());
        lengths[i] = static_cast<uint8_t>(symbols[i].size());
    }
    SymbolTable table;
    VX_RETURN_NOT_OK(table.Init(words, lengths));
    table.symbols_buffer_ = Buffer::CopyFrom(std::span<const uint64_t>(words));
    table.lengths_buffer_ = Buffer::CopyFrom(std::span<const uint8_t>(lengths));
    return table;
}

Status SymbolTable::Init(std::span<const uint64_t> symbols, std::span<const uint8_t> lengths) {
    // The reference's order: lengths 2..8 non-decreasing, then only one-byte symbols.
    bool in_single_bytes = false;
    uint8_t previous = 2;
    for (size_t code = 0; code < lengths.size(); ++code) {
        const uint8_t length = lengths[code];
        VX_ENSURE(length >= 1 && length <= kMaxSymbolLength, InvalidArgument,
                  "fsst: symbol {} has length {}, expected 1..=8", code, length);
        if (length == 1) {
            in_single_bytes = true;
        } else {
            VX_ENSURE(!in_single_bytes && length >= previous, InvalidArgument,
                      "fsst: symbol {} of length {} breaks the symbol order", code, length);
            previous = length;
        }
        symbols_[code] = symbols[code] & LengthMask(length);
        lengths_[code] = length;
    }
    size_ = lengths.size();
    return Status::OK();
}

Status SymbolTable::Decompress(std::span<const uint8_t> codes, uint8_t *out, size_t expected_size) const {
    return DecompressImpl(codes, out, expected_size, expected_size);
}

Status
SymbolTable::DecompressWithSlack(std::span<const uint8_t> codes, uint8_t *out, size_t expected_size) const {
    return DecompressImpl(codes, out, expected_size, expected_size + kDecompressSlack);
}

Status SymbolTable::DecompressImpl(std::span<const uint8_t> codes,
                                   uint8_t *out,
                                   size_t expected_size,
                                   size_t writable) const {
    const uint8_t *in = codes.data();
    const uint8_t *const in_end = in + codes.size();
    uint8_t *o = out;
    uint8_t *const o_end = out + expected_size;
    uint8_t *const o_room = out + writable;
    const bool bad = MayNameNoSymbol(codes, size_)
                         ? DecodeFast<true>(symbols_, lengths_, in, in_end, o, o_room)
                         : DecodeFast<false>(symbols_, lengths_, in, in_end, o, o_room);
    if (bad) {
        return FindBadCode(codes);
    }
    // Careful path for the tail: every code, length and output position checked. With slack
    // the fast path may have run past o_end on corrupt codes, hence signed distances.
    while (in < in_end) {
        const uint8_t code = *in++;
        if (code == kEscapeCode) {
            VX_ENSURE(in < in_end, InvalidArgument, "fsst: escape code at the end of the codes");
            VX_ENSURE(o_end - o >= 1, InvalidArgument, "fsst: codes decode to more than {} bytes",
                      expected_size);
            *o++ = *in++;
            continue;
        }
        const uint8_t length = lengths_[code];
        if (length == 0) {
            return BadCode(static_cast<size_t>(in - 1 - codes.data()), code, size_);
        }
        VX_ENSURE(o_end - o >= length, InvalidArgument, "fsst: codes decode to more than {} bytes",
                  expected_size);
        std::memcpy(o, &symbols_[code], o_room - o >= 8 ? 8 : length);
        o += length;
    }
    VX_ENSURE(o == o_end, InvalidArgument, "fsst: codes decode to {} bytes, expected {}", o - out,
              expected_size);
    return Status::OK();
}

Status SymbolTable::FindBadCode(std::span<const uint8_t> codes) const {
    for (size_t k = 0; k < codes.size(); ++k) {
        if (codes[k] == kEscapeCode) {
            ++k; // the literal
        } else if (lengths_[codes[k]] == 0) {
            return BadCode(k, codes[k], size_);
        }
    }
    return Status::Internal("fsst: bad code not found");
}

Result<size_t>
SymbolTable::DecompressPrefix(std::span<const uint8_t> codes, uint8_t *out, size_t limit) const {
    size_t in = 0;
    size_t written = 0;
    while (in < codes.size() && written < limit) {
        const uint8_t code = codes[in++];
        if (code == kEscapeCode) {
            VX_ENSURE(in < codes.size(), InvalidArgument, "fsst: escape code at the end of the codes");
            out[written++] = codes[in++];
            continue;
        }
        const uint8_t length = lengths_[code];
        if (length == 0) {
            return BadCode(in - 1, code, size_);
        }
        std::memcpy(out + written, &symbols_[code], length);
        written += length;
    }
    return written;
}

Compressor::Compressor(const SymbolTable &table) : groups_(kGroupSlots), code2_(65536, kEscapeCode) {
    single_.fill(-1);
    for (size_t code = 0; code < table.size(); ++code) {
        const uint8_t length = table.symbol_length(code);
        if (length == 1) {
            const auto byte = static_cast<uint8_t>(table.symbol(code));
            if (single_[byte] < 0) {
                single_[byte] = static_cast<int16_t>(code);
            }
        } else if (length == 2) {
            uint8_t &slot = code2_[static_cast<uint16_t>(table.symbol(code))];
            slot = std::min(slot, static_cast<uint8_t>(code)); // the lowest code wins, as before
        } else {
            candidates_.push_back(
                Candidate{table.symbol(code), LengthMask(length), length, static_cast<uint8_t>(code)});
        }
    }
    // Group by the first three bytes, longest (then lowest code) first: the greedy choice.
    std::stable_sort(candidates_.begin(), candidates_.end(), [](const Candidate &a, const Candidate &b) {
        const uint64_t pa = a.symbol & 0xFFFFFF;
        const uint64_t pb = b.symbol & 0xFFFFFF;
        if (pa != pb) {
            return pa < pb;
        }
        if (a.length != b.length) {
            return a.length > b.length;
        }
        return a.code < b.code;
    });
    for (size_t k = 0; k < candidates_.size(); ++k) {
        const auto prefix3 = static_cast<uint32_t>(candidates_[k].symbol & 0xFFFFFF);
        const uint32_t key = prefix3 | (1u << 24);
        for (size_t slot = GroupSlot(prefix3);; slot = (slot + 1) & (kGroupSlots - 1)) {
            Group &group = groups_[slot];
            if (group.key == 0) {
                group = Group{key, static_cast<uint8_t>(k), 1};
                break;
            }
            if (group.key == key) {
                ++group.size;
                break;
            }
        }
    }
}

size_t Compressor::Compress(std::string_view value, uint8_t *out) const {
    const auto *in = reinterpret_cast<const uint8_t *>(value.data());
    const size_t n = value.size();
    // Positions before body_end have 8 bytes to read in place; the last (at most 7) bytes are
    // copied once into a zero-padded buffer, so that every position is one fixed 8-byte load
    // (a variable-length copy per position cost more than the matching on short values).
    const size_t body_end = n >= 8 ? n - 7 : 0;
    uint8_t tail[16] = {};
    CopyShort(tail, in + body_end, n - body_end);
    uint8_t *o = out;
    size_t pos = 0;
    while (pos < n) {
        const size_t remaining = n - pos;
        uint64_t word;
        std::memcpy(&word, pos < body_end ? in + pos : tail + (pos - body_end), 8);
        bool matched = false;
        if (remaining >= 3) {
            const auto prefix3 = static_cast<uint32_t>(word & 0xFFFFFF);
            const uint32_t key = prefix3 | (1u << 24);
            for (size_t slot = GroupSlot(prefix3); groups_[slot].key != 0;
                 slot = (slot + 1) & (kGroupSlots - 1)) {
                const Group &group = groups_[slot];
                if (group.key != key) {
                    continue;
                }
                for (size_t k = group.begin, end = k + group.size; k < end; ++k) {
                    const Candidate &c = candidates_[k];
                    if (c.length <= remaining && ((word ^ c.symbol) & c.mask) == 0) {
                        *o++ = c.code;
                        pos += c.length;
                        matched = true;
                        break;
                    }
                }
                break;
            }
        }
        if (!matched && remaining >= 2) {
            const uint8_t code = code2_[static_cast<uint16_t>(word)];
            if (code != kEscapeCode) {
                *o++ = code;
                pos += 2;
                matched = true;
            }
        }
        if (!matched) {
            const auto byte = static_cast<uint8_t>(word);
            if (single_[byte] >= 0) {
                *o++ = static_cast<uint8_t>(single_[byte]);
            } else {
                *o++ = kEscapeCode;
                *o++ = byte;
            }
            ++pos;
        }
    }
    return static_cast<size_t>(o - out);
}

} // namespace vortex::fsst
