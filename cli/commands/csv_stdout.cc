// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "commands/csv_stdout.h"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

#include "vortex/array/arrays/decimal/decimal_array.h"
#include "vortex/array/arrays/extension/uuid_text.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/dtype/extension.h"
#include "vortex/scalar/decimal_format.h"

#include "commands/cli_util.h"
#include "duckdb/bridge/duckdb_database.h"

namespace vortex::cli {
namespace {

// A file in $TMPDIR (or /tmp), removed when this goes out of scope.
class TempFile {
public:
    explicit TempFile(const std::string &suffix) {
        const char *dir = std::getenv("TMPDIR");
        std::string pattern =
            std::string(dir != nullptr && *dir != '\0' ? dir : "/tmp") + "/vx_XXXXXX" + suffix;
        std::vector<char> name(pattern.begin(), pattern.end());
        name.push_back('\0');
        int fd = ::mkstemps(name.data(), static_cast<int>(suffix.size()));
        if (fd < 0) {
            throw std::runtime_error("cannot create a temporary file in " + pattern);
        }
        ::close(fd);
        path_ = name.data();
    }
    ~TempFile() { std::remove(path_.c_str()); }
    const std::string &path() const { return path_; }

private:
    std::string path_;
};

void CopyFileToStdout(const std::string &path) {
    std::FILE *in = std::fopen(path.c_str(), "rb");
    if (in == nullptr) {
        throw std::runtime_error("cannot read " + path);
    }
    char buffer[1 << 16];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof(buffer), in)) > 0) {
        std::fwrite(buffer, 1, n, stdout);
    }
    std::fclose(in);
    std::fflush(stdout);
}

// DuckDB holds decimals of at most 38 digits. Wider ones (the format allows 76) are printed
// as their exact text instead, in struct fields at any depth; elsewhere (inside lists) DuckDB's
// own error names the type. UUIDs print as their text too, as DuckDB prints its own.
bool PrintedAsText(const DType &dtype) {
    return (dtype.is_decimal() && dtype.decimal().precision > 38) || IsUuid(dtype);
}

bool HasTextField(const DType &dtype) {
    if (PrintedAsText(dtype)) {
        return true;
    }
    if (!dtype.is_struct()) {
        return false;
    }
    for (const DType &field : dtype.struct_fields().dtypes) {
        if (HasTextField(field)) {
            return true;
        }
    }
    return false;
}

DType WithTextFields(const DType &dtype) {
    if (PrintedAsText(dtype)) {
        return DType::Utf8(dtype.nullability());
    }
    if (!dtype.is_struct()) {
        return dtype;
    }
    std::vector<DType> fields;
    for (const DType &field : dtype.struct_fields().dtypes) {
        fields.push_back(WithTextFields(field));
    }
    return DType::Struct(dtype.struct_fields().names, std::move(fields), dtype.nullability());
}

Result<ArrayRef> AsPrintableText(const ArrayRef &array) {
    const DType &dtype = array->dtype();
    if (!HasTextField(dtype)) {
        return array;
    }
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    if (IsUuid(dtype)) {
        return UuidToText(canonical);
    }
    if (PrintedAsText(dtype)) {
        const auto *decimal = As<DecimalArray>(*canonical);
        VX_ENSURE(decimal != nullptr, Internal, "canonical decimal is not a DecimalArray");
        std::vector<std::optional<std::string>> text(decimal->len());
        for (size_t i = 0; i < decimal->len(); ++i) {
            if (decimal->is_valid(i)) {
                text[i] = FormatDecimal(decimal->value_at(i), dtype.decimal().scale);
            }
        }
        return ArrayRef(VarBinViewArray::FromStrings(text, DType::Utf8(dtype.nullability())));
    }
    const auto *structure = As<StructArray>(*canonical);
    VX_ENSURE(structure != nullptr, Internal, "canonical struct is not a StructArray");
    std::vector<ArrayRef> fields;
    for (const ArrayRef &field : structure->fields()) {
        VX_ASSIGN_OR_RETURN(ArrayRef converted, AsPrintableText(field));
        fields.push_back(std::move(converted));
    }
    VX_ASSIGN_OR_RETURN(auto rebuilt, StructArray::TryMake(WithTextFields(dtype), std::move(fields),
                                                           structure->len(), structure->validity()));
    return ArrayRef(std::move(rebuilt));
}

class PrintableText final : public duckdb_bridge::ArrayReader {
public:
    explicit PrintableText(duckdb_bridge::ArrayReader &inner)
        : inner_(inner), dtype_(WithTextFields(inner.dtype())) {}
    const DType &dtype() const override { return dtype_; }
    Result<std::optional<ArrayRef>> Next() override {
        VX_ASSIGN_OR_RETURN(std::optional<ArrayRef> next, inner_.Next());
        if (!next) {
            return next;
        }
        VX_ASSIGN_OR_RETURN(ArrayRef converted, AsPrintableText(*next));
        return std::optional<ArrayRef>(std::move(converted));
    }

private:
    duckdb_bridge::ArrayReader &inner_;
    DType dtype_;
};

} // namespace

void PrintCsv(duckdb_bridge::ArrayReader &reader) {
    // DuckDB writes to a temporary file: handed /dev/stdout it would truncate a file stdout is
    // redirected to.
    TempFile csv(".csv");
    auto db = ValueOrThrow(duckdb_bridge::DuckDB::Open(1));
    PrintableText printable(reader);
    ThrowIfNotOk(db.CopyTo(printable, csv.path(), duckdb_bridge::CopyFormat::Csv));
    CopyFileToStdout(csv.path());
}

} // namespace vortex::cli
