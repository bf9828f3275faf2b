// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "vortex/vortex.h"

namespace vortex::duckdb_bridge {

/// A pull-based stream of arrays that all have dtype(). The bridge produces one per query
/// (a struct dtype with one field per column, each batch a struct array) and consumes any
/// struct-typed reader in CopyTo().
///
/// Protocol: call Next() until it returns std::nullopt (the end) or an error; after either,
/// the reader is done. Arrays already returned stay valid after the reader is gone.
class ArrayReader {
public:
    virtual ~ArrayReader() = default;

    /// Returns the dtype of every array Next() yields.
    virtual const DType &dtype() const = 0;
    /// Returns the next array, std::nullopt at the end, or an error.
    virtual Result<std::optional<ArrayRef>> Next() = 0;
};

/// Wraps arrays already in memory (each of `dtype`) as a reader that yields them in order.
std::unique_ptr<ArrayReader> MakeArrayReader(DType dtype, std::vector<ArrayRef> arrays);

} // namespace vortex::duckdb_bridge
