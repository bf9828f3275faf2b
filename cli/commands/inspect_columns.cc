// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "commands/inspect_columns.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <vector>

#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/arrays/varbinview/varbinview_array.h"
#include "vortex/array/canonical.h"
#include "vortex/file/file_scan.h"
#include "vortex/layout/layouts/flat_layout.h"
#include "vortex/layout/layouts/struct_layout.h"
#include "vortex/layout/layouts/zone_map_layout.h"

#include "commands/cli_util.h"

namespace vortex::cli {
namespace {

using nlohmann::ordered_json;

// Adds the segment bytes of every flat layout under `layout` to `out`, keyed by the encoding
// tree of its array; zone-map tables are keyed "(zone maps)" so the shares sum to the column.
void CollectEncodings(const VortexFile &file,
                      const Layout &layout,
                      bool in_zones,
                      std::map<std::string, uint64_t> &out) {
    if (const auto *flat = dynamic_cast<const FlatLayout *>(&layout)) {
        const uint64_t bytes = file.segments()[flat->segment_id()].length;
        if (in_zones) {
            out["(zone maps)"] += bytes;
            return;
        }
        LayoutReadContext ctx{file, *file.footer().arrays};
        auto array = flat->ReadAll(ctx);
        out[array.ok() ? EncodingTree(**array) : "(unreadable)"] += bytes;
        return;
    }
    // Segments a non-flat layout owns directly (none of the built-in ones has any).
    for (uint32_t id : layout.segment_ids()) {
        out["(" + std::string(layout.encoding_id()) + ")"] += file.segments()[id].length;
    }
    const bool zoned = dynamic_cast<const ZoneMapLayout *>(&layout) != nullptr;
    for (size_t i = 0; i < layout.nchildren(); ++i) {
        CollectEncodings(file, *ValueOrThrow(layout.Child(i)), in_zones || (zoned && i == 1), out);
    }
}

// Decodes `column` (empty: the whole non-struct file) batch by batch and sums canonical bytes.
Result<uint64_t> DecodedBytes(const std::shared_ptr<const VortexFile> &file, const std::string *column) {
    auto scan = Scan(file);
    if (column != nullptr) {
        scan.Project({*column});
    }
    auto stream = scan.IntoStream();
    uint64_t total = 0;
    while (true) {
        VX_ASSIGN_OR_RETURN(auto batch, stream->Next());
        if (!batch) {
            return total;
        }
        ArrayRef values = *batch;
        if (column != nullptr) {
            VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(values));
            const auto *structure = As<StructArray>(*canonical);
            VX_ENSURE(structure != nullptr && structure->nfields() == 1, Internal,
                      "a scan of column {} returned {}", *column, canonical->dtype().ToString());
            values = structure->field(0);
        }
        VX_ASSIGN_OR_RETURN(uint64_t bytes, CanonicalBytes(values));
        total += bytes;
    }
}

ordered_json DescribeColumn(const std::shared_ptr<const VortexFile> &file,
                            const Layout &layout,
                            const std::string &name,
                            bool whole_file) {
    std::map<std::string, uint64_t> encodings;
    CollectEncodings(*file, layout, false, encodings);
    uint64_t compressed = 0;
    for (const auto &[encoding, bytes] : encodings) {
        compressed += bytes;
    }
    std::vector<std::pair<std::string, uint64_t>> sorted(encodings.begin(), encodings.end());
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto &a, const auto &b) { return a.second > b.second; });
    ordered_json list = ordered_json::array();
    for (const auto &[encoding, bytes] : sorted) {
        list.push_back(
            {{"encoding", encoding},
             {"bytes", bytes},
             {"share", compressed > 0 ? static_cast<double>(bytes) / static_cast<double>(compressed) : 0}});
    }
    ordered_json out;
    out["name"] = name;
    out["dtype"] = layout.dtype().ToString();
    out["rows"] = layout.row_count();
    out["compressed_bytes"] = compressed;
    auto decoded = DecodedBytes(file, whole_file ? nullptr : &name);
    if (decoded.ok()) {
        out["uncompressed_bytes"] = *decoded;
        out["ratio"] = compressed > 0 ? static_cast<double>(*decoded) / static_cast<double>(compressed) : 0;
    } else {
        out["uncompressed_bytes"] = nullptr;
        out["error"] = decoded.status().ToString();
    }
    out["encodings"] = std::move(list);
    return out;
}

std::string Percent(double share) {
    // Shares under 1% stay visible as "<1%" rather than rounding to 0%.
    const double pct = share * 100;
    return pct > 0 && pct < 1 ? "<1%" : vortex::format("{:.0f}%", pct);
}

} // namespace

Result<uint64_t> CanonicalBytes(const ArrayRef &array) {
    VX_ASSIGN_OR_RETURN(ArrayRef canonical, Canonicalize(array));
    uint64_t total = 0;
    if (const auto *strings = As<VarBinViewArray>(*canonical)) {
        // Views plus the string bytes they reference: a batch's data buffers may be shared
        // with other batches (slices of one decoded block, dictionary values), so their
        // sizes would count the same bytes more than once.
        total += strings->views().size();
        for (size_t i = 0; i < strings->len(); ++i) {
            const BinaryView view = strings->view_at(i);
            total += view.is_inlined() ? 0 : view.size();
        }
    } else {
        for (const Buffer &buffer : canonical->buffers()) {
            total += buffer.size();
        }
    }
    for (const ArrayRef &child : canonical->children()) {
        VX_ASSIGN_OR_RETURN(uint64_t bytes, CanonicalBytes(child));
        total += bytes;
    }
    return total;
}

ordered_json DescribeColumns(const std::shared_ptr<const VortexFile> &file) {
    ordered_json columns = ordered_json::array();
    const Layout &root = *file->layout();
    const auto *structure = dynamic_cast<const StructLayout *>(&root);
    if (structure == nullptr) {
        columns.push_back(DescribeColumn(file, root, "(all)", true));
        return columns;
    }
    const auto &names = root.dtype().struct_fields().names;
    for (size_t i = 0; i < names.size(); ++i) {
        columns.push_back(DescribeColumn(file, *ValueOrThrow(structure->field(i)), names[i], false));
    }
    return columns;
}

void PrintColumns(const ordered_json &columns) {
    std::printf("columns:\n");
    for (const auto &column : columns) {
        std::string line = "  " + column["name"].get<std::string>() + ": " +
                           std::to_string(column["rows"].get<uint64_t>()) + " rows, " +
                           std::to_string(column["compressed_bytes"].get<uint64_t>()) + " B compressed, ";
        if (column["uncompressed_bytes"].is_null()) {
            line += "not decodable (" + column["error"].get<std::string>() + ")";
        } else {
            line += std::to_string(column["uncompressed_bytes"].get<uint64_t>()) + " B uncompressed (" +
                    vortex::format("{:.2f}x", column["ratio"].get<double>()) + ")";
        }
        std::string encodings;
        for (const auto &entry : column["encodings"]) {
            encodings += (encodings.empty() ? "" : ", ") + entry["encoding"].get<std::string>() + " " +
                         Percent(entry["share"].get<double>());
        }
        std::printf("%s; %s\n", line.c_str(), encodings.empty() ? "no segments" : encodings.c_str());
    }
}

} // namespace vortex::cli
