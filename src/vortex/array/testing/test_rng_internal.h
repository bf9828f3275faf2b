// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>

namespace vortex::internal {

// A seeded generator whose output is the same with every standard library: mt19937_64 is
// fully specified, whereas the std distributions are not, so we derive ranges ourselves.
class TestRng {
public:
    // The seed is mixed so that small consecutive seeds give unrelated streams.
    explicit TestRng(uint64_t seed) : engine_(seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL) {}

    uint64_t Next() { return engine_(); }
    // Uniform in [0, n); 0 when n == 0. The modulo bias is irrelevant for tests.
    size_t Below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(Next() % n); }
    // Uniform in [lo, hi].
    size_t Between(size_t lo, size_t hi) { return lo + Below(hi - lo + 1); }
    // Uniform in [0, 1).
    double Unit() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }
    bool Chance(double probability) { return Unit() < probability; }

private:
    std::mt19937_64 engine_;
};

} // namespace vortex::internal
