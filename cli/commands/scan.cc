// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <charconv>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/expr/parse.h"
#include "vortex/file/file_scan.h"
#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "commands/commands.h"
#include "commands/csv_stdout.h"
#include "duckdb/bridge/array_reader.h"

namespace vortex::cli {
namespace {

// The batches of a scan stream, as the reader DuckDB's CSV writer pulls. A file whose dtype
// is not a struct becomes one column "value", as `vx head` shows it.
class ScanStreamReader final : public duckdb_bridge::ArrayReader {
public:
    explicit ScanStreamReader(std::unique_ptr<scan::ScanStream> stream) : stream_(std::move(stream)) {
        wrap_ = !stream_->dtype().is_struct();
        dtype_ =
            wrap_ ? DType::Struct({"value"}, {stream_->dtype()}, Nullability::NonNullable) : stream_->dtype();
    }

    const DType &dtype() const override { return dtype_; }

    Result<std::optional<ArrayRef>> Next() override {
        VX_ASSIGN_OR_RETURN(std::optional<ArrayRef> batch, stream_->Next());
        if (!batch || !wrap_) {
            return batch;
        }
        VX_ASSIGN_OR_RETURN(auto wrapped,
                            StructArray::TryMake(dtype_, {*batch}, (*batch)->len(), Validity::NonNullable()));
        return std::optional<ArrayRef>(std::move(wrapped));
    }

private:
    std::unique_ptr<scan::ScanStream> stream_;
    DType dtype_;
    bool wrap_ = false;
};

uint64_t ParseRowNumber(std::string_view text, std::string_view what) {
    uint64_t value = 0;
    auto [ptr, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || ptr != text.data() + text.size()) {
        throw std::runtime_error("bad " + std::string(what) + " '" + std::string(text) + "'");
    }
    return value;
}

// "A:B" rows [A, B); either bound may be left out ("A:" to the end, ":B" from the start).
std::pair<uint64_t, uint64_t> ParseRowRange(const std::string &text, uint64_t row_count) {
    const size_t colon = text.find(':');
    if (colon == std::string::npos) {
        throw std::runtime_error("--rows takes A:B (rows A to B, B excluded), got '" + text + "'");
    }
    const std::string_view view = text;
    const std::string_view first = view.substr(0, colon);
    const std::string_view second = view.substr(colon + 1);
    const uint64_t begin = first.empty() ? 0 : ParseRowNumber(first, "--rows start");
    const uint64_t end = second.empty() ? row_count : ParseRowNumber(second, "--rows end");
    if (begin > end || end > row_count) {
        throw std::runtime_error("--rows " + text + " is outside the file's " + std::to_string(row_count) +
                                 " rows");
    }
    return {begin, end};
}

} // namespace

void AddScanCommand(CLI::App &app) {
    struct Args {
        std::string path;
        std::vector<std::string> columns;
        std::string filter;
        std::string rows;
        std::vector<std::string> take;
        std::optional<uint64_t> limit;
        size_t batch_rows = 65536;
    };
    auto args = std::make_shared<Args>();
    CLI::App *cmd = app.add_subcommand(
        "scan",
        "Print the rows of a .vortex file that match a filter as CSV (syntax: docs/scan-expressions.md)");
    cmd->add_option("file", args->path, ".vortex file")->required();
    cmd->add_option("--columns", args->columns, "columns to print, comma-separated")->delimiter(',');
    cmd->add_option("--filter", args->filter, "condition, e.g. \"year >= 1990 AND name LIKE 'Ma%'\"");
    cmd->add_option("--rows", args->rows, "row range A:B (B excluded; either may be left out)");
    cmd->add_option("--take", args->take, "row indices, comma-separated")->delimiter(',');
    cmd->add_option("--limit", args->limit, "at most this many rows");
    cmd->add_option("--batch-rows", args->batch_rows, "rows per batch (default 65536)")
        ->check(CLI::PositiveNumber);
    cmd->callback([args] {
        auto file = OpenVortexFile(args->path);
        scan::ScanBuilder builder = Scan(file);
        if (!args->columns.empty()) {
            if (!file->dtype().is_struct()) {
                throw std::runtime_error("--columns needs a file of a struct dtype");
            }
            for (const std::string &name : args->columns) {
                if (!file->dtype().struct_fields().FindField(name)) {
                    throw std::runtime_error("no column named '" + name + "'");
                }
            }
            builder.Project(args->columns);
        }
        if (!args->filter.empty()) {
            auto filter = expr::ParseExpr(args->filter, file->dtype());
            if (!filter.ok()) {
                throw std::runtime_error("--filter: " + filter.status().message());
            }
            builder.Filter(*filter);
        }
        if (!args->rows.empty()) {
            auto [begin, end] = ParseRowRange(args->rows, file->row_count());
            builder.RowRange(begin, end);
        }
        if (!args->take.empty()) {
            std::vector<uint64_t> rows;
            for (const std::string &index : args->take) {
                rows.push_back(ParseRowNumber(index, "--take index"));
            }
            builder.Take(std::move(rows));
        }
        if (args->limit) {
            builder.Limit(*args->limit);
        }
        builder.BatchRows(args->batch_rows);
        ScanStreamReader reader(builder.IntoStream());
        PrintCsv(reader);
    });
}

} // namespace vortex::cli
