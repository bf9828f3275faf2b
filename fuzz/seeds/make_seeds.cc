// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// vortex_fuzz_seeds OUTDIR: writes OUTDIR/<target>/ seed corpora and OUTDIR/<target>.dict.

#include <cstdio>
#include <fstream>

#include "seeds.h"

namespace vortex::fuzz {

Status WriteSeed(const std::filesystem::path &dir, std::string_view name, std::span<const uint8_t> bytes) {
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    VX_ENSURE(!error, Io, "cannot create {}: {}", dir.string(), error.message());
    std::ofstream out(dir / std::string(name), std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char *>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.close();
    VX_ENSURE(out.good(), Io, "cannot write {}", (dir / std::string(name)).string());
    return Status::OK();
}

} // namespace vortex::fuzz

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
        return 2;
    }
    const std::filesystem::path root(argv[1]);
    for (const auto &status : {vortex::fuzz::WriteFileSeeds(root), vortex::fuzz::WriteInputSeeds(root)}) {
        if (!status.ok()) {
            std::fprintf(stderr, "vortex_fuzz_seeds: %s\n", status.ToString().c_str());
            return 1;
        }
    }
    std::printf("seeds written to %s\n", root.c_str());
    return 0;
}
