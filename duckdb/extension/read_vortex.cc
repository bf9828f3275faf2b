// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/read_vortex.h"

#include <atomic>
#include <duckdb/common/file_system.hpp>
#include <duckdb/execution/expression_executor.hpp>
#include <duckdb/function/partition_stats.hpp>
#include <duckdb/function/replacement_scan.hpp>
#include <duckdb/function/table_function.hpp>
#include <duckdb/main/config.hpp>
#include <duckdb/main/extension/extension_loader.hpp>
#include <duckdb/optimizer/optimizer_extension.hpp>
#include <duckdb/parser/expression/constant_expression.hpp>
#include <duckdb/parser/expression/function_expression.hpp>
#include <duckdb/parser/tableref/table_function_ref.hpp>
#include <duckdb/planner/expression/bound_cast_expression.hpp>
#include <duckdb/planner/expression/bound_columnref_expression.hpp>
#include <duckdb/planner/expression/bound_reference_expression.hpp>
#include <duckdb/planner/expression_iterator.hpp>
#include <duckdb/planner/filter/conjunction_filter.hpp>
#include <duckdb/planner/filter/optional_filter.hpp>
#include <duckdb/planner/operator/logical_get.hpp>
#include <duckdb/planner/table_filter.hpp>
#include <duckdb/storage/statistics/base_statistics.hpp>
#include <duckdb/storage/statistics/numeric_stats.hpp>
#include <functional>

#include "vortex/array/arrays/constant/constant_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/buffer/mask_iteration.h"
#include "vortex/expr/evaluate.h"
#include "vortex/file/file_scan.h"
#include "vortex/file/footer_cache.h"
#include "vortex/scan/scan_plan.h"
#include "vortex/scan/split.h"
#include "vortex/vortex.h"

#include "duckdb/extension/copy_vortex.h"
#include "duckdb/extension/duckdb_errors.h"
#include "duckdb/extension/expression_filters.h"
#include "duckdb/extension/hive_partitions.h"
#include "duckdb/extension/logical_types.h"
#include "duckdb/extension/projection_pushdown.h"
#include "duckdb/extension/read_vortex_bind_data.h"
#include "duckdb/extension/read_vortex_statistics.h"
#include "duckdb/extension/table_filters.h"
#include "duckdb/extension/temporal_casts.h"
#include "duckdb/extension/vector_export.h"
#include "duckdb/extension/virtual_columns.h"

namespace vortex::duckdb_ext {

namespace dd = ::duckdb;

namespace {

constexpr const char *kFunctionName = "read_vortex";

std::vector<std::string> ExpandPaths(dd::ClientContext &context, const dd::Value &input) {
    std::vector<std::string> patterns;
    if (input.type().id() == dd::LogicalTypeId::LIST) {
        for (const dd::Value &child : dd::ListValue::GetChildren(input)) {
            patterns.push_back(child.ToString());
        }
    } else {
        patterns.push_back(dd::StringValue::Get(input));
    }
    auto &fs = dd::FileSystem::GetFileSystem(context);
    std::vector<std::string> paths;
    for (const std::string &pattern : patterns) {
        // Each pattern's matches in name order, as DuckDB's multi-file readers list them (so
        // file_index numbers the files as read_parquet does); a list keeps its own order.
        std::vector<std::string> matches;
        for (const auto &file : fs.GlobFiles(pattern, context, dd::FileGlobOptions::DISALLOW_EMPTY)) {
            matches.push_back(file.path);
        }
        std::sort(matches.begin(), matches.end());
        paths.insert(paths.end(), matches.begin(), matches.end());
    }
    return paths;
}

// hive_types = {'name': 'TYPE', ...} (DuckDB's readers take the same): the named partition
// columns' types.
std::map<std::string, dd::LogicalType> HiveTypes(dd::ClientContext &context, const dd::Value &value) {
    if (value.type().id() != dd::LogicalTypeId::STRUCT) {
        throw dd::BinderException(
            "read_vortex: hive_types takes a struct of type names, as {'year': BIGINT}");
    }
    std::map<std::string, dd::LogicalType> types;
    const auto &children = dd::StructValue::GetChildren(value);
    for (size_t i = 0; i < children.size(); ++i) {
        const std::string &name = dd::StructType::GetChildName(value.type(), i);
        if (children[i].type().id() != dd::LogicalTypeId::VARCHAR || children[i].IsNull()) {
            throw dd::BinderException("read_vortex: hive_types.%s must name a type", name);
        }
        types[name] = dd::TransformStringToLogicalType(dd::StringValue::Get(children[i]), context);
    }
    return types;
}

dd::unique_ptr<dd::FunctionData> ReadVortexBind(dd::ClientContext &context,
                                                dd::TableFunctionBindInput &input,
                                                dd::vector<dd::LogicalType> &return_types,
                                                dd::vector<dd::string> &names) {
    if (input.inputs.empty() || input.inputs[0].IsNull()) {
        throw dd::BinderException("read_vortex needs a path, a glob or a list of paths");
    }
    auto data = dd::make_uniq<ReadVortexBindData>();
    data->paths = ExpandPaths(context, input.inputs[0]);
    for (size_t f = 0; f < data->paths.size(); ++f) {
        data->file_numbers.push_back(f);
    }
    bool filename = false;
    std::optional<bool> hive;
    std::map<std::string, dd::LogicalType> hive_types;
    for (const auto &[name, value] : input.named_parameters) {
        if (name == "filename") {
            filename = dd::BooleanValue::Get(value);
        } else if (name == "hive_partitioning") {
            hive = dd::BooleanValue::Get(value);
        } else if (name == "hive_types_autocast") {
            data->hive_autocast = dd::BooleanValue::Get(value);
        } else if (name == "hive_types") {
            hive_types = HiveTypes(context, value);
        }
    }
    if (!hive_types.empty()) {
        if (hive == false) {
            throw dd::BinderException("read_vortex: hive_types needs hive_partitioning");
        }
        hive = true;
    }
    // Hive partitioning is on when asked for, or by default when the first path has a
    // `key=value` directory (as DuckDB's own readers decide).
    const bool partitioned = hive.value_or(HasHivePartitions(data->paths[0]));
    data->files.resize(data->paths.size());
    data->files[0] = OpenStructFile(data->paths[0]);
    if (!partitioned) {
        data->Files();
    }
    data->fields = data->files[0]->dtype().struct_fields_ptr();
    for (size_t i = 0; i < data->fields->size(); i++) {
        auto type = ToLogicalType(data->fields->dtypes[i]);
        if (!type.ok()) {
            throw dd::NotImplementedException("read_vortex: column %s: %s", data->fields->names[i],
                                              type.status().ToString());
        }
        names.push_back(data->fields->names[i]);
        data->types.push_back(*type);
        return_types.push_back(*std::move(type));
    }
    if (filename) {
        data->filename_column = names.size();
        names.emplace_back("filename");
        return_types.push_back(dd::LogicalType::VARCHAR);
    }
    if (partitioned) {
        auto partitions = ParseHivePartitions(data->paths, data->hive_autocast, hive_types);
        if (!partitions.ok()) {
            throw dd::BinderException("%s", partitions.status().message());
        }
        data->partitions = *std::move(partitions);
        data->partition_start = names.size();
        for (size_t k = 0; k < data->partitions.names.size(); k++) {
            const std::string &name = data->partitions.names[k];
            if (std::find(names.begin(), names.end(), name) != names.end()) {
                throw dd::BinderException("read_vortex: hive partition %s is also a column of the files",
                                          name);
            }
            names.push_back(name);
            return_types.push_back(data->partitions.types[k]);
        }
    }
    return data;
}

// What an output column or a residual filter reads: a field of the scan's result, or a
// virtual column (also the `filename := true` column and row ids, which read as NULL).
struct ColumnSource {
    std::optional<size_t> field{};
    VirtualColumn virtual_column = VirtualColumn::kEmpty;
    /// A hive partition column (virtual_column is then unused).
    std::optional<size_t> partition{};

