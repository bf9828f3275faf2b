// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/read_vortex_bind_data.h"

#include "vortex/file/footer_cache.h"
#include "vortex/vortex.h"

namespace vortex::duckdb_ext {

namespace dd = ::duckdb;

namespace {

// Footers of the files read through any database of this process: a re-read of an unchanged
// file (same path, size, mtime, inode) parses nothing.
const std::shared_ptr<FooterCache> &SharedFooterCache() {
    static const auto cache = std::make_shared<FooterCache>();
    return cache;
}

// Whether two files' struct dtypes have the same columns: names and types, where the files and
// each column may differ in nullability (DuckDB's columns are all nullable).
bool SameColumns(const DType &a, const DType &b) {
    const StructFields &left = a.struct_fields();
    const StructFields &right = b.struct_fields();
    if (left.size() != right.size()) {
        return false;
    }
    for (size_t i = 0; i < left.size(); i++) {
        if (left.names[i] != right.names[i] || !left.dtypes[i].EqualsIgnoringNullability(right.dtypes[i])) {
            return false;
        }
    }
    return true;
}

} // namespace

std::shared_ptr<const VortexFile> OpenStructFile(const std::string &path) {
    OpenOptions options;
    options.footer_cache = SharedFooterCache();
    auto file = VortexFile::Open(path, DefaultSessionPtr(), /*mmap=*/false, options);
    if (!file.ok()) {
        throw dd::IOException("read_vortex: cannot open %s: %s", path, file.status().ToString());
    }
    if (!(*file)->dtype().is_struct()) {
        throw dd::InvalidInputException("read_vortex: %s holds a %s, not a struct of columns", path,
                                        (*file)->dtype().ToString());
    }
    return *std::move(file);
}
const std::vector<std::shared_ptr<const VortexFile>> &ReadVortexBindData::Files() const {
    std::lock_guard<std::mutex> lock(*open_mutex);
    for (size_t f = 0; f < paths.size(); ++f) {
        if (files[f] == nullptr) {
            files[f] = OpenStructFile(paths[f]);
            if (f > 0 && !SameColumns(files[f]->dtype(), files[0]->dtype())) {
                throw dd::InvalidInputException("read_vortex: %s has columns %s, unlike %s (%s)", paths[f],
                                                files[f]->dtype().ToString(), paths[0],
                                                files[0]->dtype().ToString());
            }
        }
    }
    return files;
}

uint64_t ReadVortexBindData::Rows() const {
    uint64_t rows = 0;
    for (const auto &file : Files()) {
        rows += file->row_count();
    }
    return rows;
}

dd::unique_ptr<dd::FunctionData> ReadVortexBindData::Copy() const {
    return dd::make_uniq<ReadVortexBindData>(*this);
}

bool ReadVortexBindData::Equals(const dd::FunctionData &other) const {
    const auto &o = other.Cast<ReadVortexBindData>();
    if (paths != o.paths || filename_column != o.filename_column || partitions.names != o.partitions.names ||
        partitions.types != o.partitions.types || hive_autocast != o.hive_autocast ||
        cast_filters.size() != o.cast_filters.size() || computed.size() != o.computed.size()) {
        return false;
    }
    for (size_t i = 0; i < cast_filters.size(); ++i) {
        if (cast_filters[i]->ToString() != o.cast_filters[i]->ToString()) {
            return false;
        }
    }
    for (size_t i = 0; i < computed.size(); ++i) {
        if (computed[i].has_value() != o.computed[i].has_value() ||
            (computed[i].has_value() && computed[i]->expr->ToString() != o.computed[i]->expr->ToString())) {
            return false;
        }
    }
    return true;
}

} // namespace vortex::duckdb_ext
