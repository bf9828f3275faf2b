// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "vortex/file/footer.h"

namespace vortex {

class Session;

/// What identifies one version of a file on disk: its path and what stat(2) says of it. A file
/// rewritten in place gets a new mtime (and usually a new size); one replaced by rename gets a
/// new inode. Two writes with the same size inside one tick of the file system's clock cannot
/// be told apart: caching footers assumes files are not rewritten that quickly.
struct FileIdentity {
    std::string path;
    uint64_t size = 0;
    int64_t mtime_ns = 0;
    uint64_t device = 0;
    uint64_t inode = 0;

    bool operator==(const FileIdentity &) const = default;
};

/// stat(2) of `path` as a FileIdentity; errors name the path.
Result<FileIdentity> StatFileIdentity(const std::string &path);

/// Parsed footers of files opened by path, shared by every VortexFile opened from the same file
/// version, so that an open of a cached file skips the tail read and the footer parse (seed 001).
///
/// Thread-safe. Entries are spread over kShards shards by path hash, each with its own mutex and
/// LRU list, so concurrent opens of different files rarely meet on one lock and a lookup holds
/// it for one hash probe. Each shard keeps at most ceil(capacity / kShards) entries.
/// A footer parsed through one session is served only to opens through that same session.
class FooterCache {
public:
    static constexpr size_t kShards = 16;

    explicit FooterCache(size_t capacity = 4096);
    FooterCache(const FooterCache &) = delete;
    FooterCache &operator=(const FooterCache &) = delete;

    /// The footer cached for `id` under `session`, or nullptr.
    std::shared_ptr<const Footer> Lookup(const FileIdentity &id, const Session &session);
    /// Caches `footer` for `id`; it replaces an entry of the same path (an older file version).
    void Insert(const FileIdentity &id,
                std::shared_ptr<const Session> session,
                std::shared_ptr<const Footer> footer);

    struct Stats {
        uint64_t hits = 0;
        uint64_t misses = 0;
        size_t entries = 0;
    };
    /// Totals over every shard (each read under its shard's lock).
    Stats stats() const;

private:
    struct Entry {
        FileIdentity id;
        std::shared_ptr<const Session> session;
        std::shared_ptr<const Footer> footer;
    };
    // Most recently used first; `index` maps a path to its entry.
    struct Shard {
        mutable std::mutex mutex;
        std::list<Entry> lru;
        std::unordered_map<std::string, std::list<Entry>::iterator> index;
        uint64_t hits = 0;
        uint64_t misses = 0;
    };
    // Shards sit on separate cache lines so their locks do not share one.
    struct alignas(64) PaddedShard : Shard {};

    Shard &ShardOf(const std::string &path);

    size_t shard_capacity_;
    std::array<PaddedShard, kShards> shards_;
};

} // namespace vortex
