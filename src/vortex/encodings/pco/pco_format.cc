// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/encodings/pco/pco_format.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "vortex/dtype/ptype.h"

namespace vortex::pco {

namespace {

// Field widths (pco constants.rs).
constexpr unsigned kModeBits = 4;
constexpr unsigned kDeltaVariantBits = 4;
constexpr unsigned kDeltaOrderBits = 3;
constexpr unsigned kConvQuantizationBits = 5;
constexpr unsigned kConvWeightCountBits = 5;
constexpr unsigned kLookbackWindowLogBits = 5;
constexpr unsigned kLookbackStateLogBits = 4;
constexpr unsigned kAnsSizeLogBits = 4;
constexpr unsigned kBinCountBits = 15;
constexpr unsigned kQuantizeKBits = 8;
constexpr unsigned kDictLenBits = 25;
constexpr unsigned kMaxAnsBits = 14;
constexpr unsigned kMaxLookbackWindowLog = 24; // log2 of the most entries in a chunk
constexpr unsigned kMaxConvQuantization = (1u << kConvQuantizationBits) - 1;

uint64_t LatentMid(unsigned bits) {
    return uint64_t{1} << (bits - 1);
}

// Bits that encode a bin's offset bit count: enough for 0..bits inclusive.
unsigned OffsetBitsBits(unsigned bits) {
    return static_cast<unsigned>(std::bit_width(bits));
}

Result<Mode> ReadMode(BitReader &reader, const FormatVersion &version, NumberType type) {
    const unsigned bits = NumberBits(type);
    Mode mode;
    const uint64_t variant = reader.Read(kModeBits);
    switch (variant) {
        case 0:
            mode.kind = ModeKind::Classic;
            break;
        case 1:
            // Format 0 had another (withdrawn) GCD mode in this slot.
            VX_ENSURE(version.major != 0, Serde,
                      "vortex.pco: IntMult chunks of format version 0 are not readable");
            mode.kind = ModeKind::IntMult;
            mode.base = reader.Read(bits);
            break;
        case 2:
            mode.kind = ModeKind::FloatMult;
            mode.base = reader.Read(bits);
            break;
        case 3:
            mode.kind = ModeKind::FloatQuant;
            mode.k = static_cast<unsigned>(reader.Read(kQuantizeKBits));
            break;
        case 4: {
            mode.kind = ModeKind::Dict;
            const uint64_t n = reader.Read(kDictLenBits);
            VX_RETURN_NOT_OK(reader.DrainToByte("the dictionary length"));
            VX_ENSURE(n <= (uint64_t{1} << 24), Serde, "vortex.pco: dictionary of {} values", n);
            mode.dict.resize(n);
            for (auto &value : mode.dict) {
                value = reader.Read(bits);
                if (reader.overrun()) {
                    break;
                }
            }
            break;
        }
        default:
            return Status::Serde("vortex.pco: unknown mode {}", variant);
    }
    VX_RETURN_NOT_OK(reader.CheckInBounds("the chunk mode"));
    return mode;
}

Result<DeltaEncoding> ReadDelta(BitReader &reader, const FormatVersion &version) {
    DeltaEncoding delta;
    if (version.major < 3) {
        // Before format 3 the field was a bare consecutive order (0: none).
        delta.order = static_cast<unsigned>(reader.Read(kDeltaOrderBits));
        delta.kind = delta.order == 0 ? DeltaKind::None : DeltaKind::Consecutive;
        return delta;
    }
    const uint64_t variant = reader.Read(kDeltaVariantBits);
    switch (variant) {
        case 0:
            delta.kind = DeltaKind::None;
            break;
        case 1:
            delta.kind = DeltaKind::Consecutive;
            delta.order = static_cast<unsigned>(reader.Read(kDeltaOrderBits));
            VX_ENSURE(delta.order != 0, Serde, "vortex.pco: consecutive delta of order 0");
            delta.secondary_uses_delta = reader.ReadBool();
            break;
        case 2:
            delta.kind = DeltaKind::Lookback;
            delta.window_n_log = 1 + static_cast<unsigned>(reader.Read(kLookbackWindowLogBits));
            delta.state_n_log = static_cast<unsigned>(reader.Read(kLookbackStateLogBits));
            VX_ENSURE(delta.window_n_log <= kMaxLookbackWindowLog, Serde,
                      "vortex.pco: lookback window log {} exceeds {}", delta.window_n_log,
                      kMaxLookbackWindowLog);
            VX_ENSURE(delta.state_n_log <= delta.window_n_log, Serde,
                      "vortex.pco: lookback state log {} exceeds the window log {}", delta.state_n_log,
                      delta.window_n_log);
            delta.secondary_uses_delta = reader.ReadBool();
            break;
        case 3: {
            delta.kind = DeltaKind::Conv1;
            delta.quantization = static_cast<unsigned>(reader.Read(kConvQuantizationBits));
            // Raw (order-preserving) i64 bias and i32 weights.
            delta.bias = static_cast<int64_t>(reader.Read(64) ^ LatentMid(64));
            const size_t order = 1 + reader.Read(kConvWeightCountBits);
            for (size_t i = 0; i < order; ++i) {
                delta.weights.push_back(
                    static_cast<int32_t>(static_cast<uint32_t>(reader.Read(32)) ^ 0x8000'0000u));
            }
            break;
        }
        default:
            return Status::Serde("vortex.pco: unknown delta encoding {}", variant);
    }
    VX_RETURN_NOT_OK(reader.CheckInBounds("the delta encoding"));
    return delta;
}

Result<LatentVarMeta> ReadLatentVar(BitReader &reader, unsigned latent_bits) {
    LatentVarMeta var;
    var.latent_bits = latent_bits;
    var.ans_size_log = static_cast<unsigned>(reader.Read(kAnsSizeLogBits));
    const size_t n_bins = reader.Read(kBinCountBits);
    VX_ENSURE(var.ans_size_log <= kMaxAnsBits, Serde, "vortex.pco: ANS size log {} exceeds {}",
              var.ans_size_log, kMaxAnsBits);
    VX_ENSURE((size_t{1} << var.ans_size_log) >= n_bins, Serde,
              "vortex.pco: ANS size log {} is too small for {} bins", var.ans_size_log, n_bins);
    VX_ENSURE(n_bins != 1 || var.ans_size_log == 0, Serde, "vortex.pco: one bin with ANS size log {}",
              var.ans_size_log);
    const unsigned offset_bits_bits = OffsetBitsBits(latent_bits);
    var.bins.resize(n_bins);
    for (Bin &bin : var.bins) {
        bin.weight = static_cast<uint32_t>(reader.Read(var.ans_size_log)) + 1;
        bin.lower = reader.Read(latent_bits);
        bin.offset_bits = static_cast<unsigned>(reader.Read(offset_bits_bits));
        VX_ENSURE(bin.offset_bits <= latent_bits, Serde, "vortex.pco: {} offset bits in a {}-bit latent",
                  bin.offset_bits, latent_bits);
        if (reader.overrun()) {
            break;
        }
    }
    VX_RETURN_NOT_OK(reader.CheckInBounds("the bins"));
    return var;
}

Status ValidateMode(const Mode &mode, NumberType type) {
    const unsigned bits = NumberBits(type);
    switch (mode.kind) {
        case ModeKind::Classic:
        case ModeKind::Dict:
            return Status::OK();
        case ModeKind::IntMult:
            VX_ENSURE(!IsFloat(type), Serde, "vortex.pco: IntMult mode on floats");
            VX_ENSURE(mode.base != 0, Serde, "vortex.pco: IntMult base of 0");
            return Status::OK();
        case ModeKind::FloatMult: {
            VX_ENSURE(IsFloat(type), Serde, "vortex.pco: FloatMult mode on integers");
            // The base's ordered latent back to its float: finite and nonzero.
            const uint64_t mid = LatentMid(bits);
            const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
            const uint64_t raw = (mode.base & mid) ? (mode.base ^ mid) : (~mode.base & mask);
            double base = 0;
            if (bits == 64) {
                base = std::bit_cast<double>(raw);
            } else if (bits == 32) {
                base = std::bit_cast<float>(static_cast<uint32_t>(raw));
            } else {
                Half half{static_cast<uint16_t>(raw)};
                base = half.ToFloat();
            }
            VX_ENSURE(std::isfinite(base) && base != 0.0, Serde,
                      "vortex.pco: FloatMult base {} is not finite and nonzero", base);
            return Status::OK();
        }
        case ModeKind::FloatQuant: {
            VX_ENSURE(IsFloat(type), Serde, "vortex.pco: FloatQuant mode on integers");
            const unsigned mantissa_bits = bits == 64 ? 52 : bits == 32 ? 23 : 10;
            VX_ENSURE(mode.k > 0 && mode.k <= mantissa_bits, Serde,
                      "vortex.pco: FloatQuant k of {} for {}-bit floats", mode.k, bits);
            return Status::OK();
        }
    }
    return Status::Serde("vortex.pco: unknown mode");
}

Status ValidateDelta(const ChunkMeta &meta) {
    const DeltaEncoding &delta = meta.delta;
    if (delta.kind == DeltaKind::Lookback) {
        const uint64_t window_n = uint64_t{1} << delta.window_n_log;
        for (const Bin &bin : meta.delta_var->bins) {
            VX_ENSURE(bin.lower >= 1 && bin.lower <= window_n, Serde,
                      "vortex.pco: lookback bin lower bound {} outside the window [1, {}]", bin.lower,
                      window_n);
        }
    }
    if (delta.kind == DeltaKind::Conv1) {
        const unsigned bits = meta.primary.latent_bits;
        VX_ENSURE(bits <= 32, Serde, "vortex.pco: Conv1 delta on {}-bit latents", bits);
        // Arithmetic in signed integers of twice the latent width.
        const unsigned conv_bits = 2 * bits;
        VX_ENSURE(delta.quantization <= std::min(kMaxConvQuantization, conv_bits - 1), Serde,
                  "vortex.pco: Conv1 quantization {} too large", delta.quantization);
        double max_prediction = std::abs(static_cast<double>(delta.bias));
        double weight_sum = 0;
        for (int64_t w : delta.weights) {
            weight_sum += std::abs(static_cast<double>(w));
        }
        max_prediction += std::ldexp(1.0, static_cast<int>(bits)) * weight_sum;
        VX_ENSURE(max_prediction < std::ldexp(1.0, static_cast<int>(conv_bits) - 1), Serde,
                  "vortex.pco: Conv1 weights and bias may overflow");
    }
    return Status::OK();
}

} // namespace

bool IsKnownNumberType(uint8_t byte) {
    return byte >= 1 && byte <= 11;
}

unsigned NumberBits(NumberType type) {
    switch (type) {
        case NumberType::U8:
        case NumberType::I8:
            return 8;
        case NumberType::U16:
        case NumberType::I16:
        case NumberType::F16:
            return 16;
        case NumberType::U32:
        case NumberType::I32:
        case NumberType::F32:
            return 32;
        case NumberType::U64:
        case NumberType::I64:
        case NumberType::F64:
            return 64;
    }
    return 64;
}

bool IsFloat(NumberType type) {
    return type == NumberType::F16 || type == NumberType::F32 || type == NumberType::F64;
}

Result<FormatVersion> ReadHeader(BitReader &reader) {
    FormatVersion version;
    VX_ASSIGN_OR_RETURN(auto major, reader.ReadAlignedBytes(1, "the format version"));
    version.major = major[0];
    if (version.major >= 4) {
        VX_ASSIGN_OR_RETURN(auto minor, reader.ReadAlignedBytes(1, "the format minor version"));
        version.minor = minor[0];
    }
    VX_ENSURE(version.major <= 4, NotImplemented,
              "vortex.pco: format version {}.{} is newer than the newest this reader knows (4.1)",
              version.major, version.minor);
    return version;
}

size_t LatentDelta::state_n() const {
    switch (kind) {
        case DeltaKind::None:
            return 0;
        case DeltaKind::Consecutive:
            return order;
        case DeltaKind::Lookback:
            return size_t{1} << state_n_log;
        case DeltaKind::Conv1:
            return weights.size();
    }
    return 0;
}

LatentDelta ForLatentVar(const DeltaEncoding &delta, LatentVar var) {
    LatentDelta out;
    // The lookbacks themselves are never delta encoded; a secondary only when flagged (Conv1
    // never applies to it).
    if (delta.kind == DeltaKind::None || var == LatentVar::Delta) {
        return out;
    }
    if (var == LatentVar::Secondary && (delta.kind == DeltaKind::Conv1 || !delta.secondary_uses_delta)) {
        return out;
    }
    out.kind = delta.kind;
    out.order = delta.order;
    out.window_n_log = delta.window_n_log;
    out.state_n_log = delta.state_n_log;
    out.quantization = delta.quantization;
    out.bias = delta.bias;
    out.weights = delta.weights;
    return out;
}

Result<ChunkMeta> ReadChunkMeta(BitReader &reader, const FormatVersion &version, NumberType number_type) {
    ChunkMeta meta;
    meta.number_type = number_type;
    const unsigned bits = NumberBits(number_type);
    VX_ASSIGN_OR_RETURN(meta.mode, ReadMode(reader, version, number_type));
    VX_RETURN_NOT_OK(ValidateMode(meta.mode, number_type));
    VX_ASSIGN_OR_RETURN(meta.delta, ReadDelta(reader, version));
    // Latent variables in order: the lookbacks (u32), the primary (u32 indices for Dict), the
    // secondary.
    if (meta.delta.kind == DeltaKind::Lookback) {
        VX_ASSIGN_OR_RETURN(meta.delta_var, ReadLatentVar(reader, 32));
    }
    VX_ASSIGN_OR_RETURN(meta.primary, ReadLatentVar(reader, meta.mode.kind == ModeKind::Dict ? 32 : bits));
    const bool has_secondary = meta.mode.kind == ModeKind::IntMult || meta.mode.kind == ModeKind::FloatMult ||
                               meta.mode.kind == ModeKind::FloatQuant;
    if (has_secondary) {
        VX_ASSIGN_OR_RETURN(meta.secondary, ReadLatentVar(reader, bits));
    }
    VX_RETURN_NOT_OK(reader.DrainToByte("the chunk metadata"));
    VX_RETURN_NOT_OK(ValidateDelta(meta));
    return meta;
}

namespace {

void WriteLatentVar(BitWriter &writer, const LatentVarMeta &var) {
    writer.Write(var.ans_size_log, kAnsSizeLogBits);
    writer.Write(var.bins.size(), kBinCountBits);
    const unsigned offset_bits_bits = OffsetBitsBits(var.latent_bits);
    for (const Bin &bin : var.bins) {
        writer.Write(bin.weight - 1, var.ans_size_log);
        writer.Write(bin.lower, var.latent_bits);
        writer.Write(bin.offset_bits, offset_bits_bits);
    }
}

} // namespace

void WriteHeader(BitWriter &writer) {
    const uint8_t bytes[] = {kWrittenVersion.major, kWrittenVersion.minor};
    writer.WriteAlignedBytes(bytes);
}

void WriteChunkMeta(BitWriter &writer, const ChunkMeta &meta) {
    const unsigned bits = NumberBits(meta.number_type);
    const Mode &mode = meta.mode;
    writer.Write(static_cast<uint64_t>(mode.kind), kModeBits);
    switch (mode.kind) {
        case ModeKind::Classic:
            break;
        case ModeKind::IntMult:
        case ModeKind::FloatMult:
            writer.Write(mode.base, bits);
            break;
        case ModeKind::FloatQuant:
            writer.Write(mode.k, kQuantizeKBits);
            break;
        case ModeKind::Dict:
            writer.Write(mode.dict.size(), kDictLenBits);
            writer.PadToByte();
            for (uint64_t value : mode.dict) {
                writer.Write(value, bits);
            }
            break;
    }
    const DeltaEncoding &delta = meta.delta;
    writer.Write(static_cast<uint64_t>(delta.kind), kDeltaVariantBits);
    switch (delta.kind) {
        case DeltaKind::None:
            break;
        case DeltaKind::Consecutive:
            writer.Write(delta.order, kDeltaOrderBits);
            writer.WriteBool(delta.secondary_uses_delta);
            break;
        case DeltaKind::Lookback:
            writer.Write(delta.window_n_log - 1, kLookbackWindowLogBits);
            writer.Write(delta.state_n_log, kLookbackStateLogBits);
            writer.WriteBool(delta.secondary_uses_delta);
            break;
        case DeltaKind::Conv1:
            writer.Write(delta.quantization, kConvQuantizationBits);
            writer.Write(static_cast<uint64_t>(delta.bias) ^ LatentMid(64), 64);
            writer.Write(delta.weights.size() - 1, kConvWeightCountBits);
            for (int64_t weight : delta.weights) {
                writer.Write(static_cast<uint32_t>(static_cast<int32_t>(weight)) ^ 0x8000'0000u, 32);
            }
            break;
    }
    if (meta.delta_var) {
        WriteLatentVar(writer, *meta.delta_var);
    }
    WriteLatentVar(writer, meta.primary);
    if (meta.secondary) {
        WriteLatentVar(writer, *meta.secondary);
    }
    writer.PadToByte();
}

} // namespace vortex::pco
