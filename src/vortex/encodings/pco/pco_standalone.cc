// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/pco/pco_standalone.h"

#include <cstring>

#include "vortex/encodings/pco/pco_bit_reader.h"
#include "vortex/encodings/pco/pco_decoder.h"

namespace vortex::pco {

namespace {

constexpr uint8_t kMagic[4] = {'p', 'c', 'o', '!'};
constexpr unsigned kNewestStandaloneVersion = 3;
constexpr uint8_t kTerminationByte = 0;
constexpr unsigned kCountBits = 24;
constexpr unsigned kVarintPowerBits = 6;

Result<NumberType> TypeFromByte(uint8_t byte) {
    VX_ENSURE(IsKnownNumberType(byte), Serde, "pco standalone: unknown number type byte {}", byte);
    return static_cast<NumberType>(byte);
}

} // namespace

Result<StandaloneNumbers> DecodeStandalone(std::span<const uint8_t> file) {
    BitReader reader(file);
    VX_ASSIGN_OR_RETURN(auto magic, reader.ReadAlignedBytes(4, "the magic header"));
    VX_ENSURE(std::memcmp(magic.data(), kMagic, 4) == 0, Serde, "pco standalone: no \"pco!\" magic header");
    StandaloneNumbers out;
    // Versions 0 and 1 had no standalone version byte: the wrapped header follows the magic.
    VX_ENSURE(file.size() > 4, Serde, "pco standalone: file ends after the magic header");
    const uint8_t version = file[4];
    if (version >= 2) {
        VX_ENSURE(version <= kNewestStandaloneVersion, NotImplemented,
                  "pco standalone: version {} is newer than the newest known ({})", version,
                  kNewestStandaloneVersion);
        VX_RETURN_NOT_OK(reader.ReadAlignedBytes(1, "the standalone version").status());
        if (version >= 3) {
            VX_ASSIGN_OR_RETURN(auto uniform, reader.ReadAlignedBytes(1, "the uniform number type"));
            if (uniform[0] != kTerminationByte) {
                VX_ASSIGN_OR_RETURN(out.number_type, TypeFromByte(uniform[0]));
            }
        }
        // The count hint (untrusted; unused).
        const unsigned power = 1 + static_cast<unsigned>(reader.Read(kVarintPowerBits));
        reader.Read(power);
        VX_RETURN_NOT_OK(reader.DrainToByte("the count hint"));
    }
    VX_ASSIGN_OR_RETURN(FormatVersion format, ReadHeader(reader));
    while (true) {
        VX_ASSIGN_OR_RETURN(auto type_byte, reader.ReadAlignedBytes(1, "a chunk's number type"));
        if (type_byte[0] == kTerminationByte) {
            break;
        }
        VX_ASSIGN_OR_RETURN(NumberType type, TypeFromByte(type_byte[0]));
        VX_ENSURE(!out.number_type || *out.number_type == type, Serde,
                  "pco standalone: a chunk of type {} in a file of type {}", type_byte[0],
                  static_cast<int>(*out.number_type));
        out.number_type = type;
        const size_t n = static_cast<size_t>(reader.Read(kCountBits)) + 1;
        VX_RETURN_NOT_OK(reader.CheckInBounds("a chunk's count"));
        VX_ASSIGN_OR_RETURN(ChunkMeta meta, ReadChunkMeta(reader, format, type));
        const size_t width = NumberBits(type) / 8;
        // Each value takes at least one bit of the file unless its bins say otherwise, so do
        // not trust n further than the allocation it asks for.
        VX_ENSURE(n <= (size_t{1} << 24), Serde, "pco standalone: chunk of {} numbers", n);
        out.bytes.resize(out.bytes.size() + n * width);
        VX_RETURN_NOT_OK(DecodePage(meta, reader, n, out.bytes.data() + out.count * width));
        out.count += n;
    }
    return out;
}

} // namespace vortex::pco
