// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// The driver of a fuzz target built without libFuzzer (any compiler, e.g. the gcc sanitizer
// build CI runs):
//
//   vortex_fuzz_X [--mutate-seconds=N] [--seed=S] INPUT...
//
// runs every file named, and every file under every directory named, through the target once
// (so a crash found once stays fixed), then for N seconds runs random mutations of them: bit
// flips, byte and integer overwrites, truncations, insertions and splices with another input.
// That is blind fuzzing, far weaker than libFuzzer's coverage-guided search (scripts/fuzz.sh),
// but it costs no second build. An input that kills the target is written to
// fuzz-crash-<target> in the working directory first, with the seed and round to replay it.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <signal.h>
#include <string>
#include <vector>

#include "fuzz_target.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define VORTEX_FUZZ_HAVE_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define VORTEX_FUZZ_HAVE_SANITIZER 1
#endif
#ifdef VORTEX_FUZZ_HAVE_SANITIZER
// NOLINTNEXTLINE(bugprone-reserved-identifier): the sanitizers' own interface
extern "C" void __sanitizer_set_death_callback(void (*callback)(void));
#endif

namespace {

using Bytes = std::vector<uint8_t>;

// The input being run, saved if the process dies (plain globals: read from a signal handler).
const Bytes *g_current = nullptr;
char g_crash_path[512] = "fuzz-crash";
char g_crash_note[256] = "";

void SaveCurrentInput() {
    if (g_current == nullptr) {
        return;
    }
    if (FILE *out = std::fopen(g_crash_path, "wb")) {
        std::fwrite(g_current->data(), 1, g_current->size(), out);
        std::fclose(out);
        std::fprintf(stderr, "\n*** input that failed (%s) saved to %s\n", g_crash_note, g_crash_path);
    }
    g_current = nullptr;
}

void OnFatalSignal(int signal) {
    SaveCurrentInput();
    ::signal(signal, SIG_DFL);
    ::raise(signal);
}

void Run(const Bytes &input) {
    g_current = &input;
    LLVMFuzzerTestOneInput(input.data(), input.size());
    g_current = nullptr;
}

std::vector<std::filesystem::path> InputsUnder(const std::filesystem::path &root) {
    std::vector<std::filesystem::path> inputs;
    if (std::filesystem::is_directory(root)) {
        for (const auto &entry : std::filesystem::recursive_directory_iterator(root)) {
            if (entry.is_regular_file()) {
                inputs.push_back(entry.path());
            }
        }
    } else {
        inputs.push_back(root);
    }
    std::sort(inputs.begin(), inputs.end());
    return inputs;
}

Bytes ReadFile(const std::filesystem::path &path) {
    std::ifstream in(path, std::ios::binary);
    return Bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Interesting values for integer overwrites: the edges lengths and offsets are checked at.
constexpr uint64_t kEdges[] = {
    0,           1,      2,      7,       8,          0x7f,       0x80,       0xff,
    0x100,       0x7fff, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xffffffff, 0x7fffffffffffffff,
    ~uint64_t{0}};

Bytes Mutate(const Bytes &input, const Bytes &other, std::mt19937_64 &rng) {
    Bytes out = input;
    const auto below = [&rng](size_t bound) {
        return bound == 0 ? size_t{0} : static_cast<size_t>(rng() % bound);
    };
    for (size_t edits = 1 + below(4); edits > 0; --edits) {
        switch (below(6)) {
            case 0: // flip one bit
                if (!out.empty()) {
                    out[below(out.size())] ^= static_cast<uint8_t>(1u << below(8));
                }
                break;
            case 1: // overwrite a byte
                if (!out.empty()) {
                    out[below(out.size())] = static_cast<uint8_t>(rng());
                }
                break;
            case 2: { // overwrite 1, 2, 4 or 8 bytes with an edge value, little-endian
                const size_t width = size_t{1} << below(4);
                if (out.size() < width) {
                    break;
                }
                const uint64_t value = kEdges[below(std::size(kEdges))];
                std::memcpy(out.data() + below(out.size() - width + 1), &value, width);
                break;
            }
            case 3: // truncate
                out.resize(below(out.size() + 1));
                break;
            case 4: { // insert random bytes
                Bytes extra(1 + below(16));
                for (auto &byte : extra) {
                    byte = static_cast<uint8_t>(rng());
                }
                out.insert(out.begin() + static_cast<std::ptrdiff_t>(below(out.size() + 1)), extra.begin(),
                           extra.end());
                break;
            }
            default: { // splice: a stretch of the other input over this one
                if (other.empty() || out.empty()) {
                    break;
                }
                const size_t from = below(other.size());
                const size_t len = std::min(other.size() - from, 1 + below(64));
                const size_t to = below(out.size());
                out.resize(std::max(out.size(), to + len));
                std::memcpy(out.data() + to, other.data() + from, len);
                break;
            }
        }
    }
    return out;
}

} // namespace

int main(int argc, char **argv) {
    double mutate_seconds = 0;
    uint64_t seed = 1;
    std::vector<Bytes> inputs;
    const std::string target = std::filesystem::path(argv[0]).filename().string();
    std::snprintf(g_crash_path, sizeof g_crash_path, "fuzz-crash-%s", target.c_str());
    ::signal(SIGABRT, OnFatalSignal);
    ::signal(SIGSEGV, OnFatalSignal);
#ifdef VORTEX_FUZZ_HAVE_SANITIZER
    __sanitizer_set_death_callback(SaveCurrentInput);
#endif
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg.starts_with("--mutate-seconds=")) {
            mutate_seconds = std::stod(arg.substr(17));
            continue;
        }
        if (arg.starts_with("--seed=")) {
            seed = std::stoull(arg.substr(7));
            continue;
        }
        if (!std::filesystem::exists(arg)) {
            std::fprintf(stderr, "no such input: %s\n", arg.c_str());
            return 2;
        }
        for (const auto &path : InputsUnder(arg)) {
            inputs.push_back(ReadFile(path));
            std::snprintf(g_crash_note, sizeof g_crash_note, "replay of %s", path.c_str());
            Run(inputs.back());
        }
    }
    if (inputs.empty()) {
        std::fprintf(stderr, "no inputs\n");
        return 1;
    }
    std::printf("replayed %zu inputs\n", inputs.size());
    std::mt19937_64 rng(seed);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(mutate_seconds);
    uint64_t rounds = 0;
    while (mutate_seconds > 0 && std::chrono::steady_clock::now() < deadline) {
        const Bytes &base = inputs[rounds % inputs.size()];
        const Bytes &other = inputs[rng() % inputs.size()];
        const Bytes mutated = Mutate(base, other, rng);
        std::snprintf(g_crash_note, sizeof g_crash_note, "--seed=%llu round %llu",
                      static_cast<unsigned long long>(seed), static_cast<unsigned long long>(rounds));
        Run(mutated);
        ++rounds;
    }
    if (mutate_seconds > 0) {
        std::printf("ran %llu mutated inputs\n", static_cast<unsigned long long>(rounds));
    }
    return 0;
}
