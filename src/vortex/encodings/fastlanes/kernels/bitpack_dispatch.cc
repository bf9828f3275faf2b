// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Chooses the kernel variant once per process (thread-safe static initialization).

#include "vortex/base/check.h"
#include "vortex/encodings/fastlanes/kernels/bitpack_kernels.h"
#include "vortex/encodings/fastlanes/kernels/bitpack_tables_internal.h"

namespace vortex::fastlanes {
namespace {

using internal::BitPackTables;

bool CpuSupports(BitPackIsa isa) {
#if defined(__x86_64__) && defined(VORTEX_FASTLANES_X86_VARIANTS)
    switch (isa) {
        case BitPackIsa::Portable:
            return true;
        case BitPackIsa::Avx2:
            return __builtin_cpu_supports("avx2");
        case BitPackIsa::Avx512:
            return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
    }
    return false;
#else
    return isa == BitPackIsa::Portable;
#endif
}

const BitPackTables &TablesOf(BitPackIsa isa) {
    VX_CHECK_MSG(CpuSupports(isa), "bit-packing ISA {} not supported by this CPU", BitPackIsaName(isa));
    switch (isa) {
#if defined(__x86_64__) && defined(VORTEX_FASTLANES_X86_VARIANTS)
        case BitPackIsa::Avx2:
            return internal::Avx2BitPackTables();
        case BitPackIsa::Avx512:
            return internal::Avx512BitPackTables();
#endif
        default:
            return internal::PortableBitPackTables();
    }
}

BitPackIsa DetectIsa() {
    if (CpuSupports(BitPackIsa::Avx512)) {
        return BitPackIsa::Avx512;
    }
    if (CpuSupports(BitPackIsa::Avx2)) {
        return BitPackIsa::Avx2;
    }
    return BitPackIsa::Portable;
}

const BitPackTables &SelectedTables() {
    static const BitPackTables &tables = TablesOf(SelectedBitPackIsa());
    return tables;
}

template <typename T>
struct TableRow;
template <>
struct TableRow<uint8_t> {
    static const BlockFn<uint8_t> *Unpack(const BitPackTables &t) { return t.unpack8; }
    static const BlockFn<uint8_t> *Pack(const BitPackTables &t) { return t.pack8; }
};
template <>
struct TableRow<uint16_t> {
    static const BlockFn<uint16_t> *Unpack(const BitPackTables &t) { return t.unpack16; }
    static const BlockFn<uint16_t> *Pack(const BitPackTables &t) { return t.pack16; }
};
template <>
struct TableRow<uint32_t> {
    static const BlockFn<uint32_t> *Unpack(const BitPackTables &t) { return t.unpack32; }
    static const BlockFn<uint32_t> *Pack(const BitPackTables &t) { return t.pack32; }
};
template <>
struct TableRow<uint64_t> {
    static const BlockFn<uint64_t> *Unpack(const BitPackTables &t) { return t.unpack64; }
    static const BlockFn<uint64_t> *Pack(const BitPackTables &t) { return t.pack64; }
};

} // namespace

std::string_view BitPackIsaName(BitPackIsa isa) {
    switch (isa) {
        case BitPackIsa::Portable:
            return "portable";
        case BitPackIsa::Avx2:
            return "avx2";
        case BitPackIsa::Avx512:
            return "avx512";
    }
    return "unknown";
}

BitPackIsa SelectedBitPackIsa() {
    static const BitPackIsa isa = DetectIsa();
    return isa;
}

bool BitPackIsaSupported(BitPackIsa isa) {
    return CpuSupports(isa);
}

template <typename T>
BlockFn<T> UnpackBlockFn(unsigned bit_width) {
    VX_CHECK_LE(bit_width, kBitsOf<T>);
    return TableRow<T>::Unpack(SelectedTables())[bit_width];
}

template <typename T>
BlockFn<T> PackBlockFn(unsigned bit_width) {
    VX_CHECK_LE(bit_width, kBitsOf<T>);
    return TableRow<T>::Pack(SelectedTables())[bit_width];
}

template <typename T>
BlockFn<T> UnpackBlockFn(unsigned bit_width, BitPackIsa isa) {
    VX_CHECK_LE(bit_width, kBitsOf<T>);
    return TableRow<T>::Unpack(TablesOf(isa))[bit_width];
}

template <typename T>
BlockFn<T> PackBlockFn(unsigned bit_width, BitPackIsa isa) {
    VX_CHECK_LE(bit_width, kBitsOf<T>);
    return TableRow<T>::Pack(TablesOf(isa))[bit_width];
}

template <typename T>
void UnpackBlocks(const T *packed, unsigned bit_width, size_t num_blocks, T *out) {
    const BlockFn<T> unpack = UnpackBlockFn<T>(bit_width);
    const size_t block_words = PackedBlockWords<T>(bit_width);
    const size_t block_bytes = kFastLanesBlockLen * sizeof(T);
    const bool stream = num_blocks * block_bytes >= kStreamingUnpackBytes && bit_width > 0 &&
                        reinterpret_cast<uintptr_t>(out) % 64 == 0;
    if (!stream) {
        for (size_t b = 0; b < num_blocks; ++b) {
            unpack(packed + b * block_words, out + b * kFastLanesBlockLen);
        }
        return;
    }
    const auto stream_copy = SelectedTables().stream_copy;
    alignas(64) T scratch[kFastLanesBlockLen];
    for (size_t b = 0; b < num_blocks; ++b) {
        unpack(packed + b * block_words, scratch);
        stream_copy(scratch, out + b * kFastLanesBlockLen, block_bytes);
    }
}

#define VX_FL_INSTANTIATE(T)                                                                                 \
    template BlockFn<T> UnpackBlockFn<T>(unsigned);                                                          \
    template BlockFn<T> PackBlockFn<T>(unsigned);                                                            \
    template BlockFn<T> UnpackBlockFn<T>(unsigned, BitPackIsa);                                              \
    template BlockFn<T> PackBlockFn<T>(unsigned, BitPackIsa);                                                \
    template void UnpackBlocks<T>(const T *, unsigned, size_t, T *);
VX_FL_INSTANTIATE(uint8_t)
VX_FL_INSTANTIATE(uint16_t)
VX_FL_INSTANTIATE(uint32_t)
VX_FL_INSTANTIATE(uint64_t)
#undef VX_FL_INSTANTIATE

} // namespace vortex::fastlanes
