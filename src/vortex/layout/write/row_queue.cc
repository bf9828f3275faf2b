// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/write/row_queue.h"

#include <algorithm>

#include "vortex/array/builder/array_builder.h"
#include "vortex/array/compute/slice.h"

namespace vortex {

void RowQueue::Push(ArrayRef chunk) {
    rows_ += chunk->len();
    chunks_.push_back(std::move(chunk));
}

Result<std::vector<ArrayRef>> RowQueue::Front(uint64_t rows) const {
    VX_ENSURE(rows <= rows_, OutOfBounds, "{} rows requested of {} queued", rows, rows_);
    std::vector<ArrayRef> parts;
    for (const ArrayRef &chunk : chunks_) {
        if (rows == 0) {
            break;
        }
        if (chunk->len() <= rows) {
            parts.push_back(chunk);
            rows -= chunk->len();
        } else {
            VX_ASSIGN_OR_RETURN(ArrayRef head, Slice(chunk, 0, static_cast<size_t>(rows)));
            parts.push_back(std::move(head));
            rows = 0;
        }
    }
    return parts;
}

Result<ArrayRef> RowQueue::CompactFront(uint64_t rows, const DType &dtype) const {
    VX_ASSIGN_OR_RETURN(std::vector<ArrayRef> parts, Front(rows));
    VX_ASSIGN_OR_RETURN(auto builder, MakeBuilder(dtype, BuilderOptions{.share_buffers = false}));
    for (const ArrayRef &part : parts) {
        VX_RETURN_NOT_OK(builder->AppendArray(part));
    }
    return builder->Finish();
}

Status RowQueue::Pop(uint64_t rows) {
    VX_ENSURE(rows <= rows_, OutOfBounds, "{} rows dropped of {} queued", rows, rows_);
    rows_ -= rows;
    while (rows > 0) {
        ArrayRef front = std::move(chunks_.front());
        chunks_.pop_front();
        if (front->len() > rows) {
            VX_ASSIGN_OR_RETURN(ArrayRef tail, Slice(front, static_cast<size_t>(rows), front->len()));
            chunks_.push_front(std::move(tail));
            rows = 0;
        } else {
            rows -= front->len();
        }
    }
    return Status::OK();
}

} // namespace vortex
