// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <deque>
#include <vector>

#include "vortex/array/array.h"
#include "vortex/base/result.h"

namespace vortex {

/// Chunks waiting to be re-cut by rows: the writers gather input here and take it out in
/// pieces of the row counts they choose.
class RowQueue {
public:
    void Push(ArrayRef chunk);
    uint64_t rows() const { return rows_; }
    bool empty() const { return rows_ == 0; }
    /// The first `rows` (<= rows()) queued rows, as the chunks or slices of them.
    Result<std::vector<ArrayRef>> Front(uint64_t rows) const;
    /// The first `rows` queued rows copied into one compact canonical array of `dtype`: its
    /// buffers hold only its own values (zero under nulls), whatever the chunks shared, so the
    /// bytes written from it depend only on the rows (BuilderOptions::share_buffers = false).
    Result<ArrayRef> CompactFront(uint64_t rows, const DType &dtype) const;
    /// Drops the first `rows` (<= rows()) queued rows.
    Status Pop(uint64_t rows);

private:
    std::deque<ArrayRef> chunks_;
    uint64_t rows_ = 0;
};

} // namespace vortex
