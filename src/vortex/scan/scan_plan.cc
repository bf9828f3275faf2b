// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/scan/scan_plan.h"

#include <algorithm>
#include <map>

#include "vortex/layout/layouts/chunked_layout.h"
#include "vortex/layout/layouts/dict_layout.h"
#include "vortex/layout/layouts/zone_map_layout.h"
#include "vortex/scan/zone_statistics.h"

namespace vortex::scan {
namespace {

using RowRanges = std::vector<std::pair<uint64_t, uint64_t>>;

// Chunk boundaries inside `layout` (absolute rows; `base` is the layout's first row): where a
// split can start without cutting a segment.
Status CollectSplitPoints(const Layout &layout, uint64_t base, std::vector<uint64_t> &out) {
    if (const auto *chunked = dynamic_cast<const ChunkedLayout *>(&layout)) {
        for (size_t i = 0; i < chunked->nchunks(); ++i) {
            const uint64_t start = base + chunked->chunk_offsets()[i];
            out.push_back(start);
            VX_RETURN_NOT_OK(CollectSplitPoints(*chunked->chunk(i), start, out));
        }
    } else if (const auto *zoned = dynamic_cast<const ZoneMapLayout *>(&layout)) {
        return CollectSplitPoints(*zoned->data(), base, out);
    } else if (const auto *fields = dynamic_cast<const StructLayout *>(&layout)) {
        for (size_t i = 0; i < fields->nfields(); ++i) {
            VX_ASSIGN_OR_RETURN(LayoutRef field, fields->field(i));
            VX_RETURN_NOT_OK(CollectSplitPoints(*field, base, out));
        }
    } else if (const auto *dict = dynamic_cast<const DictLayout *>(&layout)) {
        return CollectSplitPoints(*dict->codes(), base, out);
    }
    return Status::OK();
}

Result<size_t> FieldIndex(const DType &root, std::string_view name) {
    const auto &names = root.struct_fields().names;
    const auto it = std::find(names.begin(), names.end(), name);
    VX_ENSURE(it != names.end(), InvalidArgument, "no column named {}", name);
    return static_cast<size_t>(it - names.begin());
}

// The layout of the column or nested struct field at `path` under `root`, or nullptr when a
// struct on the way is not laid out by field.
Result<const Layout *> SubjectLayout(const StructLayout &root, const std::vector<std::string> &path) {
    const StructLayout *fields = &root;
    const Layout *layout = nullptr;
    for (const std::string &name : path) {
        if (fields == nullptr) {
            return nullptr;
        }
        VX_ASSIGN_OR_RETURN(size_t index, FieldIndex(fields->dtype(), name));
        VX_ASSIGN_OR_RETURN(LayoutRef field, fields->field(index));
        layout = field.get(); // owned by its struct, which the plan keeps
        fields = dynamic_cast<const StructLayout *>(layout);
    }
    return layout;
}

// Field indices of the columns `expr` reads, in ReferencedColumns order.
Result<std::vector<size_t>> FieldsOf(const DType &root, const expr::Expr &expr) {
    std::vector<size_t> fields;
    for (const std::string &name : expr::ReferencedColumns(expr)) {
        VX_ASSIGN_OR_RETURN(size_t index, FieldIndex(root, name));
        fields.push_back(index);
    }
    return fields;
}

void SortAndMerge(RowRanges &ranges) {
    std::sort(ranges.begin(), ranges.end());
    RowRanges merged;
    for (const auto &range : ranges) {
        if (!merged.empty() && range.first <= merged.back().second) {
            merged.back().second = std::max(merged.back().second, range.second);
        } else {
            merged.push_back(range);
        }
    }
    ranges = std::move(merged);
}

// What zone maps prove about the filter: the rows it is false on, and for each conjunct the
// rows it is true on. A conjunct is used when every column it reads has a zone map and they
// share one zone length; statistics the pruner cannot use (say, a literal of another type)
// prove nothing rather than fail the scan.
struct ZoneProof {
    RowRanges excluded;
    std::vector<expr::ExprRef> conjuncts;
    /// Per conjunct, the rows it is proven true on (sorted, merged).
    std::vector<RowRanges> proven_true;
};

Result<ZoneProof> ProveWithZones(const ScanPlan &plan, uint64_t row_count) {
    ZoneProof proof;
    if (!plan.filter || plan.root_struct == nullptr || row_count == 0) {
        return proof;
    }
    const LayoutReadContext ctx = plan.source.read_context();
    std::map<std::string, ArrayRef> zones_by_key;
    proof.conjuncts = expr::SplitConjuncts(plan.filter);
    proof.proven_true.resize(proof.conjuncts.size());
    for (size_t c = 0; c < proof.conjuncts.size(); ++c) {
        const expr::ExprRef &conjunct = proof.conjuncts[c];
        const std::vector<expr::ZoneSubject> subjects = expr::ReferencedZoneSubjects(*conjunct);
        if (subjects.empty()) {
            continue;
        }
        std::vector<std::pair<const expr::ZoneSubject *, const ZoneMapLayout *>> zone_maps;
        for (const expr::ZoneSubject &subject : subjects) {
            VX_ASSIGN_OR_RETURN(const Layout *layout, SubjectLayout(*plan.root_struct, subject.path));
            const auto *zone_map = dynamic_cast<const ZoneMapLayout *>(layout);
            // zone_len 0 (old files) disables pruning; a fuzzed file divided by it here.
            if (zone_map == nullptr || !zone_map->zones() || zone_map->zone_len() == 0 ||
                (!zone_maps.empty() && zone_maps.front().second->zone_len() != zone_map->zone_len())) {
                zone_maps.clear();
                break;
            }
            zone_maps.emplace_back(&subject, zone_map);
        }
        if (zone_maps.empty()) {
            continue;
        }
        const uint64_t zone_len = zone_maps.front().second->zone_len();
        LayoutZoneStatistics stats(zone_len, row_count);
        for (const auto &[subject, zone_map] : zone_maps) {
            ArrayRef &zones = zones_by_key[subject->key];
            if (!zones) {
                VX_ASSIGN_OR_RETURN(zones, zone_map->ReadZones(ctx));
            }
            stats.AddColumn(subject->key, *zone_map, zones);
        }
        const auto zone_rows = [&](size_t zone) {
            return std::pair<uint64_t, uint64_t>(zone * zone_len,
                                                 std::min<uint64_t>((zone + 1) * zone_len, row_count));
        };
        if (auto skip = expr::ZonesToSkip(*conjunct, stats); skip.ok()) {
            for (size_t zone : skip->Indices()) {
                proof.excluded.push_back(zone_rows(zone));
            }
        }
        if (auto all_true = expr::ZonesAllTrue(*conjunct, stats); all_true.ok()) {
            for (size_t zone : all_true->Indices()) {
                proof.proven_true[c].push_back(zone_rows(zone));
            }
            SortAndMerge(proof.proven_true[c]);
        }
    }
    SortAndMerge(proof.excluded);
    return proof;
}

// Whether `ranges` (sorted, merged) cover [begin, end).
bool Covers(const RowRanges &ranges, uint64_t begin, uint64_t end) {
    auto it =
        std::upper_bound(ranges.begin(), ranges.end(), std::pair<uint64_t, uint64_t>(begin, UINT64_MAX));
    return it != ranges.begin() && std::prev(it)->first <= begin && std::prev(it)->second >= end;
}

// The filter `split` needs when some conjuncts are proven true on all its selected rows (rows
// pruned away count as proven); null when it needs the plan's whole filter. Splits that keep
// the same conjuncts share one SplitFilter (`residuals`, keyed by which conjuncts remain).
Result<std::shared_ptr<const SplitFilter>>
ResidualFilter(const ScanPlan &plan,
               const ZoneProof &proof,
               const std::vector<RowRanges> &proven_or_excluded,
               const SplitRange &split,
               std::map<std::vector<bool>, std::shared_ptr<const SplitFilter>> &residuals) {
    std::vector<bool> keep(proof.conjuncts.size());
    std::vector<expr::ExprRef> remaining;
    for (size_t c = 0; c < proof.conjuncts.size(); ++c) {
        keep[c] = !Covers(proven_or_excluded[c], split.begin, split.end);
        if (keep[c]) {
            remaining.push_back(proof.conjuncts[c]);
        }
    }
    if (remaining.size() == proof.conjuncts.size()) {
        return std::shared_ptr<const SplitFilter>();
    }
    std::shared_ptr<const SplitFilter> &residual = residuals[keep];
    if (!residual) {
        auto made = std::make_shared<SplitFilter>();
        if (!remaining.empty()) {
            made->expr = remaining.size() == 1 ? remaining[0] : expr::And(std::move(remaining));
            VX_ASSIGN_OR_RETURN(made->fields, FieldsOf(plan.root_struct->dtype(), *made->expr));
        }
        residual = std::move(made);
    }
    return residual;
}

// Cuts [begin, end) at the natural points and then into pieces of at most `split_rows`.
std::vector<std::pair<uint64_t, uint64_t>> SplitSpans(std::vector<uint64_t> points,
                                                      uint64_t begin,
                                                      uint64_t end,
                                                      uint64_t split_rows,
                                                      uint64_t min_split_rows) {
    std::erase_if(points, [&](uint64_t p) { return p <= begin || p >= end; });
    std::sort(points.begin(), points.end());
    std::vector<uint64_t> kept = {begin};
    for (uint64_t point : points) {
        if (point - kept.back() >= min_split_rows && end - point >= min_split_rows) {
            kept.push_back(point);
        }
    }
    kept.push_back(end);
    points = std::move(kept);
    std::vector<std::pair<uint64_t, uint64_t>> spans;
    for (size_t i = 0; i + 1 < points.size(); ++i) {
        const uint64_t width = points[i + 1] - points[i];
        const uint64_t pieces = std::max<uint64_t>(1, (width + split_rows - 1) / split_rows);
        for (uint64_t k = 0; k < pieces; ++k) {
            spans.emplace_back(points[i] + width * k / pieces, points[i] + width * (k + 1) / pieces);
        }
    }
    return spans;
}

// The wanted rows of one span, or nullopt when none.
std::optional<SplitRange> SelectRows(uint64_t begin,
                                     uint64_t end,
                                     const RowRanges &excluded,
                                     const std::optional<std::vector<uint64_t>> &take) {
    const size_t len = static_cast<size_t>(end - begin);
    auto first =
        std::upper_bound(excluded.begin(), excluded.end(), std::pair<uint64_t, uint64_t>(begin, UINT64_MAX));
    if (first != excluded.begin()) {
        --first;
    }
    std::vector<std::pair<uint64_t, uint64_t>> cut; // excluded rows inside the span
    for (auto it = first; it != excluded.end() && it->first < end; ++it) {
        if (it->second > begin) {
            cut.emplace_back(std::max(it->first, begin), std::min(it->second, end));
        }
    }
    std::vector<size_t> positions; // take indices inside the span
    if (take) {
        for (auto it = std::lower_bound(take->begin(), take->end(), begin); it != take->end() && *it < end;
             ++it) {
            positions.push_back(static_cast<size_t>(*it - begin));
        }
    }
    if (take) {
        // Take indices outside the excluded ranges (both sorted) become the split's rows.
        if (!cut.empty()) {
            std::vector<size_t> kept;
            auto range = cut.begin();
            for (const size_t position : positions) {
                const uint64_t row = begin + position;
                while (range != cut.end() && range->second <= row) {
                    ++range;
                }
                if (range == cut.end() || row < range->first) {
                    kept.push_back(position);
                }
            }
            positions = std::move(kept);
        }
        if (positions.empty()) {
            return std::nullopt;
        }
        return SplitRange{
            begin,  end, std::nullopt, {}, std::make_shared<const std::vector<size_t>>(std::move(positions)),
            nullptr};
    }
    Mask mask = Mask::AllTrue(len);
    if (!cut.empty()) {
        // Excluded ranges (sorted, disjoint) are written as runs, not row by row: a pruned
        // file costs its number of zones, not its number of rows.
        uint64_t cut_rows = 0;
        for (const auto &[cut_begin, cut_end] : cut) {
            cut_rows += cut_end - cut_begin;
        }
        if (cut_rows >= len) {
            return std::nullopt;
        }
        BitBufferMut bits;
        bits.Reserve(len);
        uint64_t at = begin;
        for (const auto &[cut_begin, cut_end] : cut) {
            const uint64_t from = std::max(cut_begin, at);
            bits.AppendN(true, static_cast<size_t>(from - at));
            bits.AppendN(false, static_cast<size_t>(std::max(cut_end, from) - from));
            at = std::max(cut_end, at);
        }
        bits.AppendN(true, static_cast<size_t>(end - at));
        mask = Mask::FromBits(std::move(bits).Freeze());
    }
    if (mask.all_false()) {
        return std::nullopt;
    }
    SplitRange split{begin, end, std::nullopt, {}, nullptr, nullptr};
    if (!mask.all_true()) {
        split.selection = std::move(mask);
    }
    return split;
}

// Groups consecutive splits that select few rows each into splits of several pieces, up to
// `max_rows` selected rows per group: a task hand-off costs more than gathering a few rows.
std::vector<SplitRange> GroupSparseSplits(std::vector<SplitRange> splits, size_t max_rows) {
    std::vector<SplitRange> grouped;
    size_t group_rows = 0;
    for (SplitRange &split : splits) {
        const size_t rows = split.selected_rows();
        if (grouped.empty() || group_rows + rows > max_rows) {
            grouped.push_back(SplitRange{split.begin, split.end, std::nullopt, {}, nullptr, nullptr});
            group_rows = 0;
        }
        SplitRange &group = grouped.back();
        group.end = split.end;
        group.pieces.push_back(std::move(split));
        group_rows += rows;
    }
    for (SplitRange &group : grouped) {
        if (group.pieces.size() == 1) {
            // Moved out first: assigning a member of group.pieces to group would free it mid-move.
            SplitRange only = std::move(group.pieces.front());
            group = std::move(only);
        }
    }
    return grouped;
}

// A take's rows per split: at most a batch, and spread over the splits that run at once
// unless that leaves fewer than this many rows to each.
constexpr size_t kMinTakeSplitRows = 16;

// A take without a filter: its rows inside [begin, end) in splits of at most `max_rows` rows,
// `spread` of them at least when there are enough rows. No chunk boundaries are needed: each
// column's layout finds its chunks (Layout::TakeRows).
std::vector<SplitRange>
TakeSplits(const std::vector<uint64_t> &take, uint64_t begin, uint64_t end, size_t max_rows, size_t spread) {
    std::vector<SplitRange> splits;
    auto it = std::lower_bound(take.begin(), take.end(), begin);
    const auto count = static_cast<size_t>(std::lower_bound(it, take.end(), end) - it);
    const size_t parts = std::max<size_t>(spread, 1);
    max_rows = std::min(max_rows, std::max(kMinTakeSplitRows, (count + parts - 1) / parts));
    while (it != take.end() && *it < end) {
        const uint64_t first = *it;
        auto rows = std::make_shared<std::vector<size_t>>();
        for (; it != take.end() && *it < end && rows->size() < max_rows; ++it) {
            rows->push_back(static_cast<size_t>(*it - first));
        }
        const uint64_t last = first + rows->back() + 1;
        splits.push_back(SplitRange{first, last, std::nullopt, {}, std::move(rows), nullptr});
    }
    return splits;
}

} // namespace

Result<DType> ScanOutputDType(const ScanSource &source, const ScanOptions &options) {
    const DType &root = source.layout->dtype();
    if (!options.projection) {
        return root;
    }
    VX_ENSURE(root.is_struct(), InvalidArgument, "a projection needs a struct file, this one holds {}", root);
    std::vector<DType> dtypes;
    for (const std::string &name : *options.projection) {
        VX_ASSIGN_OR_RETURN(size_t index, FieldIndex(root, name));
        dtypes.push_back(root.struct_fields().dtypes[index]);
    }
    return DType::Struct(*options.projection, std::move(dtypes), root.nullability());
}

Result<std::shared_ptr<const ScanPlan>> PlanScan(const ScanSource &source, const ScanOptions &options) {
    VX_ENSURE(source.layout && source.segments && source.arrays, InvalidArgument, "incomplete scan source");
    VX_ENSURE(options.batch_rows > 0 && options.split_rows > 0, InvalidArgument,
              "batch and split rows must be > 0");
    auto plan = std::make_shared<ScanPlan>();
    plan->source = source;
    plan->filter = options.filter;
    plan->limit = options.limit;
    plan->batch_rows = options.batch_rows;
    plan->cache = source.cache ? source.cache : std::make_shared<ArrayCache>(options.cache_bytes);
    const Layout &root = *source.layout;
    const uint64_t row_count = root.row_count();
    plan->root_struct = dynamic_cast<const StructLayout *>(&root);

    std::vector<const Layout *> read_layouts;
    if (plan->root_struct != nullptr) {
        const StructFields &fields = root.dtype().struct_fields();
        if (options.projection) {
            for (const std::string &name : *options.projection) {
                VX_ASSIGN_OR_RETURN(size_t index, FieldIndex(root.dtype(), name));
                plan->projection.push_back(index);
            }
        } else {
            for (size_t i = 0; i < fields.size(); ++i) {
                plan->projection.push_back(i);
            }
        }
        if (plan->filter) {
            VX_ASSIGN_OR_RETURN(plan->filter_fields, FieldsOf(root.dtype(), *plan->filter));
        }
        for (size_t index : plan->projection) {
            VX_ASSIGN_OR_RETURN(LayoutRef field, plan->root_struct->field(index));
            read_layouts.push_back(field.get()); // owned by the root, which the plan keeps
        }
        for (size_t index : plan->filter_fields) {
            VX_ASSIGN_OR_RETURN(LayoutRef field, plan->root_struct->field(index));
            read_layouts.push_back(field.get());
        }
    } else {
        VX_ENSURE(!plan->filter, InvalidArgument, "a filter needs a struct file, this one holds {}",
                  root.dtype());
        read_layouts.push_back(&root);
    }
    VX_ASSIGN_OR_RETURN(plan->output_dtype, ScanOutputDType(source, options));

    uint64_t begin = 0;
    uint64_t end = row_count;
    if (options.row_range) {
        VX_ENSURE(options.row_range->first <= options.row_range->second &&
                      options.row_range->second <= row_count,
                  OutOfBounds, "row range [{}, {}) outside the file's {} rows", options.row_range->first,
                  options.row_range->second, row_count);
        begin = options.row_range->first;
        end = options.row_range->second;
    }
    std::optional<std::vector<uint64_t>> take = options.take;
    if (take) {
        std::sort(take->begin(), take->end());
        take->erase(std::unique(take->begin(), take->end()), take->end());
        VX_ENSURE(take->empty() || take->back() < row_count, OutOfBounds,
                  "row index {} outside the file's {} rows", take->empty() ? 0 : take->back(), row_count);
        if (take->empty()) {
            end = begin; // nothing selected
        } else {
            begin = std::max(begin, take->front());
            end = std::min(end, take->back() + 1);
        }
    }
    if (begin >= end || (options.limit && *options.limit == 0)) {
        return std::shared_ptr<const ScanPlan>(std::move(plan));
    }

    if (take && !plan->filter) {
        // Spread over the window when the splits wait on reads: with the bytes in memory (a
        // mapping, a cache shared across scans) a take is a few microseconds of work per
        // column, less than handing a split to another thread.
        const bool reads = source.cache == nullptr && !source.segments->reads_are_views();
        plan->splits = TakeSplits(*take, begin, end, options.batch_rows, reads ? options.window : 1);
        return std::shared_ptr<const ScanPlan>(std::move(plan));
    }
    std::vector<uint64_t> points;
    for (const Layout *layout : read_layouts) {
        VX_RETURN_NOT_OK(CollectSplitPoints(*layout, 0, points));
    }
    VX_ASSIGN_OR_RETURN(ZoneProof proof, ProveWithZones(*plan, row_count));
    const RowRanges &excluded = proof.excluded;
    std::vector<RowRanges> proven_or_excluded = proof.proven_true;
    for (RowRanges &ranges : proven_or_excluded) {
        ranges.insert(ranges.end(), excluded.begin(), excluded.end());
        SortAndMerge(ranges);
    }
    std::map<std::vector<bool>, std::shared_ptr<const SplitFilter>> residuals;
    std::vector<SplitRange> splits;
    for (const auto &[span_begin, span_end] :
         SplitSpans(std::move(points), begin, end, options.split_rows, options.min_split_rows)) {
        std::optional<SplitRange> split = SelectRows(span_begin, span_end, excluded, take);
        if (split) {
            VX_ASSIGN_OR_RETURN(split->filter,
                                ResidualFilter(*plan, proof, proven_or_excluded, *split, residuals));
            if (split->filter && !split->filter->expr) {
                plan->proven_rows += split->selected_rows();
            }
            splits.push_back(std::move(*split));
        }
    }
    plan->splits = take ? GroupSparseSplits(std::move(splits), options.batch_rows) : std::move(splits);
    for (const auto &[excluded_begin, excluded_end] : excluded) {
        const uint64_t low = std::max(excluded_begin, begin);
        const uint64_t high = std::min(excluded_end, end);
        plan->pruned_rows += high > low ? high - low : 0;
    }
    return std::shared_ptr<const ScanPlan>(std::move(plan));
}

} // namespace vortex::scan
