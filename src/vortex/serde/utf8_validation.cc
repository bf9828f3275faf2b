// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/serde/utf8_validation.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace vortex::serde {

// Follows the well-formed byte sequence table of Unicode 15, section 3.9 (table 3-7).
bool IsValidUtf8(std::string_view text) {
    const auto *bytes = reinterpret_cast<const uint8_t *>(text.data());
    const size_t len = text.size();
    size_t i = 0;
    while (i < len) {
        // ASCII runs 32, then 8 bytes at a time: most text is ASCII, and this sits on every
        // decode of a string column read from a file.
        while (i + 32 <= len) {
            uint64_t words[4];
            std::memcpy(words, bytes + i, 32);
            if (((words[0] | words[1] | words[2] | words[3]) & 0x8080808080808080ULL) != 0) {
                break;
            }
            i += 32;
        }
        while (i + 8 <= len) {
            uint64_t word;
            std::memcpy(&word, bytes + i, 8);
            if ((word & 0x8080808080808080ULL) != 0) {
                break;
            }
            i += 8;
        }
        if (i >= len) {
            break;
        }
        const uint8_t lead = bytes[i];
        if (lead < 0x80) {
            ++i;
            continue;
        }
        size_t extra = 0;
        uint8_t low = 0x80;
        uint8_t high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) {
            extra = 1;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            extra = 2;
            if (lead == 0xE0) {
                low = 0xA0; // no overlong 3-byte forms
            } else if (lead == 0xED) {
                high = 0x9F; // no surrogates
            }
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            extra = 3;
            if (lead == 0xF0) {
                low = 0x90; // no overlong 4-byte forms
            } else if (lead == 0xF4) {
                high = 0x8F; // nothing above U+10FFFF
            }
        } else {
            return false;
        }
        if (len - i <= extra) {
            return false;
        }
        if (bytes[i + 1] < low || bytes[i + 1] > high) {
            return false;
        }
        for (size_t k = 2; k <= extra; ++k) {
            if (bytes[i + k] < 0x80 || bytes[i + k] > 0xBF) {
                return false;
            }
        }
        i += extra + 1;
    }
    return true;
}

} // namespace vortex::serde
