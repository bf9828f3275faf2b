// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The per-ISA kernel tables that bitpack_dispatch.cc chooses between. Plain C arrays only:
// this header is included by TUs compiled with -mavx2 / -mavx512*, and any inline library
// function instantiated there could be merged by the linker into code for older CPUs.

#include <cstddef>
#include <cstdint>

#include "vortex/encodings/fastlanes/kernels/bitpack_kernels.h"

namespace vortex::fastlanes::internal {

/// Block kernels of one ISA, indexed by bit width (0..=bits(T)).
struct BitPackTables {
    BlockFn<uint8_t> unpack8[9];
    BlockFn<uint8_t> pack8[9];
    BlockFn<uint16_t> unpack16[17];
    BlockFn<uint16_t> pack16[17];
    BlockFn<uint32_t> unpack32[33];
    BlockFn<uint32_t> pack32[33];
    BlockFn<uint64_t> unpack64[65];
    BlockFn<uint64_t> pack64[65];
    // Copies `bytes` (a multiple of 64) to 64-byte aligned `dst`, bypassing the caches where
    // the ISA has non-temporal stores, then fences.
    void (*stream_copy)(const void *src, void *dst, size_t bytes) noexcept;
};

const BitPackTables &PortableBitPackTables();
const BitPackTables &Avx2BitPackTables();
const BitPackTables &Avx512BitPackTables();

} // namespace vortex::fastlanes::internal

// Defines `const BitPackTables &NAME()` from the templates of bitpack_block_internal.h in
// the namespace VORTEX_FASTLANES_ISA; used once by each bitpack_kernels_<isa>.cc.
#define VORTEX_FASTLANES_DEFINE_TABLES(NAME, STREAM_COPY)                                                    \
    namespace vortex::fastlanes::internal {                                                                  \
    namespace {                                                                                              \
    template <typename T, unsigned... W>                                                                     \
    constexpr void FillTable(BlockFn<T> *unpack, BlockFn<T> *pack, std::integer_sequence<unsigned, W...>) {  \
        ((unpack[W] = &VORTEX_FASTLANES_ISA::UnpackBlock<T, W>), ...);                                       \
        ((pack[W] = &VORTEX_FASTLANES_ISA::PackBlock<T, W>), ...);                                           \
    }                                                                                                        \
    constexpr BitPackTables MakeTables() {                                                                   \
        BitPackTables tables{};                                                                              \
        FillTable<uint8_t>(tables.unpack8, tables.pack8, std::make_integer_sequence<unsigned, 9>{});         \
        FillTable<uint16_t>(tables.unpack16, tables.pack16, std::make_integer_sequence<unsigned, 17>{});     \
        FillTable<uint32_t>(tables.unpack32, tables.pack32, std::make_integer_sequence<unsigned, 33>{});     \
        FillTable<uint64_t>(tables.unpack64, tables.pack64, std::make_integer_sequence<unsigned, 65>{});     \
        tables.stream_copy = &STREAM_COPY;                                                                   \
        return tables;                                                                                       \
    }                                                                                                        \
    constexpr BitPackTables kTables = MakeTables();                                                          \
    }                                                                                                        \
    const BitPackTables &NAME() {                                                                            \
        return kTables;                                                                                      \
    }                                                                                                        \
    }
