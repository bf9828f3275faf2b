// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "commands/commands.h"

namespace vortex::cli {
namespace {

struct City {
    const char *name;
    std::optional<std::string> country;
    int64_t population;
    std::optional<double> area_km2;
    std::optional<int32_t> founded_days; // days since 1970-01-01: a charter or naming date
    std::vector<std::string> tags;
};

// A small bundled example: a few cities, with NULLs in several columns.
const std::vector<City> &ExampleCities() {
    static const std::vector<City> cities = {
        {"Amsterdam", "NL", 921'402, 219.3, -253'544, {"canals", "bikes"}},
        {"Reykjavík", "IS", 139'875, 273.0, -66'975, {"geysers"}},
        {"Zürich", "CH", 447'082, std::nullopt, std::nullopt, {}},
        {"São Paulo", "BR", 11'451'999, 1'521.1, -151'917, {"coffee", "art", "traffic"}},
        {"Atlantis", std::nullopt, 0, std::nullopt, std::nullopt, {"myth"}},
        {"Tokyo", "JP", 14'094'034, 2'194.1, -37'009, {"sushi"}},
    };
    return cities;
}

DType CitiesDType() {
    const DType founded = ValueOrThrow(DateDType(TimeUnit::Days, Nullability::Nullable));
    return DType::Struct({"city", "country", "population", "area_km2", "founded", "tags"},
                         {DType::Utf8(Nullability::NonNullable), DType::Utf8(Nullability::Nullable),
                          DType::Primitive(PType::I64, Nullability::NonNullable),
                          DType::Primitive(PType::F64, Nullability::Nullable), founded,
                          DType::List(DType::Utf8(Nullability::NonNullable), Nullability::NonNullable)},
                         Nullability::NonNullable);
}

ArrayRef BuildCities(const DType &dtype) {
    const auto &fields = dtype.struct_fields();
    auto builder = ValueOrThrow(MakeBuilder(dtype));
    for (const City &c : ExampleCities()) {
        std::vector<Scalar> tags;
        for (const auto &tag : c.tags) {
            tags.push_back(Scalar::Utf8(tag, Nullability::NonNullable));
        }
        const DType &founded = fields.dtypes[4];
        std::vector<Scalar> row = {
            Scalar::Utf8(c.name, Nullability::NonNullable),
            c.country ? Scalar::Utf8(*c.country, Nullability::Nullable) : Scalar::Null(fields.dtypes[1]),
            Scalar::Primitive<int64_t>(c.population, Nullability::NonNullable),
            c.area_km2 ? Scalar::Primitive<double>(*c.area_km2, Nullability::Nullable)
                       : Scalar::Null(fields.dtypes[3]),
            c.founded_days ? Scalar::Extension(
                                 founded, Scalar::Primitive<int32_t>(*c.founded_days, Nullability::Nullable))
                           : Scalar::Null(founded),
            Scalar::List(fields.dtypes[5], std::move(tags)),
        };
        ThrowIfNotOk(builder->AppendScalar(Scalar::Struct(dtype, std::move(row))));
    }
    return builder->Finish();
}

void PrintRows(const ArrayRef &table) {
    const auto &names = table->dtype().struct_fields().names;
    for (size_t f = 0; f < names.size(); ++f) {
        std::printf("%s%s", f == 0 ? "" : ",", names[f].c_str());
    }
    std::printf("\n");
    for (size_t row = 0; row < table->len(); ++row) {
        const Scalar value = ValueOrThrow(ScalarAt(table, row));
        const auto &cells = value.elements();
        for (size_t f = 0; f < cells.size(); ++f) {
            std::printf("%s%s", f == 0 ? "" : ",", cells[f].ToString().c_str());
        }
        std::printf("\n");
    }
}

// Exports through the Arrow C Data Interface, imports the result back and compares every row.
bool ArrowRoundTrip(const ArrayRef &table) {
    ArrowArray c_array{};
    ArrowSchema c_schema{};
    ThrowIfNotOk(ExportArrayWithSchema(table, &c_array, &c_schema));
    std::printf("arrow schema: %s with children", c_schema.format);
    for (int64_t i = 0; i < c_schema.n_children; ++i) {
        std::printf(" %s:%s", c_schema.children[i]->name, c_schema.children[i]->format);
    }
    std::printf("\n");
    const ArrayRef back = ValueOrThrow(ImportArray(&c_array, &c_schema));
    if (back->len() != table->len() || !(back->dtype() == table->dtype())) {
        return false;
    }
    for (size_t row = 0; row < table->len(); ++row) {
        if (!(ValueOrThrow(ScalarAt(back, row)) == ValueOrThrow(ScalarAt(table, row)))) {
            return false;
        }
    }
    return true;
}

void RunDemo() {
    const DType dtype = CitiesDType();
    const ArrayRef table = BuildCities(dtype);
    std::printf("dtype: %s\nrows: %zu, encoding: %s, %zu bytes in buffers\n\n", dtype.ToString().c_str(),
                table->len(), std::string(table->encoding_id()).c_str(), table->nbytes());
    PrintRows(table);

    std::printf("\ncolumn statistics:\n");
    const auto &names = dtype.struct_fields().names;
    for (size_t f = 0; f < names.size(); ++f) {
        const ArrayRef column = table->child(f);
        std::string range = "-";
        if (!dtype.struct_fields().dtypes[f].is_list()) {
            range = ValueOrThrow(Min(column)).ToString() + " .. " + ValueOrThrow(Max(column)).ToString();
        }
        std::printf("  %-10s %-14s nulls=%zu  range=%s\n", names[f].c_str(),
                    column->dtype().ToString().c_str(), NullCount(column), range.c_str());
    }

    const ArrayRef population = table->child(2);
    const Scalar million = Scalar::Primitive<int64_t>(1'000'000, Nullability::NonNullable);
    const ArrayRef is_big = ValueOrThrow(CompareScalar(population, million, CompareOp::Gt));
    // A row passes when the comparison is true and not null.
    const auto is_big_bools = As<BoolArray>(ValueOrThrow(Canonicalize(is_big)));
    const Mask selection = Mask::FromBits(is_big_bools->bits()).And(is_big_bools->validity_mask());
    const ArrayRef big_cities = ValueOrThrow(Filter(table, selection));
    std::printf("\ncities with population > 1,000,000:\n");
    PrintRows(big_cities);

    const std::vector<uint8_t> dtype_bytes = SerializeDTypeFlatBuffer(dtype);
    const DType parsed = ValueOrThrow(DeserializeDTypeFlatBuffer(dtype_bytes));
    std::printf("\ndtype flatbuffer: %zu bytes, round trip: %s\n", dtype_bytes.size(),
                parsed == dtype ? "ok" : "FAILED");

    const bool arrow_ok = ArrowRoundTrip(table);
    std::printf("arrow round trip: %s\n", arrow_ok ? "ok" : "FAILED");
    if (!arrow_ok || !(parsed == dtype)) {
        throw std::runtime_error("demo round trip failed");
    }
}

} // namespace

void AddDemoCommand(CLI::App &app) {
    auto *demo =
        app.add_subcommand("demo", "Build an in-memory example table and walk it through the core layers");
    demo->callback(RunDemo);
}

} // namespace vortex::cli