    bool operator==(const ColumnSource &) const = default;
};

// A filter DuckDB's executor evaluates on a column's exported rows.
struct ResidualFilter {
    /// The column it reads.
    ColumnSource source;
    /// The output column already holding that column whole, or else the column's position in
    /// the local state's scratch chunk.
    std::optional<size_t> output;
    size_t scratch = 0;
    dd::unique_ptr<dd::Expression> expression;
};

// One split of one file, in the order DuckDB's threads take them.
struct PlannedSplit {
    scan::Split split;
    size_t file;
};

struct ReadVortexGlobalState final : dd::GlobalTableFunctionState {
    std::vector<PlannedSplit> splits;
    std::atomic<size_t> next{0};
    /// Files the scan reads: those file_index and file_row_number filters did not rule out.
    size_t files_scanned = 0;
    /// Rows zone pruning removed before any data was read, over all files.
    uint64_t pruned_rows = 0;
    /// Rows whose whole filter zone statistics proved true: selected without evaluating it.
    uint64_t proven_rows = 0;
    /// Unique among the scans of this process: names this scan's dictionaries for DuckDB.
    uint64_t scan_id = 0;
    /// Dictionaries converted so far (their ids).
    std::atomic<uint64_t> dictionaries{0};
    /// Per output column: what it reads.
    std::vector<ColumnSource> outputs;
    /// Per field of the scan's result: the function of it DuckDB reads instead (or null).
    std::vector<expr::ExprRef> computed;
    /// Whether any output or residual filter reads file_row_number.
    bool row_numbers = false;
    /// Per output column: the struct fields DuckDB reads of it (no children: all of it).
    std::vector<dd::ColumnIndex> projections;
    /// Filters evaluated by DuckDB's executor on exported rows (SplitTableFilter).
    std::vector<ResidualFilter> residuals;
    /// The types of the scan's fields read only for residual filters, in the order of their
    /// `scratch` positions.
    dd::vector<dd::LogicalType> scratch_types;

