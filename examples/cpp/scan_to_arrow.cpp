// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Scans a .vortex file into an Arrow C stream (what engines, pyarrow or nanoarrow consume) and
// reports the schema and the batches it receives.
//
//   scan_to_arrow FILE [FILTER]       FILTER in the text syntax, e.g. "population > 100000"
#include <cstdio>
#include <string>
#include <vortex/vortex.hpp>

using namespace vortex::api; // NOLINT(google-build-using-namespace): the API's intended use

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: scan_to_arrow FILE [FILTER]\n");
        return 2;
    }
    OpenOptions options;
    options.mmap = true;
    Result<File> file = File::Open(argv[1], options);
    if (!file.ok()) {
        std::fprintf(stderr, "error: %s\n", file.status().ToString().c_str());
        return 1;
    }
    ScanBuilder scan = file->Scan();
    if (argc > 2) {
        scan.WithFilter(std::string(argv[2]));
    }
    ArrowArrayStream stream{};
    if (Status status = scan.IntoArrowStream(&stream); !status.ok()) {
        std::fprintf(stderr, "error: %s\n", status.ToString().c_str());
        return 1;
    }
    ArrowSchema schema{};
    if (stream.get_schema(&stream, &schema) != 0) {
        std::fprintf(stderr, "error: %s\n", stream.get_last_error(&stream));
        stream.release(&stream);
        return 1;
    }
    std::printf("schema %s with %lld columns:", schema.format, static_cast<long long>(schema.n_children));
    for (int64_t i = 0; i < schema.n_children; ++i) {
        std::printf(" %s(%s)", schema.children[i]->name, schema.children[i]->format);
    }
    std::printf("\n");
    schema.release(&schema);
    long long batches = 0, rows = 0;
    while (true) {
        ArrowArray batch{};
        if (stream.get_next(&stream, &batch) != 0) {
            std::fprintf(stderr, "error: %s\n", stream.get_last_error(&stream));
            stream.release(&stream);
            return 1;
        }
        if (batch.release == nullptr) {
            break; // end of stream
        }
        ++batches;
        rows += batch.length;
        batch.release(&batch);
    }
    stream.release(&stream);
    std::printf("%lld batches, %lld rows\n", batches, rows);
    return 0;
}
