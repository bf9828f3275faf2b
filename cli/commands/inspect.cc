// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/serde/serialized_array.h"
#include "vortex/layout/layouts/flat_layout.h"
#include "vortex/layout/layouts/struct_layout.h"
#include "vortex/layout/layouts/zone_map_layout.h"
#include "vortex/vortex.h"

#include "commands/cli_util.h"
#include "commands/commands.h"
#include "commands/inspect_columns.h"

namespace vortex::cli {
namespace {

using nlohmann::ordered_json;

uint64_t SegmentBytes(const VortexFile &file, const Layout &layout) {
    uint64_t total = 0;
    for (uint32_t id : layout.segment_ids()) {
        total += file.segments()[id].length;
    }
    for (size_t i = 0; i < layout.nchildren(); ++i) {
        total += SegmentBytes(file, *ValueOrThrow(layout.Child(i)));
    }
    return total;
}

std::string ScalarText(const Scalar &scalar) {
    return scalar.is_null() ? "null" : scalar.ToString();
}

// One layout node and its subtree, as JSON.
ordered_json
DescribeLayout(const VortexFile &file, const Layout &layout, const std::string &name, bool zones) {
    ordered_json node;
    if (!name.empty()) {
        node["name"] = name;
    }
    node["layout"] = std::string(layout.encoding_id());
    node["dtype"] = layout.dtype().ToString();
    node["rows"] = layout.row_count();
    node["bytes"] = SegmentBytes(file, layout);
    if (const auto *flat = dynamic_cast<const FlatLayout *>(&layout)) {
        const SegmentSpec &spec = file.segments()[flat->segment_id()];
        node["segment"] = {{"id", flat->segment_id()}, {"offset", spec.offset}, {"length", spec.length}};
        LayoutReadContext ctx{file, *file.footer().arrays};
        auto array = flat->ReadAll(ctx);
        node["encoding"] = array.ok() ? EncodingTree(**array) : "unreadable: " + array.status().ToString();
    }
    if (const auto *zoned = dynamic_cast<const ZoneMapLayout *>(&layout)) {
        node["zone_len"] = zoned->zone_len();
        node["zone_count"] = zoned->zone_count();
        if (zones && zoned->zones() != nullptr) {
            LayoutReadContext ctx{file, *file.footer().arrays};
            auto table = zoned->ReadZones(ctx);
            if (table.ok()) {
                const StructFields &fields = (*table)->dtype().struct_fields();
                ordered_json rows = ordered_json::array();
                for (size_t z = 0; z < (*table)->len(); ++z) {
                    auto row = ScalarAt(*table, z);
                    ordered_json entry;
                    for (size_t f = 0; row.ok() && f < fields.size(); ++f) {
                        entry[fields.names[f]] = ScalarText(row->elements()[f]);
                    }
                    rows.push_back(std::move(entry));
                }
                node["zones"] = std::move(rows);
            }
        }
    }
    const auto *structure = dynamic_cast<const StructLayout *>(&layout);
    ordered_json children = ordered_json::array();
    for (size_t i = 0; i < layout.nchildren(); ++i) {
        std::string child_name;
        if (structure != nullptr) {
            size_t offset = layout.dtype().is_nullable() ? 1 : 0;
            child_name = i < offset ? "(validity)" : layout.dtype().struct_fields().names[i - offset];
        } else if (dynamic_cast<const ZoneMapLayout *>(&layout) != nullptr) {
            child_name = i == 0 ? "(data)" : "(zones)";
        }
        children.push_back(DescribeLayout(file, *ValueOrThrow(layout.Child(i)), child_name, zones));
    }
    if (!children.empty()) {
        node["children"] = std::move(children);
    }
    return node;
}

ordered_json Describe(const std::shared_ptr<const VortexFile> &handle, bool zones) {
    const VortexFile &file = *handle;
    ordered_json out;
    out["dtype"] = file.dtype().ToString();
    out["rows"] = file.row_count();
    out["file_bytes"] = file.file_size();
    out["segments"] = file.segments().size();
    ordered_json stats = ordered_json::array();
    const FileStatistics &statistics = file.footer().statistics;
    for (size_t i = 0; i < statistics.size(); ++i) {
        ordered_json entry;
        entry["column"] = file.dtype().is_struct() ? file.dtype().struct_fields().names[i] : "(all)";
        for (const auto &[stat, value] : *ValueOrThrow(statistics.Field(i))) {
            entry[std::string(StatName(stat))] = ScalarText(value);
        }
        stats.push_back(std::move(entry));
    }
    out["statistics"] = std::move(stats);
    out["columns"] = DescribeColumns(handle);
    out["layout"] = DescribeLayout(file, *file.layout(), "", zones);
    return out;
}

// Indented text rendering of the same description.
void PrintLayout(const ordered_json &node, int depth) {
    std::string indent(static_cast<size_t>(depth) * 2, ' ');
    std::string line = indent;
    if (node.contains("name")) {
        line += node["name"].get<std::string>() + ": ";
    }
    line += node["layout"].get<std::string>() + " " + node["dtype"].get<std::string>() + ", " +
            std::to_string(node["rows"].get<uint64_t>()) + " rows, " +
            std::to_string(node["bytes"].get<uint64_t>()) + " bytes";
    if (node.contains("encoding")) {
        line += ", segment " + std::to_string(node["segment"]["id"].get<uint64_t>()) + ": " +
                node["encoding"].get<std::string>();
    }
    if (node.contains("zone_len")) {
        line += ", " + std::to_string(node["zone_count"].get<uint64_t>()) + " zones of " +
                std::to_string(node["zone_len"].get<uint64_t>()) + " rows";
    }
    std::printf("%s\n", line.c_str());
    if (node.contains("zones")) {
        size_t shown = 0;
        for (const auto &zone : node["zones"]) {
            if (shown++ == 5) {
                std::printf("%s    ... (%zu zones; --zones with --json lists all)\n", indent.c_str(),
                            node["zones"].size());
                break;
            }
            std::printf("%s    zone %zu: %s\n", indent.c_str(), shown - 1, zone.dump().c_str());
        }
    }
    if (node.contains("children")) {
        for (const auto &child : node["children"]) {
            PrintLayout(child, depth + 1);
        }
    }
}

} // namespace

void AddInspectCommand(CLI::App &app) {
    auto path = std::make_shared<std::string>();
    auto json = std::make_shared<bool>(false);
    auto zones = std::make_shared<bool>(false);
    CLI::App *cmd =
        app.add_subcommand("inspect", "Show a .vortex file's dtype, rows, per-column sizes and encodings, "
                                      "layout tree and statistics");
    cmd->add_option("file", *path, ".vortex file")->required();
    cmd->add_flag("--json", *json, "print JSON");
    cmd->add_flag("--zones", *zones, "include every zone's statistics");
    cmd->callback([path, json, zones] {
        auto file = OpenVortexFile(*path);
        ordered_json description = Describe(file, *zones || !*json);
        if (*json) {
            std::printf("%s\n", description.dump(2).c_str());
            return;
        }
        std::printf("dtype: %s\nrows: %llu\nfile: %llu bytes, %zu segments\n",
                    description["dtype"].get<std::string>().c_str(),
                    static_cast<unsigned long long>(file->row_count()),
                    static_cast<unsigned long long>(file->file_size()), file->segments().size());
        for (const auto &column : description["statistics"]) {
            std::printf("statistics %s\n", column.dump().c_str());
        }
        PrintColumns(description["columns"]);
        PrintLayout(description["layout"], 0);
    });
}

} // namespace vortex::cli
