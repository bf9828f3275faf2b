// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/file.hpp"

#include "vortex/api/api_internal.h"
#include "vortex/api/scan_impl.h"
#include "vortex/file/footer_cache.h"

namespace vortex::api {
namespace {

// A user's ReadAt seen as ours: each read fills a fresh aligned buffer.
class PublicReadAt final : public vortex::ReadAt {
public:
    explicit PublicReadAt(std::shared_ptr<const api::ReadAt> source)
        : source_(std::move(source)), name_(source_->name()) {}

    vortex::Result<uint64_t> Size() const override {
        Result<uint64_t> size = source_->Size();
        if (!size.ok()) {
            return ToInternal(size.status());
        }
        return *size;
    }

    vortex::Result<Buffer> Read(uint64_t offset, uint64_t length) const override {
        VX_ASSIGN_OR_RETURN(const uint64_t size, Size());
        VX_RETURN_NOT_OK(CheckReadRange(name_, offset, length, size));
        BufferMut bytes = BufferMut::Uninitialized(length);
        if (length > 0) {
            VX_RETURN_NOT_OK(ToInternal(source_->Read(offset, length, bytes.data())));
        }
        return std::move(bytes).Freeze();
    }

    std::string_view name() const override { return name_; }
    size_t alignment_hint() const override { return kDefaultAlignment; }

private:
    std::shared_ptr<const api::ReadAt> source_;
    std::string name_;
};

vortex::OpenOptions ToInternal(const OpenOptions &options) {
    vortex::OpenOptions out;
    if (options.footer_cache) {
        out.footer_cache = options.footer_cache->impl().cache;
    }
    out.array_cache_bytes = options.array_cache_bytes;
    out.skeleton_cache_bytes = options.skeleton_cache_bytes;
    return out;
}

Result<File> Wrapped(vortex::Result<std::shared_ptr<const VortexFile>> file) {
    return ToPublic(std::move(file), [](std::shared_ptr<const VortexFile> f) {
        return File(std::make_shared<const File::Impl>(File::Impl{std::move(f)}));
    });
}

std::optional<uint64_t> CountOf(const vortex::Scalar &value) {
    if (value.is_null() || !value.dtype().is_primitive() || !IsInt(value.dtype().ptype())) {
        return std::nullopt;
    }
    return Wrap(value).AsUInt64();
}

} // namespace

std::shared_ptr<FooterCache> FooterCache::Make(size_t capacity) {
    return std::make_shared<FooterCache>(
        std::make_shared<Impl>(Impl{std::make_shared<vortex::FooterCache>(capacity)}));
}

Result<File> File::Open(const std::string &path, const OpenOptions &options) {
    return Wrapped(VortexFile::Open(path, DefaultSessionPtr(), options.mmap, ToInternal(options)));
}

Result<File> File::Open(std::shared_ptr<const ReadAt> source, const OpenOptions &options) {
    if (source == nullptr) {
        return Status(StatusCode::InvalidArgument, "no source to open");
    }
    return Wrapped(VortexFile::Open(std::make_shared<PublicReadAt>(std::move(source)), DefaultSessionPtr(),
                                    ToInternal(options)));
}

Result<File> File::OpenBuffer(const void *data, size_t size, const OpenOptions &options) {
    if (data == nullptr && size > 0) {
        return Status(StatusCode::InvalidArgument, "null buffer");
    }
    // Borrowed: the owner is empty, the caller keeps the memory alive.
    Buffer bytes = Buffer::Wrap(data, size, nullptr);
    return Wrapped(VortexFile::Open(std::make_shared<InMemoryReadAt>(std::move(bytes)), DefaultSessionPtr(),
                                    ToInternal(options)));
}

DType File::dtype() const {
    return Wrap(impl_->file->dtype());
}

uint64_t File::row_count() const {
    return impl_->file->row_count();
}

uint64_t File::file_size() const {
    return impl_->file->file_size();
}

Result<std::vector<ColumnStatistics>> File::statistics() const {
    std::vector<ColumnStatistics> out;
    const VortexFile &file = *impl_->file;
    const FileStatistics &fields = file.footer().statistics;
    for (size_t f = 0; f < fields.size(); ++f) {
        ColumnStatistics column;
        if (file.dtype().is_struct() && f < file.dtype().struct_fields().size()) {
            column.name = file.dtype().struct_fields().names[f];
        }
        auto stats = fields.Field(f);
        if (!stats.ok()) {
            return ToPublic(stats.status());
        }
        for (const auto &[stat, value] : **stats) {
            switch (stat) {
                case Stat::Min:
                    column.min = Wrap(value);
                    break;
                case Stat::Max:
                    column.max = Wrap(value);
                    break;
                case Stat::Sum:
                    column.sum = Wrap(value);
                    break;
                case Stat::NullCount:
                    column.null_count = CountOf(value);
                    break;
                case Stat::NanCount:
                    column.nan_count = CountOf(value);
                    break;
                default:
                    break;
            }
        }
        out.push_back(std::move(column));
    }
    return out;
}

ScanBuilder File::Scan() const {
    auto impl = std::make_shared<ScanBuilder::Impl>();
    impl->file = impl_->file;
    return ScanBuilder(std::move(impl));
}

} // namespace vortex::api
