// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <duckdb/main/connection.hpp>
#include <duckdb/main/database.hpp>
#include <string>

#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "commands/commands.h"
#include "duckdb/bridge/duckdb_database.h"
#include "duckdb/bridge/file_array_reader.h"
#include "duckdb/extension/query_arrays.h"
#include "duckdb/extension/read_vortex.h"

namespace vortex::cli {
namespace {

struct ConvertArgs {
    std::string input;
    std::string output;
    size_t threads = 0;
    std::string progress = "auto";
    std::string compression = "default";
};

Compression ParseCompression(const std::string &name) {
    if (name == "compact") {
        return Compression::kCompact;
    }
    return name == "none" ? Compression::kNone : Compression::kDefault;
}

bool EndsWith(std::string_view text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

bool LooksLikeQuery(std::string_view input) {
    std::string head;
    for (char c : input.substr(0, 7)) {
        head.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
    return head.rfind("select ", 0) == 0 || head.rfind("with ", 0) == 0 || head.rfind("from ", 0) == 0;
}

// Writes every batch `next` yields (a struct dtype) to args.output, with progress.
template <typename NextFn>
void WriteBatches(const ConvertArgs &args, const DType &dtype, NextFn &&next) {
    std::unique_ptr<Executor> executor;
    WriteOptions options;
    options.compression = ParseCompression(args.compression);
    if (args.threads > 0) {
        executor = std::make_unique<Executor>(args.threads);
        options.executor = executor.get();
    }
    auto sink = ValueOrThrow(FileWriteSink::Open(args.output, {.replace_atomically = true}));
    auto writer = ValueOrThrow(FileWriter::Open(std::move(sink), dtype, DefaultSessionPtr(), options));
    Progress progress("converting", ProgressEnabled(args.progress));
    uint64_t rows = 0;
    while (true) {
        std::optional<ArrayRef> batch = ValueOrThrow(next());
        if (!batch) {
            break;
        }
        rows += (*batch)->len();
        ThrowIfNotOk(writer->Write(*batch));
        progress.Update(rows, writer->bytes_written());
    }
    WriteSummary summary = ValueOrThrow(writer->Finish());
    progress.Done(summary.rows, summary.bytes);
    std::fprintf(stderr, "wrote %llu rows, %llu bytes to %s\n", static_cast<unsigned long long>(summary.rows),
                 static_cast<unsigned long long>(summary.bytes), args.output.c_str());
}

// A query runs in DuckDB's C++ engine with read_vortex registered, so it may read .vortex
// files (FROM 'x.vortex') as well as anything else DuckDB reads.
void QueryToVortex(const ConvertArgs &args) {
    ::duckdb::DBConfig config;
    if (args.threads > 0) {
        config.options.maximum_threads = static_cast<::duckdb::idx_t>(args.threads);
    }
    ::duckdb::DuckDB db(nullptr, &config);
    duckdb_ext::RegisterReadVortex(*db.instance);
    ::duckdb::Connection connection(db);
    auto reader = ValueOrThrow(duckdb_ext::QueryArrays::Open(connection, args.input));
    WriteBatches(args, reader->dtype(), [&] { return reader->Next(); });
}

// A CSV/Parquet/JSON file -> a .vortex file.
void FileToVortex(const ConvertArgs &args) {
    auto db = ValueOrThrow(duckdb_bridge::DuckDB::Open(static_cast<int>(args.threads)));
    auto reader = ValueOrThrow(db.Query(ValueOrThrow(duckdb_bridge::SourceQuery(args.input))));
    WriteBatches(args, reader->dtype(), [&] { return reader->Next(); });
}

// A .vortex file -> Parquet or CSV through DuckDB, or another .vortex file.
void FromVortex(const ConvertArgs &args) {
    auto file = OpenVortexFile(args.input);
    if (IsVortexPath(args.output)) {
        auto reader = duckdb_bridge::MakeFileReader(file, {}, 0, file->row_count());
        auto sink = ValueOrThrow(FileWriteSink::Open(args.output, {.replace_atomically = true}));
        WriteOptions options;
        options.compression = ParseCompression(args.compression);
        auto writer =
            ValueOrThrow(FileWriter::Open(std::move(sink), file->dtype(), DefaultSessionPtr(), options));
        while (auto batch = ValueOrThrow(reader->Next())) {
            ThrowIfNotOk(writer->Write(file->dtype().is_struct() ? *batch : (*batch)->child(0)));
        }
        ValueOrThrow(writer->Finish());
        return;
    }
    duckdb_bridge::CopyFormat format;
    if (EndsWith(args.output, ".parquet")) {
        format = duckdb_bridge::CopyFormat::Parquet;
    } else if (EndsWith(args.output, ".csv")) {
        format = duckdb_bridge::CopyFormat::Csv;
    } else {
        throw std::runtime_error("the output of a .vortex input must end in .vortex, .parquet or .csv: " +
                                 args.output);
    }
    auto db = ValueOrThrow(duckdb_bridge::DuckDB::Open(static_cast<int>(args.threads)));
    auto reader = duckdb_bridge::MakeFileReader(file, {}, 0, file->row_count());
    ThrowIfNotOk(db.CopyTo(*reader, args.output, format));
}

} // namespace

void AddConvertCommand(CLI::App &app) {
    auto args = std::make_shared<ConvertArgs>();
    CLI::App *cmd = app.add_subcommand(
        "convert", "Convert CSV (.csv, .csv.gz, .csv.zst), Parquet, JSON or a DuckDB query to .vortex, "
                   "or .vortex to Parquet, CSV or .vortex");
    cmd->add_option("input", args->input, "input file, or a SELECT query")->required();
    cmd->add_option("output", args->output, "output file")->required();
    cmd->add_option("--threads", args->threads, "worker threads (0: one per core)");
    cmd->add_option("--progress", args->progress, "progress on stderr: auto, always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    CLI::Option *compression =
        cmd->add_option("--compression", args->compression,
                        "for a .vortex output: default (BtrBlocks-style), compact (pco for numbers, zstd "
                        "for strings and binaries, smaller and slower) or none (canonical arrays)")
            ->check(CLI::IsMember({"default", "compact", "none"}));
    cmd->callback([args, compression] {
        if (!IsVortexPath(args->output) && !(IsVortexPath(args->input) && !LooksLikeQuery(args->input))) {
            throw std::runtime_error("one side of a conversion must be a .vortex file");
        }
        if (compression->count() > 0 && !IsVortexPath(args->output)) {
            throw std::runtime_error("--compression applies to .vortex outputs only");
        }
        try {
            if (IsVortexPath(args->input) && !LooksLikeQuery(args->input)) {
                FromVortex(*args);
            } else {
                LooksLikeQuery(args->input) ? QueryToVortex(*args) : FileToVortex(*args);
            }
        } catch (...) {
            // Never leave a half-written file behind that looks like a result. A .vortex output
            // is written to a temporary name and renamed only when complete, so the destination
            // (and a file already there) is untouched; DuckDB's outputs are removed.
            if (!IsVortexPath(args->output)) {
                std::remove(args->output.c_str());
            }
            throw;
        }
    });
}

} // namespace vortex::cli
