// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The pco wrapped format's header and chunk metadata (pcodec docs/format.md, pco 1.0.3; the
// crate's metadata/*.rs where the prose is silent). Parsing validates every field the way the
// crate does, so a corrupt chunk fails here instead of in the page decoder.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "vortex/base/result.h"
#include "vortex/encodings/pco/pco_bit_reader.h"
#include "vortex/encodings/pco/pco_bit_writer.h"

namespace vortex::pco {

/// The number types pco encodes, with their standalone-format type bytes.
enum class NumberType : uint8_t {
    U32 = 1,
    U64 = 2,
    I32 = 3,
    I64 = 4,
    F32 = 5,
    F64 = 6,
    U16 = 7,
    I16 = 8,
    F16 = 9,
    U8 = 10,
    I8 = 11,
};
bool IsKnownNumberType(uint8_t byte);
/// Bits of the number type and of its latent (the unsigned type of the same width).
unsigned NumberBits(NumberType type);
bool IsFloat(NumberType type);

struct FormatVersion {
    uint8_t major = 0;
    uint8_t minor = 0;
};
/// Reads the wrapped header: the major version, and the minor one from major 4 on. Versions
/// newer than 4.x are refused (their chunks may use modifications this reader lacks).
Result<FormatVersion> ReadHeader(BitReader &reader);

enum class ModeKind : uint8_t { Classic = 0, IntMult = 1, FloatMult = 2, FloatQuant = 3, Dict = 4 };

struct Mode {
    ModeKind kind = ModeKind::Classic;
    /// IntMult: the multiplier; FloatMult: the base as an ordered latent.
    uint64_t base = 0;
    /// FloatQuant: the number of dropped low bits.
    unsigned k = 0;
    /// Dict: the distinct values as ordered latents.
    std::vector<uint64_t> dict;
};

enum class DeltaKind : uint8_t { None = 0, Consecutive = 1, Lookback = 2, Conv1 = 3 };

struct DeltaEncoding {
    DeltaKind kind = DeltaKind::None;
    unsigned order = 0; // Consecutive
    bool secondary_uses_delta = false;
    unsigned window_n_log = 0; // Lookback
    unsigned state_n_log = 0;
    unsigned quantization = 0; // Conv1
    int64_t bias = 0;
    std::vector<int64_t> weights;
};

/// Which of a chunk's latent variables: the lookbacks of Lookback delta, the mode's primary,
/// and its secondary (IntMult, FloatMult and FloatQuant).
enum class LatentVar : uint8_t { Delta, Primary, Secondary };

/// The delta encoding as one latent variable sees it.
struct LatentDelta {
    DeltaKind kind = DeltaKind::None;
    unsigned order = 0;
    unsigned window_n_log = 0;
    unsigned state_n_log = 0;
    unsigned quantization = 0;
    int64_t bias = 0;
    std::vector<int64_t> weights;
    /// Latents of delta state stored at the start of every page.
    size_t state_n() const;
};
LatentDelta ForLatentVar(const DeltaEncoding &delta, LatentVar var);

struct Bin {
    uint32_t weight = 0;
    uint64_t lower = 0;
    unsigned offset_bits = 0;
};

struct LatentVarMeta {
    unsigned latent_bits = 0;
    unsigned ans_size_log = 0;
    std::vector<Bin> bins;
};

struct ChunkMeta {
    NumberType number_type = NumberType::U32;
    Mode mode;
    DeltaEncoding delta;
    std::optional<LatentVarMeta> delta_var;
    LatentVarMeta primary;
    std::optional<LatentVarMeta> secondary;
};

/// Reads one chunk's metadata, which ends at a byte boundary.
Result<ChunkMeta> ReadChunkMeta(BitReader &reader, const FormatVersion &version, NumberType number_type);

/// The format version this library writes: 4.1, what pco 1.0 (the reference's pco) writes.
inline constexpr FormatVersion kWrittenVersion{4, 1};
/// Writes the wrapped header of kWrittenVersion.
void WriteHeader(BitWriter &writer);
/// Writes one chunk's metadata in kWrittenVersion's layout, padded to a byte boundary (the
/// inverse of ReadChunkMeta).
void WriteChunkMeta(BitWriter &writer, const ChunkMeta &meta);

} // namespace vortex::pco
