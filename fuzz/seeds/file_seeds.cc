// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <string>
#include <vector>

#include "vortex/array/testing/random_array.h"
#include "vortex/file/testing/file_test_util.h"

#include "seeds.h"

namespace vortex::fuzz {
namespace {

// Small files keep the fuzzer fast; lengths past one zone (1024 rows here) bring zone maps,
// several blocks and chunked layouts in.
constexpr size_t kLengths[] = {0, 3, 200, 2100};
constexpr size_t kColumnsPerFile = 5;

std::string CompressionName(Compression compression) {
    switch (compression) {
        case Compression::kDefault:
            return "default";
        case Compression::kCompact:
            return "compact";
        case Compression::kNone:
            return "none";
    }
    return "?";
}

} // namespace

Status WriteFileSeeds(const std::filesystem::path &root) {
    const std::vector<DType> dtypes = AllTestDTypes();
    size_t written = 0;
    for (size_t first = 0; first < dtypes.size(); first += kColumnsPerFile) {
        std::vector<std::string> names;
        std::vector<DType> columns;
        for (size_t i = first; i < dtypes.size() && i < first + kColumnsPerFile; ++i) {
            names.push_back("c" + std::to_string(i));
            columns.push_back(dtypes[i]);
        }
        const DType dtype = DType::Struct(names, columns, Nullability::NonNullable);
        for (size_t len : kLengths) {
            for (Compression compression :
                 {Compression::kDefault, Compression::kCompact, Compression::kNone}) {
                const ArrayRef rows =
                    RandomArray(dtype, {.len = len, .null_fraction = 0.2, .seed = first * 31 + len});
                WriteOptions options;
                options.zone_len = 1024;
                options.compression = compression;
                VX_ASSIGN_OR_RETURN(Buffer file, testing::WriteToBuffer(dtype, {rows}, options));
                const std::string name = "c" + std::to_string(first) + "_len" + std::to_string(len) + "_" +
                                         CompressionName(compression) + ".vortex";
                for (const char *target : {"file_scan", "footer"}) {
                    VX_RETURN_NOT_OK(WriteSeed(root / target, name, file.bytes()));
                }
                ++written;
            }
        }
    }
    VX_ENSURE(written > 0, Internal, "no file seeds written");
    return Status::OK();
}

} // namespace vortex::fuzz
