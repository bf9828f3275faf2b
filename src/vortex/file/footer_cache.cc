// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/file/footer_cache.h"

#include <cerrno>
#include <cstring>
#include <functional>
#include <sys/stat.h>

namespace vortex {

Result<FileIdentity> StatFileIdentity(const std::string &path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
        return Status::Io("cannot stat '{}': {}", path, std::strerror(errno));
    }
    FileIdentity id;
    id.path = path;
    id.size = static_cast<uint64_t>(st.st_size);
    id.mtime_ns = static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
    id.device = static_cast<uint64_t>(st.st_dev);
    id.inode = static_cast<uint64_t>(st.st_ino);
    return id;
}

FooterCache::FooterCache(size_t capacity)
    : shard_capacity_(std::max<size_t>(1, (capacity + kShards - 1) / kShards)) {}

FooterCache::Shard &FooterCache::ShardOf(const std::string &path) {
    return shards_[std::hash<std::string>{}(path) % kShards];
}

std::shared_ptr<const Footer> FooterCache::Lookup(const FileIdentity &id, const Session &session) {
    Shard &shard = ShardOf(id.path);
    std::lock_guard lock(shard.mutex);
    auto it = shard.index.find(id.path);
    if (it == shard.index.end() || !(it->second->id == id) || it->second->session.get() != &session) {
        ++shard.misses;
        return nullptr;
    }
    ++shard.hits;
    shard.lru.splice(shard.lru.begin(), shard.lru, it->second);
    return it->second->footer;
}

void FooterCache::Insert(const FileIdentity &id,
                         std::shared_ptr<const Session> session,
                         std::shared_ptr<const Footer> footer) {
    Shard &shard = ShardOf(id.path);
    // Entries leave the shard under the lock but are destroyed after it: a footer's last
    // reference may free a large layout tree.
    std::list<Entry> evicted;
    std::lock_guard lock(shard.mutex);
    if (auto it = shard.index.find(id.path); it != shard.index.end()) {
        evicted.splice(evicted.end(), shard.lru, it->second);
        shard.index.erase(it);
    }
    shard.lru.push_front(Entry{id, std::move(session), std::move(footer)});
    shard.index.emplace(id.path, shard.lru.begin());
    while (shard.lru.size() > shard_capacity_) {
        shard.index.erase(shard.lru.back().id.path);
        evicted.splice(evicted.end(), shard.lru, std::prev(shard.lru.end()));
    }
}

FooterCache::Stats FooterCache::stats() const {
    Stats out;
    for (const Shard &shard : shards_) {
        std::lock_guard lock(shard.mutex);
        out.hits += shard.hits;
        out.misses += shard.misses;
        out.entries += shard.lru.size();
    }
    return out;
}

} // namespace vortex
