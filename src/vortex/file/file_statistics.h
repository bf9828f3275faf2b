// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "vortex/array/statistics.h"
#include "vortex/base/result.h"
#include "vortex/buffer/buffer.h"
#include "vortex/dtype/dtype.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

/// The statistics of one top-level field of a file (or of a non-struct file's only column).
using FieldStatistics = std::vector<std::pair<Stat, Scalar>>;

/// File-level statistics: one list per top-level field of a struct file, one list for any
/// other dtype (spec: file-format 2.6 and 6). Parse verifies the root table and the field
/// count; each field's entry is verified and decoded on first use, so a file of 20 000
/// columns does not decode 20 000 lists to read two. Copies share the decoded lists and keep
/// the bytes; thread-safe.
class FileStatistics {
public:
    /// No statistics (the file has none).
    FileStatistics() = default;
    static Result<FileStatistics> Parse(const Buffer &bytes, const DType &dtype);

    bool empty() const { return size() == 0; }
    size_t size() const;
    /// The statistics of field `i` (i < size()); the Serde error of a bad entry.
    Result<const FieldStatistics *> Field(size_t i) const;

private:
    struct State;
    std::shared_ptr<State> state_; // its decoded entries fill in as they are asked for
};

} // namespace vortex
