// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vortex/base/result.h"

namespace vortex {

class Encoding;
class Session;

/// The encoding-id dictionary a writer uses: `ArrayNode.encoding` is an index into it, and the
/// file footer stores it as `Footer.array_specs`. Spec: arrays-encodings, section 1.3.
///
/// Immutable after construction: ids are sorted and unique, so IndexOf() is a lock-free
/// binary search and the context may be shared by any number of writer threads.
class ArrayWriteContext {
public:
    /// Returns a context holding every encoding id registered in `session`, sorted by id, as
    /// the reference pre-populates its dictionary.
    static ArrayWriteContext FromSession(const Session &session);
    /// Returns a context over `ids` (sorted and de-duplicated here); InvalidArgument if there
    /// are more than 65536 of them (indices are u16).
    static Result<ArrayWriteContext> FromIds(std::vector<std::string> ids);

    /// Returns the index of `id`, or nullopt when the context does not hold it (writing such
    /// an array is an error).
    std::optional<uint16_t> IndexOf(std::string_view id) const;
    /// The dictionary in index order, as written to the footer.
    std::span<const std::string> ids() const { return ids_; }

private:
    explicit ArrayWriteContext(std::vector<std::string> ids) : ids_(std::move(ids)) {}
    std::vector<std::string> ids_;
};

/// The encoding-id dictionary of a file being read (`Footer.array_specs`), resolved once
/// against a Session. Ids the session does not know are kept: a file may list encodings that
/// none of the arrays actually read use, so an unknown id is an error only when a node
/// refers to it. Immutable and thread-safe; the Session must outlive it.
class ArrayReadContext {
public:
    /// Resolves every id of `ids` (in file order) through `session`.
    static ArrayReadContext Resolve(std::vector<std::string> ids, const Session &session);

    /// Returns the encoding at `index`; Serde for an index outside the dictionary or an id the
    /// session does not support.
    Result<const Encoding *> Get(uint16_t index) const;
    std::span<const std::string> ids() const { return ids_; }

private:
    ArrayReadContext(std::vector<std::string> ids, std::vector<const Encoding *> encodings)
        : ids_(std::move(ids)), encodings_(std::move(encodings)) {}
    std::vector<std::string> ids_;
    // Parallel to ids_; nullptr for ids the session does not know.
    std::vector<const Encoding *> encodings_;
};

} // namespace vortex