    dd::idx_t MaxThreads() const override { return std::max<size_t>(1, splits.size()); }
};

struct ReadVortexLocalState final : dd::LocalTableFunctionState {
    /// The current split's columns (canonical, or constant) and how far they are emitted;
    /// dictionary-encoded ones are exported from `dictionaries` instead.
    std::vector<ArrayRef> columns;
    std::vector<std::optional<DictionaryExport>> dictionaries;
    /// The rows of `columns` the filter kept, when the split left most of them in place:
    /// each chunk is exported whole and sliced by a selection vector.
    std::optional<Mask> selection;
    /// One executor per residual filter, and the columns read only for them.
    std::vector<std::unique_ptr<dd::ExpressionExecutor>> residual_executors;
    dd::DataChunk scratch;
    /// The file row of each row of `columns`, when file_row_number is read.
    std::vector<uint64_t> row_numbers;
    size_t file = 0;
    size_t rows = 0;
    size_t offset = 0;
    dd::idx_t batch_index = 0;
};

// What DuckDB's filters become: our expression over the fields (ANDed; null for none) and the
// residual DuckDB expressions, each with the field it reads.
struct PushedFilters {
    expr::ExprRef pushed;
    std::vector<std::pair<ColumnSource, dd::unique_ptr<dd::Expression>>> residual;
    /// What filters on file_row_number and file_index select.
    RowSelection rows;
    RowSelection files;
    /// Filters on hive partition columns: files whose value fails one are skipped.
    std::vector<std::pair<size_t, const dd::TableFilter *>> partition_filters;
};

PushedFilters SplitFilters(const ReadVortexBindData &data,
                           const dd::vector<dd::column_t> &column_ids,
                           const dd::vector<dd::LogicalType> &types,
                           const dd::TableFilterSet *filters,
                           bool utc_session) {
    PushedFilters result;
    if (filters == nullptr) {
        return result;
    }
    std::vector<expr::ExprRef> conjuncts;
    for (const auto &[position, filter] : filters->filters) {
        const dd::column_t field = column_ids.at(position);
        // Every column takes table filters (no supports_pushdown_type: DuckDB 1.4 cannot plan a
        // refused filter on a virtual column); the `filename := true` column is virtual too.
        if (field >= data.partition_start && field < data.partition_start + data.partitions.names.size()) {
            result.partition_filters.emplace_back(field - data.partition_start, filter.get());
            continue;
        }
        const bool is_filename = data.filename_column && field == *data.filename_column;
        if (const std::optional<VirtualColumn> virtual_column =
                is_filename ? VirtualColumn::kFilename : VirtualColumnOf(field)) {
            // Row numbers and file indexes select rows and files; anything else is residual.
            const bool selects = *virtual_column == VirtualColumn::kFileRowNumber ||
                                 *virtual_column == VirtualColumn::kFileIndex;
            const std::optional<RowSelection> selection = selects ? ToRowSelection(*filter) : std::nullopt;
            if (selection) {
                RowSelection &target =
                    *virtual_column == VirtualColumn::kFileRowNumber ? result.rows : result.files;
                target = target.Intersect(*selection);
                continue;
            }
            result.residual.emplace_back(
                ColumnSource{std::nullopt, *virtual_column},
                filter->ToExpression(dd::BoundReferenceExpression(VirtualColumnType(*virtual_column), 0)));
            continue;
        }
        if (field >= data.fields->size()) {
            throw dd::InternalException("read_vortex: a filter on unknown column %llu",
                                        static_cast<unsigned long long>(field));
        }
        // A column that became a function of itself is filtered on the function's values.
        const ComputedColumn *computed = data.ComputedField(field);
        SplitFilter split = ValueOrThrow(
            kFunctionName,
            SplitTableFilter(*filter, computed ? computed->expr : expr::Col(data.fields->names[field]),
                             computed ? computed->dtype : data.fields->dtypes[field], types.at(field),
                             utc_session));
        if (split.pushed.has_value()) {
            conjuncts.push_back(*std::move(split.pushed));
        }
        for (auto &residual : split.residual) {
            result.residual.emplace_back(ColumnSource{static_cast<size_t>(field)}, std::move(residual));
        }
    }
    if (!conjuncts.empty()) {
        result.pushed = conjuncts.size() == 1 ? conjuncts[0] : expr::And(std::move(conjuncts));
    }
    return result;
}

// Whether file `file`'s hive partition values pass every filter on them. Optional and dynamic
// filters, which DuckDB lets a scan drop, rule out nothing.
bool PartitionPasses(dd::ClientContext &context,
                     const std::vector<std::pair<size_t, const dd::TableFilter *>> &filters,
                     const HivePartitions &partitions,
                     size_t file) {
    std::vector<const dd::TableFilter *> parts;
    std::vector<size_t> columns;
    for (const auto &[k, filter] : filters) {
        if (filter->filter_type == dd::TableFilterType::CONJUNCTION_AND) {
            for (const auto &child : filter->Cast<dd::ConjunctionAndFilter>().child_filters) {
                parts.push_back(child.get());
                columns.push_back(k);
            }
        } else {
            parts.push_back(filter);
            columns.push_back(k);
        }
    }
    for (size_t i = 0; i < parts.size(); i++) {
        if (parts[i]->filter_type == dd::TableFilterType::OPTIONAL_FILTER) {
            // Implied by a filter DuckDB keeps above the scan (an IN list as an OR): files whose
            // value fails it hold no row that filter keeps.
            const auto &child = parts[i]->Cast<dd::OptionalFilter>().child_filter;
            if (!child) {
                continue;
            }
            parts[i] = child.get();
        }
        if (parts[i]->filter_type == dd::TableFilterType::DYNAMIC_FILTER) {
            continue;
        }
        const dd::Value &value = partitions.values[file][columns[i]];
        auto expression = parts[i]->ToExpression(dd::BoundReferenceExpression(value.type(), 0));
        dd::ExpressionExecutor executor(context, *expression);
        dd::DataChunk chunk;
        chunk.Initialize(context, {value.type()});
        chunk.SetValue(0, 0, value);
        chunk.SetCardinality(1);
        dd::SelectionVector selected(1);
        if (executor.SelectExpression(chunk, selected) == 0) {
            return false;
        }
    }
    return true;
}

dd::unique_ptr<dd::GlobalTableFunctionState> ReadVortexInitGlobal(dd::ClientContext &context,
                                                                  dd::TableFunctionInitInput &input) {
    const auto &data = input.bind_data->Cast<ReadVortexBindData>();
    auto state = dd::make_uniq<ReadVortexGlobalState>();
    static std::atomic<uint64_t> scans{0};
    state->scan_id = scans.fetch_add(1, std::memory_order_relaxed);
    // Without filter pruning DuckDB wants every column it scans; with it, only the projected.
    std::vector<dd::column_t> output_ids;
    if (input.projection_ids.empty()) {
        output_ids = input.column_ids;
        state->projections = input.column_indexes;
    } else {
        for (const dd::idx_t i : input.projection_ids) {
            output_ids.push_back(input.column_ids[i]);
            state->projections.push_back(input.column_indexes[i]);
        }
    }
    std::vector<std::string> projection;
    for (const dd::column_t id : output_ids) {
        const bool is_filename = data.filename_column && id == *data.filename_column;
        if (is_filename) {
            state->outputs.push_back(ColumnSource{std::nullopt, VirtualColumn::kFilename});
        } else if (id >= data.partition_start && id < data.partition_start + data.partitions.names.size()) {
            state->outputs.push_back(
                ColumnSource{std::nullopt, VirtualColumn::kEmpty, id - data.partition_start});
        } else if (id < data.fields->size()) {
            state->outputs.push_back(ColumnSource{projection.size()});
            projection.push_back(data.fields->names[id]);
            const ComputedColumn *computed = data.ComputedField(id);
            state->computed.push_back(computed ? computed->expr : nullptr);
        } else {
            // A virtual column; a row id (which DuckDB may still ask for) reads as NULL.
            state->outputs.push_back(
                ColumnSource{std::nullopt, VirtualColumnOf(id).value_or(VirtualColumn::kEmpty)});
        }
    }
    PushedFilters filters =
        SplitFilters(data, input.column_ids, data.types, input.filters.get(), SessionIsUtc(context));
    for (auto &[source, expression] : filters.residual) {
        ResidualFilter residual;
        residual.expression = std::move(expression);
        dd::LogicalType type;
        if (source.field) {
            const size_t field = *source.field;
            type = data.types[field];
            const auto named = std::find(projection.begin(), projection.end(), data.fields->names[field]);
            residual.source = ColumnSource{static_cast<size_t>(named - projection.begin())};
            if (named == projection.end()) {
                projection.push_back(data.fields->names[field]);
                const ComputedColumn *computed = data.ComputedField(field);
                state->computed.push_back(computed ? computed->expr : nullptr);
            }
        } else {
            residual.source = source;
            type = VirtualColumnType(source.virtual_column);
        }
        // An output column holding the whole column serves; otherwise it is read for the filter.
        for (size_t c = 0; c < output_ids.size() && !residual.output; c++) {
            if (state->outputs[c] == residual.source && !state->projections[c].HasChildren()) {
                residual.output = c;
            }
        }
        if (!residual.output) {
            residual.scratch = state->scratch_types.size();
            state->scratch_types.push_back(type);
        }
        state->residuals.push_back(std::move(residual));
    }
    for (const ColumnSource &source : state->outputs) {
        state->row_numbers = state->row_numbers || source.virtual_column == VirtualColumn::kFileRowNumber;
    }
    for (const ResidualFilter &residual : state->residuals) {
        state->row_numbers =
            state->row_numbers || residual.source.virtual_column == VirtualColumn::kFileRowNumber;
    }
    std::vector<expr::ExprRef> conjuncts = data.cast_filters;
    if (filters.pushed != nullptr) {
        conjuncts.push_back(filters.pushed);
    }
    const expr::ExprRef filter = conjuncts.empty()       ? nullptr
                                 : conjuncts.size() == 1 ? conjuncts[0]
                                                         : expr::And(std::move(conjuncts));
    const auto &files = data.Files();
    for (size_t f = 0; f < files.size(); f++) {
        if (!filters.files.Contains(data.file_numbers[f]) ||
            !PartitionPasses(context, filters.partition_filters, data.partitions, f)) {
            continue;
        }
        const uint64_t file_rows = files[f]->row_count();
        auto builder = Scan(files[f]).Project(projection);
        if (filters.rows.values) {
            const std::vector<uint64_t> rows = filters.rows.ValuesBelow(file_rows);
            if (rows.empty()) {
                continue;
            }
            builder.Take(rows);
        } else {
            const auto [begin, end] = filters.rows.Clamp(file_rows);
            if (begin == end && file_rows > 0) {
                continue;
            }
            builder.RowRange(begin, end);
        }
        if (filter != nullptr) {
            builder.Filter(filter);
        }
        const std::shared_ptr<const scan::ScanPlan> plan = ValueOrThrow(kFunctionName, builder.Plan());
        ++state->files_scanned;
        for (size_t i = 0; i < plan->splits.size(); i++) {
            state->splits.push_back(PlannedSplit{scan::Split(plan, i), f});
        }
        state->pruned_rows += plan->pruned_rows;
        state->proven_rows += plan->proven_rows;
    }
    return state;
}

dd::unique_ptr<dd::LocalTableFunctionState> ReadVortexInitLocal(dd::ExecutionContext &context,
                                                                dd::TableFunctionInitInput &,
                                                                dd::GlobalTableFunctionState *state) {
    const auto &global = state->Cast<ReadVortexGlobalState>();
    auto local = dd::make_uniq<ReadVortexLocalState>();
    for (const ResidualFilter &residual : global.residuals) {
        local->residual_executors.push_back(
            std::make_unique<dd::ExpressionExecutor>(context.client, *residual.expression));
    }
    if (!global.scratch_types.empty()) {
        local->scratch.Initialize(context.client, global.scratch_types);
    }
    return local;
}

// Loads the next split with rows into `local`; false when none is left.
bool NextSplit(ReadVortexGlobalState &global, ReadVortexLocalState &local) {
    while (true) {
        const size_t index = global.next.fetch_add(1, std::memory_order_relaxed);
        if (index >= global.splits.size()) {
            return false;
        }
        const PlannedSplit &planned = global.splits[index];
        scan::SelectedRows selected = ValueOrThrow(kFunctionName, planned.split.ExecuteSelected());
        if (selected.rows->len() == 0) {
            continue;
        }
        if (global.row_numbers) {
            local.row_numbers = selected.RowNumbers();
        }
        const ArrayRef result = std::move(selected.rows);
        local.selection = std::move(selected.selection);
        const auto *columns = As<StructArray>(*result);
        if (columns == nullptr) {
            ThrowStatus(kFunctionName,
                        Status::Internal("a split returned a {}, not a struct", result->encoding_id()));
        }
        local.columns.clear();
        local.dictionaries.resize(columns->nfields());
        for (size_t f = 0; f < columns->nfields(); f++) {
            ArrayRef field = columns->field(f);
            if (f < global.computed.size() && global.computed[f] != nullptr) {
                const ArrayRef scope = ValueOrThrow(
                    kFunctionName, StructArray::FromFields({result->dtype().struct_fields().names[f]},
                                                           {field}, field->len()));
                field = ValueOrThrow(kFunctionName, expr::Evaluate(*global.computed[f], scope));
            }
            // A dictionary's values are converted once, and once only while consecutive splits
            // share them. DuckDB caches hashes by dictionary id: every conversion gets an id
            // of its own.
            const std::optional<DictionaryExport> &previous = local.dictionaries[f];
            local.dictionaries[f] = ValueOrThrow(
                kFunctionName, DictionaryExport::Make(field, previous ? &*previous : nullptr, [&global] {
                    return vortex::format("vortex:{}:{}", global.scan_id,
                                          global.dictionaries.fetch_add(1, std::memory_order_relaxed));
                }));
            // Everything else is decoded once per split; constant columns stay constant.
            const bool keep = local.dictionaries[f].has_value() || As<ConstantArray>(*field) != nullptr;
            local.columns.push_back(keep ? field : ValueOrThrow(kFunctionName, Canonicalize(field)));
        }
        local.file = planned.file;
        local.rows = result->len();
        local.offset = 0;
        local.batch_index = index;
        return true;
    }
}

// Writes rows [offset, offset + count) of the split's column at `field` of the scan result into
// `vector`, reading the struct fields `projection` names.
void ExportColumn(ReadVortexLocalState &local,
                  size_t field,
                  size_t count,
                  const dd::ColumnIndex &projection,
                  dd::Vector &vector) {
    Status status;
    if (local.dictionaries[field].has_value()) {
        status = local.dictionaries[field]->Export(local.offset, count, vector);
    } else {
        const ArrayRef rows =
            ValueOrThrow(kFunctionName, Slice(local.columns[field], local.offset, local.offset + count));
        status = ExportVector(rows, vector, projection);
    }
    if (!status.ok()) {
        ThrowStatus(kFunctionName, status);
    }
}

// Writes rows [offset, offset + count) of a virtual column into `vector`.
void ExportVirtual(const ReadVortexBindData &data,
                   const ReadVortexLocalState &local,
                   VirtualColumn column,
                   size_t count,
                   dd::Vector &vector) {
    switch (column) {
        case VirtualColumn::kFilename:
            vector.Reference(dd::Value(data.paths[local.file]));
            return;
        case VirtualColumn::kFileIndex:
            vector.Reference(dd::Value::UBIGINT(data.file_numbers[local.file]));
            return;
        case VirtualColumn::kFileRowNumber: {
            vector.SetVectorType(dd::VectorType::FLAT_VECTOR);
            auto *numbers = dd::FlatVector::GetData<int64_t>(vector);
            for (size_t i = 0; i < count; i++) {
                numbers[i] = static_cast<int64_t>(local.row_numbers[local.offset + i]);
            }
            return;
        }
        case VirtualColumn::kEmpty:
            break;
    }
    vector.Reference(dd::Value(vector.GetType()));
}

// Writes rows [offset, offset + count) of `source` into `vector`.
void ExportSource(const ReadVortexBindData &data,
                  ReadVortexLocalState &local,
                  const ColumnSource &source,
                  size_t count,
                  const dd::ColumnIndex &projection,
                  dd::Vector &vector) {
    if (source.field) {
        ExportColumn(local, *source.field, count, projection, vector);
    } else if (source.partition) {
        vector.Reference(data.partitions.values[local.file][*source.partition]);
    } else {
        ExportVirtual(data, local, source.virtual_column, count, vector);
    }
}

// Narrows `kept` (the first `kept_count` rows of it; all `count` rows when kept_count == count)
// to the rows every residual filter selects.
void ApplyResidualFilters(const ReadVortexGlobalState &global,
                          ReadVortexLocalState &local,
                          dd::DataChunk &output,
                          size_t count,
                          dd::SelectionVector &kept,
                          size_t &kept_count) {
    dd::DataChunk input;
    dd::SelectionVector selected(STANDARD_VECTOR_SIZE);
    for (size_t r = 0; r < global.residuals.size() && kept_count > 0; r++) {
        const ResidualFilter &residual = global.residuals[r];
        dd::Vector &column =
            residual.output ? output.data[*residual.output] : local.scratch.data[residual.scratch];
        input.InitializeEmpty({column.GetType()});
        input.data[0].Reference(column);
        input.SetCardinality(count);
        const bool all = kept_count == count;
        if (!all) {
            input.Slice(kept, kept_count);
        }
        const dd::idx_t passed = local.residual_executors[r]->SelectExpression(input, selected);
        if (all) {
            if (passed < count) {
                kept.Initialize(STANDARD_VECTOR_SIZE);
                for (dd::idx_t i = 0; i < passed; i++) {
                    kept.set_index(i, selected.get_index(i));
                }
            }
        } else {
            for (dd::idx_t i = 0; i < passed; i++) {
                kept.set_index(i, kept.get_index(selected.get_index(i)));
            }
        }
        kept_count = passed;
    }
}

void ReadVortexScan(dd::ClientContext &, dd::TableFunctionInput &input, dd::DataChunk &output) {
    const auto &data = input.bind_data->Cast<ReadVortexBindData>();
    auto &global = input.global_state->Cast<ReadVortexGlobalState>();
    auto &local = input.local_state->Cast<ReadVortexLocalState>();
    bool exported = false;
    while (true) {
        if (local.offset >= local.rows && !NextSplit(global, local)) {
            output.SetCardinality(0);
            return;
        }
        const size_t count = std::min<size_t>(STANDARD_VECTOR_SIZE, local.rows - local.offset);
        dd::SelectionVector kept;
        size_t kept_count = count;
        if (local.selection.has_value()) {
            const Mask window = local.selection->Slice(local.offset, count);
            if (window.all_false()) {
                local.offset += count; // nothing kept: never hand DuckDB an empty chunk
                continue;
            }
            if (!window.all_true()) {
                kept.Initialize(STANDARD_VECTOR_SIZE);
                kept_count = 0;
                ForEachKept(window, [&](size_t i) { kept.set_index(kept_count++, i); });
            }
        }
        if (exported) {
            output.Reset(); // a residual filter rejected every row of the previous window
        }
        exported = true;
        for (size_t c = 0; c < global.outputs.size(); c++) {
            ExportSource(data, local, global.outputs[c], count, global.projections[c], output.data[c]);
        }
        if (!global.residuals.empty()) {
            if (!global.scratch_types.empty()) {
                local.scratch.Reset();
            }
            for (const ResidualFilter &residual : global.residuals) {
                if (!residual.output) {
                    ExportSource(data, local, residual.source, count,
                                 dd::ColumnIndex(residual.source.field.value_or(0)),
                                 local.scratch.data[residual.scratch]);
                }
            }
            ApplyResidualFilters(global, local, output, count, kept, kept_count);
        }
        local.offset += count;
        if (kept_count == 0) {
            continue;
        }
        output.SetCardinality(count);
        if (kept_count < count) {
            output.Slice(kept, kept_count);
        }
        return;
    }
}

dd::OperatorPartitionData ReadVortexPartitionData(dd::ClientContext &,
                                                  dd::TableFunctionGetPartitionInput &input) {
    if (input.partition_info.RequiresPartitionColumns()) {
        throw dd::InternalException("read_vortex: partition columns are not supported");
    }
    return dd::OperatorPartitionData(input.local_state->Cast<ReadVortexLocalState>().batch_index);
}

// The one column `expression` reads (a top-level file column DuckDB reads whole), or nullopt.
std::optional<dd::ColumnBinding>
OneColumn(const ReadVortexBindData &data, const dd::LogicalGet &get, const dd::Expression &expression) {
    std::optional<dd::ColumnBinding> binding;
    bool one_column = true;
    dd::ExpressionIterator::VisitExpression<dd::BoundColumnRefExpression>(
        expression, [&](const dd::BoundColumnRefExpression &ref) {
            one_column = one_column && (!binding || *binding == ref.binding);
            binding = ref.binding;
        });
    const auto &column_ids = get.GetColumnIds();
    if (!one_column || !binding || binding->column_index >= column_ids.size() || expression.IsVolatile()) {
        return std::nullopt;
    }
    const dd::ColumnIndex &index = column_ids[binding->column_index];
    if (index.HasChildren() || index.GetPrimaryIndex() >= data.fields->size()) {
        return std::nullopt;
    }
    return binding;
}

// Drops the files whose hive partition values fail a filter that reads only partition columns
// (DuckDB's executor evaluates it over a chunk holding every file's values), before any of those
// files is opened; their file_index stays their position in the expanded list.
void PrunePartitions(dd::ClientContext &context,
                     const dd::LogicalGet &get,
                     ReadVortexBindData &data,
                     const dd::vector<dd::unique_ptr<dd::Expression>> &filters) {
    const size_t partition_count = data.partitions.names.size();
    if (partition_count == 0) {
        return;
    }
    const auto &column_ids = get.GetColumnIds();
    // The partition a column reference reads, if it reads one.
    const auto partition_of = [&](const dd::BoundColumnRefExpression &ref) -> std::optional<size_t> {
        if (ref.binding.table_index != get.table_index || ref.binding.column_index >= column_ids.size()) {
            return std::nullopt;
        }
        const dd::idx_t id = column_ids[ref.binding.column_index].GetPrimaryIndex();
        return id >= data.partition_start && id < data.partition_start + partition_count
                   ? std::optional<size_t>(id - data.partition_start)
                   : std::nullopt;
    };
    std::vector<bool> keep(data.paths.size(), true);
    for (const auto &filter : filters) {
        bool only_partitions = !filter->IsVolatile();
        bool any = false;
        dd::ExpressionIterator::VisitExpression<dd::BoundColumnRefExpression>(
            *filter, [&](const dd::BoundColumnRefExpression &ref) {
                only_partitions = only_partitions && partition_of(ref).has_value();
                any = true;
            });
        if (!any || !only_partitions) {
            continue;
        }
        dd::unique_ptr<dd::Expression> over_values = filter->Copy();
        dd::ExpressionIterator::VisitExpressionMutable<dd::BoundColumnRefExpression>(
            over_values, [&](dd::BoundColumnRefExpression &ref, dd::unique_ptr<dd::Expression> &slot) {
                slot = dd::make_uniq<dd::BoundReferenceExpression>(ref.return_type, *partition_of(ref));
            });
        dd::ExpressionExecutor executor(context, *over_values);
        dd::DataChunk chunk;
        chunk.Initialize(
            dd::Allocator::Get(context),
            dd::vector<dd::LogicalType>(data.partitions.types.begin(), data.partitions.types.end()));
        dd::SelectionVector selected(STANDARD_VECTOR_SIZE);
        for (size_t begin = 0; begin < data.paths.size(); begin += STANDARD_VECTOR_SIZE) {
            const size_t count = std::min<size_t>(STANDARD_VECTOR_SIZE, data.paths.size() - begin);
            chunk.Reset();
            for (size_t row = 0; row < count; ++row) {
                for (size_t k = 0; k < partition_count; ++k) {
                    chunk.SetValue(k, row, data.partitions.values[begin + row][k]);
                }
            }
            chunk.SetCardinality(count);
            std::vector<bool> passed(count, false);
            const dd::idx_t hits = executor.SelectExpression(chunk, selected);
            for (dd::idx_t i = 0; i < hits; ++i) {
                passed[selected.get_index(i)] = true;
            }
            for (size_t row = 0; row < count; ++row) {
                keep[begin + row] = keep[begin + row] && passed[row];
            }
        }
    }
    if (std::find(keep.begin(), keep.end(), false) == keep.end()) {
        return;
    }
    size_t kept = 0;
    for (size_t f = 0; f < keep.size(); ++f) {
        if (keep[f] && kept != f) { // (moving onto itself would empty a string)
            data.paths[kept] = std::move(data.paths[f]);
            data.file_numbers[kept] = data.file_numbers[f];
            data.files[kept] = std::move(data.files[f]);
            data.partitions.values[kept] = std::move(data.partitions.values[f]);
        }
        kept += keep[f] ? 1 : 0;
    }
    data.paths.resize(kept);
    data.file_numbers.resize(kept);
    data.files.resize(kept);
    data.partitions.values.resize(kept);
}

// Takes the filters on casts and functions of a column (`ts_ms::DATE = DATE '...'`,
// `d >= TIMESTAMP '...'`, `year(d) = 2024`) that translate exactly: DuckDB would otherwise keep
// some of them in a FILTER above the scan (it rewrites only microsecond timestamps itself, and
// does not push functions it marks as able to throw, such as year() of a DATE), and here they
// prune zones.
void ReadVortexPushdownComplexFilter(dd::ClientContext &context,
                                     dd::LogicalGet &get,
                                     dd::FunctionData *bind_data,
                                     dd::vector<dd::unique_ptr<dd::Expression>> &filters) {
    auto &data = bind_data->Cast<ReadVortexBindData>();
    PrunePartitions(context, get, data, filters);
    const bool utc_session = SessionIsUtc(context);
    for (size_t i = 0; i < filters.size();) {
        const dd::Expression &expression = *filters[i];
        const std::optional<dd::ColumnBinding> binding = OneColumn(data, get, expression);
        // Whether a cast or a function takes the column as an argument somewhere in the filter.
        bool wraps_column = false;
        const std::function<void(const dd::Expression &)> visit = [&](const dd::Expression &e) {
            const auto kind = e.GetExpressionClass();
            const bool wraps =
                kind == dd::ExpressionClass::BOUND_CAST || kind == dd::ExpressionClass::BOUND_FUNCTION;
            dd::ExpressionIterator::EnumerateChildren(e, [&](const dd::Expression &argument) {
                wraps_column = wraps_column || (wraps && argument.GetExpressionClass() ==
                                                             dd::ExpressionClass::BOUND_COLUMN_REF);
                visit(argument);
            });
        };
        visit(expression);
        std::optional<expr::ExprRef> translated;
        if (binding && wraps_column) {
            const dd::idx_t field = get.GetColumnIds()[binding->column_index].GetPrimaryIndex();
            if (AcceptsTableFilters(data.fields->dtypes[field])) {
                translated = TranslateFilterExpression(
                    expression, data.fields->names[field], data.fields->dtypes[field],
                    [&](const dd::Expression &e) {
                        return e.GetExpressionClass() == dd::ExpressionClass::BOUND_COLUMN_REF &&
                               e.Cast<dd::BoundColumnRefExpression>().binding == *binding;
                    },
                    utc_session);
            }
        }
        if (translated) {
            data.cast_filters.push_back(*std::move(translated));
            filters.erase_at(i);
        } else {
            ++i;
        }
    }
}

// Takes every deterministic filter expression on one whole column into the scan: the parts we
// translate (expression_filters.h) run in our scan with zone-map pruning, the rest DuckDB's
// executor evaluates on the exported rows (SplitTableFilter), as its Parquet reader does.
// DuckDB then does not apply it again.
bool ReadVortexPushdownExpression(dd::ClientContext &,
                                  const dd::LogicalGet &get,
                                  dd::Expression &expression) {
    return OneColumn(get.bind_data->Cast<ReadVortexBindData>(), get, expression).has_value();
}

// Makes the scan return `function` of the column at `column_index` in the column's place
// (projection_pushdown.h): string and list lengths and date parts, which our expressions
// compute exactly and as BIGINT, as DuckDB's functions do. The table filters DuckDB already put
// on the column test the column itself: they are translated now, and if one cannot be, the
// function stays where it is.
bool PushFunction(dd::ClientContext &context,
                  dd::LogicalGet &get,
                  dd::idx_t column_index,
                  const dd::BoundFunctionExpression &function) {
    auto &data = get.bind_data->Cast<ReadVortexBindData>();
    const dd::ColumnIndex &index = get.GetColumnIds().at(column_index);
    const dd::idx_t field = index.GetPrimaryIndex();
    if (index.HasChildren() || index.IsVirtualColumn() || field >= data.fields->size() ||
        data.ComputedField(field) != nullptr || function.return_type.id() != dd::LogicalTypeId::BIGINT) {
        return false;
    }
    const bool utc_session = SessionIsUtc(context);
    const std::string &name = data.fields->names[field];
    const DType &dtype = data.fields->dtypes[field];
    const auto translated = TranslateValueExpression(
        function, name, dtype,
        // The function's one argument is the column, read directly or under another name
        // (a view's projection passing it through).
        [](const dd::Expression &e) {
            return e.GetExpressionClass() == dd::ExpressionClass::BOUND_COLUMN_REF;
        },
        utc_session);
    if (!translated || translated->second.ptype() != PType::I64) {
        return false;
    }
    std::optional<expr::ExprRef> column_filter;
    // A logical scan keys its table filters by field (DuckDB maps them to column positions
    // when it builds the physical scan).
    const auto filter = get.table_filters.filters.find(field);
    if (filter != get.table_filters.filters.end()) {
        auto split =
            SplitTableFilter(*filter->second, expr::Col(name), dtype, data.types[field], utc_session);
        if (!split.ok() || !split->residual.empty()) {
            return false;
        }
        column_filter = split->pushed;
        get.table_filters.filters.erase(filter);
    }
    if (column_filter && *column_filter != nullptr) {
        data.cast_filters.push_back(*column_filter);
    }
    data.computed.resize(data.fields->size());
    data.computed[field] = ComputedColumn{translated->first, translated->second};
    data.types[field] = function.return_type;
    get.returned_types[field] = function.return_type;
    return true;
}

void ReadVortexOptimize(dd::OptimizerExtensionInput &input, dd::unique_ptr<dd::LogicalOperator> &plan) {
    dd::ClientContext &context = input.context;
    PushdownProjections(*plan, ProjectionPushdownTarget{
                                   [](const dd::LogicalGet &get) {
                                       return get.function.bind == ReadVortexBind && get.bind_data != nullptr;
                                   },
                                   [&context](dd::LogicalGet &get, dd::idx_t column_index,
                                              const dd::BoundFunctionExpression &function) {
                                       return PushFunction(context, get, column_index, function);
                                   }});
}

// What EXPLAIN shows besides DuckDB's own lines: the functions computed in the scan.
dd::InsertionOrderPreservingMap<std::string> ReadVortexToString(dd::TableFunctionToStringInput &input) {
    dd::InsertionOrderPreservingMap<std::string> result;
    const auto &data = input.bind_data->Cast<ReadVortexBindData>();
    std::string pushed;
    for (const std::optional<ComputedColumn> &computed : data.computed) {
        if (computed.has_value()) {
            pushed += (pushed.empty() ? "" : "\n") + computed->expr->ToString();
        }
    }
    if (!pushed.empty()) {
        result["Pushed Projections"] = pushed;
    }
    // Filters taken while DuckDB planned (its own line shows the table filters it pushed).
    std::string taken;
    for (const expr::ExprRef &filter : data.cast_filters) {
        taken += (taken.empty() ? "" : "\n") + filter->ToString();
    }
    if (!taken.empty()) {
        result["Scan Filters"] = taken;
    }
    return result;
}

dd::virtual_column_map_t ReadVortexVirtualColumns(dd::ClientContext &,
                                                  dd::optional_ptr<dd::FunctionData> bind_data) {
    return VirtualColumns(!bind_data->Cast<ReadVortexBindData>().filename_column.has_value());
}

double
ReadVortexProgress(dd::ClientContext &, const dd::FunctionData *, const dd::GlobalTableFunctionState *state) {
    const auto &global = state->Cast<ReadVortexGlobalState>();
    if (global.splits.empty()) {
        return 100.0;
    }
    const size_t taken = std::min(global.next.load(std::memory_order_relaxed), global.splits.size());
    return 100.0 * static_cast<double>(taken) / static_cast<double>(global.splits.size());
}

// What EXPLAIN ANALYZE shows for the scan: how much pruning and caching saved, and what was
// left to DuckDB.
dd::InsertionOrderPreservingMap<std::string>
ReadVortexDynamicToString(dd::TableFunctionDynamicToStringInput &input) {
    dd::InsertionOrderPreservingMap<std::string> result;
    const auto &data = input.bind_data->Cast<ReadVortexBindData>();
    uint64_t segments = 0;
    for (const auto &file : data.Files()) {
        segments += file->segments_read();
    }
    result["Files"] = std::to_string(data.paths.size());
    if (input.global_state != nullptr) {
        const auto &global = input.global_state->Cast<ReadVortexGlobalState>();
        result["Files Scanned"] = std::to_string(global.files_scanned);
        result["Splits"] = std::to_string(global.splits.size());
        result["Rows Pruned"] = std::to_string(global.pruned_rows);
        result["Rows Proven"] = std::to_string(global.proven_rows);
        // Filter parts the scan could not take, which DuckDB evaluates on the exported rows.
        result["Residual Filters"] = std::to_string(global.residuals.size());
    }
    result["Segments Read"] = std::to_string(segments);
    return result;
}

dd::unique_ptr<dd::TableRef> VortexReplacementScan(dd::ClientContext &,
                                                   dd::ReplacementScanInput &input,
                                                   dd::optional_ptr<dd::ReplacementScanData>) {
    const std::string path = dd::ReplacementScan::GetFullPath(input);
    if (!dd::ReplacementScan::CanReplace(path, {"vortex"})) {
        return nullptr;
    }
    auto ref = dd::make_uniq<dd::TableFunctionRef>();
    dd::vector<dd::unique_ptr<dd::ParsedExpression>> children;
    children.push_back(dd::make_uniq<dd::ConstantExpression>(dd::Value(path)));
    ref->function = dd::make_uniq<dd::FunctionExpression>(kFunctionName, std::move(children));
    return ref;
}

dd::TableFunction MakeReadVortex(const dd::LogicalType &argument) {
    dd::TableFunction function(kFunctionName, {argument}, ReadVortexScan, ReadVortexBind,
                               ReadVortexInitGlobal, ReadVortexInitLocal);
    function.named_parameters["filename"] = dd::LogicalType::BOOLEAN;
    function.named_parameters["hive_partitioning"] = dd::LogicalType::BOOLEAN;
    function.named_parameters["hive_types_autocast"] = dd::LogicalType::BOOLEAN;
    function.named_parameters["hive_types"] = dd::LogicalType::ANY;
    function.projection_pushdown = true;
    function.filter_pushdown = true;
    function.filter_prune = true;
    function.pushdown_expression = ReadVortexPushdownExpression;
    function.pushdown_complex_filter = ReadVortexPushdownComplexFilter;
    function.cardinality = ReadVortexCardinality;
    function.statistics = ReadVortexStatistics;
    function.get_partition_data = ReadVortexPartitionData;
    function.get_partition_stats = ReadVortexPartitionStats;
    function.table_scan_progress = ReadVortexProgress;
    function.dynamic_to_string = ReadVortexDynamicToString;
    function.to_string = ReadVortexToString;
    function.get_virtual_columns = ReadVortexVirtualColumns;
    return function;
}

} // namespace

void RegisterReadVortex(dd::ExtensionLoader &loader) {
    dd::TableFunctionSet set(kFunctionName);
    set.AddFunction(MakeReadVortex(dd::LogicalType::VARCHAR));
    set.AddFunction(MakeReadVortex(dd::LogicalType::LIST(dd::LogicalType::VARCHAR)));
    loader.RegisterFunction(std::move(set));
    dd::DBConfig &config = dd::DBConfig::GetConfig(loader.GetDatabaseInstance());
    config.replacement_scans.emplace_back(VortexReplacementScan);
    dd::OptimizerExtension optimizer;
    optimizer.optimize_function = ReadVortexOptimize;
    config.optimizer_extensions.push_back(std::move(optimizer));
    RegisterCopyVortex(loader);
}

void RegisterReadVortex(dd::DatabaseInstance &database) {
    dd::ExtensionLoader loader(database, "vortex");
    RegisterReadVortex(loader);
}

} // namespace vortex::duckdb_ext
