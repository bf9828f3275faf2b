// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Writes a small table of cities to a .vortex file, then reads it back with a projection and
// a filter (pruned with the file's zone maps) and prints the rows it finds.
//
//   write_and_scan [path]      (default: cities.vortex in the current directory)
#include <cstdio>
#include <string>
#include <vector>
#include <vortex/vortex.hpp>

using namespace vortex::api; // NOLINT(google-build-using-namespace): the API's intended use

namespace {

int Fail(const Status &status) {
    std::fprintf(stderr, "error: %s\n", status.ToString().c_str());
    return 1;
}

} // namespace

int main(int argc, char **argv) {
    const std::string path = argc > 1 ? argv[1] : "cities.vortex";
    std::printf("vortex-cpp %s\n", vortex::Version());

    // Columns as arrays: names, populations (one unknown) and founding years.
    const std::vector<std::optional<std::string>> names = {"Lisbon", "Porto", "Braga", "Coimbra", "Faro"};
    const int64_t populations[] = {545'000, 232'000, 193'000, 0, 64'000};
    const int32_t founded[] = {-1200, 136, -16, 1131, 1540};
    Validity known;
    known.kind = Validity::Kind::Mask;
    known.mask = std::make_shared<const Array>(Array::FromBools({true, true, true, false, true}));
    Result<Array> name = Array::FromStrings(names);
    Result<Array> population = Array::FromPrimitive(PType::I64, populations, 5, known);
    Result<Array> year = Array::FromPrimitive(PType::I32, founded, 5);
    if (!name.ok() || !population.ok() || !year.ok()) {
        return Fail(!name.ok() ? name.status() : !population.ok() ? population.status() : year.status());
    }
    Result<Array> table = Array::MakeStruct({"city", "population", "founded"}, {*name, *population, *year});
    if (!table.ok()) {
        return Fail(table.status());
    }
    Result<WriteSummary> written = WriteFile(path, *table);
    if (!written.ok()) {
        return Fail(written.status());
    }
    std::printf("wrote %llu rows, %llu bytes to %s\n", static_cast<unsigned long long>(written->rows),
                static_cast<unsigned long long>(written->bytes), path.c_str());

    Result<File> file = File::Open(path);
    if (!file.ok()) {
        return Fail(file.status());
    }
    std::printf("dtype %s, %llu rows\n", file->dtype().ToString().c_str(),
                static_cast<unsigned long long>(file->row_count()));

    // Cities of more than 100 000 people, as built expressions; the same filter could be the
    // text "population > 100000".
    Result<std::vector<Array>> batches = file->Scan()
                                             .WithProjection({"city", "population"})
                                             .WithFilter(Col("population") > Lit(int64_t{100'000}))
                                             .Collect();
    if (!batches.ok()) {
        return Fail(batches.status());
    }
    for (const Array &batch : *batches) {
        Result<Array> cities = batch.Field("city");
        Result<Array> people = batch.Field("population");
        for (size_t row = 0; row < batch.len(); ++row) {
            std::printf("%s %lld\n", cities->ScalarAt(row)->AsString()->c_str(),
                        static_cast<long long>(*people->ScalarAt(row)->AsInt64()));
        }
    }
    return 0;
}
