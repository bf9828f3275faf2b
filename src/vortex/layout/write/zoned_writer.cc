// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/layout/write/zoned_writer.h"

#include <array>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/builder/array_builder.h"
#include "vortex/array/compute/aggregate.h"
#include "vortex/array/compute/cast.h"
#include "vortex/layout/layouts/stats_layout.h"
#include "vortex/layout/write/row_queue.h"

namespace vortex {

namespace {

bool IsVariableLength(const DType &dtype) {
    return dtype.is_utf8() || dtype.is_binary();
}

// Length of the longest prefix of `text` of at most `limit` bytes that ends on a character.
size_t Utf8Prefix(std::string_view text, size_t limit) {
    size_t n = std::min(limit, text.size());
    while (n > 0 && n < text.size() && (static_cast<uint8_t>(text[n]) & 0xC0) == 0x80) {
        --n;
    }
    return n;
}

void AppendUtf8(std::string &out, uint32_t cp) {
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
}

// Decodes the last character of valid UTF-8 `text`; returns its code point and byte length.
std::pair<uint32_t, size_t> LastChar(std::string_view text) {
    size_t start = text.size() - 1;
    while (start > 0 && (static_cast<uint8_t>(text[start]) & 0xC0) == 0x80) {
        --start;
    }
    auto lead = static_cast<uint8_t>(text[start]);
    size_t len = text.size() - start;
    uint32_t cp = len == 1 ? lead : len == 2 ? (lead & 0x1Fu) : len == 3 ? (lead & 0x0Fu) : (lead & 0x07u);
    for (size_t i = start + 1; i < text.size(); ++i) {
        cp = (cp << 6) | (static_cast<uint8_t>(text[i]) & 0x3Fu);
    }
    return {cp, len};
}

} // namespace

std::pair<Scalar, bool> LowerBound(const Scalar &value) {
    const DType &dtype = value.dtype();
    if (value.is_null() || !IsVariableLength(dtype)) {
        return {value, false};
    }
    if (dtype.is_utf8()) {
        std::string_view text = value.as_string_view();
        if (text.size() <= kMaxStatBytes) {
            return {value, false};
        }
        return {
            Scalar::Utf8(std::string(text.substr(0, Utf8Prefix(text, kMaxStatBytes))), dtype.nullability()),
            true};
    }
    std::span<const uint8_t> bytes = value.as_bytes();
    if (bytes.size() <= kMaxStatBytes) {
        return {value, false};
    }
    return {Scalar::Binary({bytes.begin(), bytes.begin() + kMaxStatBytes}, dtype.nullability()), true};
}

std::optional<std::pair<Scalar, bool>> UpperBound(const Scalar &value) {
    const DType &dtype = value.dtype();
    if (value.is_null() || !IsVariableLength(dtype)) {
        return std::pair{value, false};
    }
    if (dtype.is_utf8()) {
        std::string_view text = value.as_string_view();
        if (text.size() <= kMaxStatBytes) {
            return std::pair{value, false};
        }
        std::string prefix(text.substr(0, Utf8Prefix(text, kMaxStatBytes)));
        // Increment the last character that can be; drop the ones that cannot.
        while (!prefix.empty()) {
            auto [cp, len] = LastChar(prefix);
            prefix.resize(prefix.size() - len);
            uint32_t next = cp + 1;
            if (next == 0xD800) {
                next = 0xE000; // skip the surrogates, which UTF-8 cannot hold
            }
            if (next > 0x10FFFF) {
                continue;
            }
            size_t before = prefix.size();
            AppendUtf8(prefix, next);
            if (prefix.size() <= kMaxStatBytes) {
                return std::pair{Scalar::Utf8(std::move(prefix), dtype.nullability()), true};
            }
            // The incremented character is longer and no longer fits: bump an earlier one.
            prefix.resize(before);
        }
        return std::nullopt;
    }
    std::span<const uint8_t> bytes = value.as_bytes();
    if (bytes.size() <= kMaxStatBytes) {
        return std::pair{value, false};
    }
    std::vector<uint8_t> prefix(bytes.begin(), bytes.begin() + kMaxStatBytes);
    while (!prefix.empty() && prefix.back() == 0xFF) {
        prefix.pop_back();
    }
    if (prefix.empty()) {
        return std::nullopt;
    }
    ++prefix.back();
    return std::pair{Scalar::Binary(std::move(prefix), dtype.nullability()), true};
}

namespace {

// The legacy default: PRUNING_STATS in ascending Stat id.
constexpr std::array<Stat, 5> kZoneStats = {Stat::Max, Stat::Min, Stat::Sum, Stat::NullCount, Stat::NanCount};

bool Orderable(const DType &dtype) {
    const DType &base = dtype.is_extension() ? dtype.extension().storage : dtype;
    return base.is_bool() || base.is_primitive() || base.is_decimal() || base.is_utf8() || base.is_binary();
}

class ZonedWriter final : public LayoutWriter, public StatisticsSource {
public:
    ZonedWriter(DType dtype,
                std::unique_ptr<LayoutWriter> data,
                LayoutStrategyRef zones,
                const WriteContext &ctx,
                uint64_t zone_len)
        : dtype_(std::move(dtype)), data_(std::move(data)), zones_(std::move(zones)), ctx_(ctx),
          zone_len_(zone_len) {
        for (Stat stat : kZoneStats) {
            bool wanted = (stat != Stat::Max && stat != Stat::Min) || Orderable(dtype_);
            if (wanted && StatDType(stat, dtype_)) {
                stats_.push_back(stat);
            }
        }
        values_.resize(stats_.size());
        truncated_.resize(stats_.size());
    }

    Status Write(SequenceId id, ArrayRef chunk, BufferedBytes::Reservation held) override {
        // Re-cut along zone boundaries; a zone's statistics are computed once it is complete.
        pending_.Push(chunk);
        while (pending_.rows() >= zone_len_) {
            VX_RETURN_NOT_OK(CloseZone(zone_len_));
        }
        return data_->Write(std::move(id), std::move(chunk), std::move(held));
    }

    Result<LayoutRef> Finish(SequencePointer eof) override {
        if (!pending_.empty()) {
            VX_RETURN_NOT_OK(CloseZone(pending_.rows()));
        }
        // model: ZONED ENTRY (data_->Finish), then ZONE_TABLE (tests/model/writer.pml)
        // Data first (its last segments), then the zone table after all data.
        VX_ASSIGN_OR_RETURN(LayoutRef data, data_->Finish(eof.SplitOff()));
        if (zones_count_ == 0 || stats_.empty()) {
            return data;
        }
        // One column per statistic that some zone has; all-null ones stay nullptr (dropped from
        // the table with their bit, and they add nothing to the file statistics).
        std::vector<ArrayRef> built(stats_.size());
        std::vector<Stat> present;
        std::vector<ArrayRef> columns;
        for (size_t s = 0; s < stats_.size(); ++s) {
            bool any = false;
            for (const auto &v : values_[s]) {
                any = any || v.has_value();
            }
            if (!any) {
                continue;
            }
            VX_ASSIGN_OR_RETURN(built[s], BuildColumn(s));
            present.push_back(stats_[s]);
            columns.push_back(built[s]);
            if (stats_[s] == Stat::Max || stats_[s] == Stat::Min) {
                BitBufferMut bits(zones_count_, false);
                for (size_t z = 0; z < zones_count_; ++z) {
                    bits.Set(z, truncated_[s][z]);
                }
                columns.push_back(BoolArray::Make(std::move(bits).Freeze(), Validity::NonNullable()));
            }
        }
        if (present.empty()) {
            return data;
        }
        VX_ASSIGN_OR_RETURN(ColumnStatistics file_stats, Aggregate(built));
        column_stats_ = std::move(file_stats);
        DType table_dtype = StatsLayout::TableDType(dtype_, present);
        VX_ASSIGN_OR_RETURN(auto table, StructArray::TryMake(table_dtype, std::move(columns), zones_count_,
                                                             Validity::NonNullable()));
        VX_ASSIGN_OR_RETURN(std::unique_ptr<LayoutWriter> writer, zones_->NewWriter(table_dtype, ctx_));
        BufferedBytes::Reservation held = ctx_.buffered.Reserve(table->nbytes());
        VX_RETURN_NOT_OK(writer->Write(eof.Advance(), ArrayRef(std::move(table)), std::move(held)));
        VX_ASSIGN_OR_RETURN(LayoutRef zones, writer->Finish(eof.SplitOff()));
        return StatsLayout::Make(std::move(data), std::move(zones), static_cast<uint32_t>(zone_len_),
                                 std::move(present));
    }

    ColumnStatistics column_statistics() const override { return column_stats_; }

private:
    // Computes the statistics of the first `rows` pending rows, which form one zone.
    Status CloseZone(uint64_t rows) {
        VX_ASSIGN_OR_RETURN(std::vector<ArrayRef> parts, pending_.Front(rows));
        VX_ASSIGN_OR_RETURN(ArrayRef zone, ConcatCanonical(parts, dtype_));
        VX_RETURN_NOT_OK(pending_.Pop(rows));
        for (size_t s = 0; s < stats_.size(); ++s) {
            std::optional<Scalar> value;
            bool truncated = false;
            switch (stats_[s]) {
                case Stat::Min: {
                    VX_ASSIGN_OR_RETURN(Scalar min, Min(zone));
                    if (!min.is_null()) {
                        auto [bound, cut] = LowerBound(min);
                        value = std::move(bound);
                        truncated = cut;
                    }
                    break;
                }
                case Stat::Max: {
                    VX_ASSIGN_OR_RETURN(Scalar max, Max(zone));
                    if (!max.is_null()) {
                        // No representable bound: null max with the flag false ("unknown").
                        if (auto bound = UpperBound(max)) {
                            value = std::move(bound->first);
                            truncated = bound->second;
                        }
                    }
                    break;
                }
                case Stat::Sum: {
                    VX_ASSIGN_OR_RETURN(Scalar sum, Sum(zone));
                    if (!sum.is_null()) {
                        value = std::move(sum);
                    }
                    break;
                }
                case Stat::NullCount:
                    value = Scalar::Primitive<uint64_t>(NullCount(zone), Nullability::NonNullable);
                    break;
                case Stat::NanCount: {
                    VX_ASSIGN_OR_RETURN(std::optional<Scalar> nans, zone->statistics().Get(Stat::NanCount));
                    value = std::move(nans);
                    break;
                }
                default:
                    break;
            }
            values_[s].push_back(std::move(value));
            truncated_[s].push_back(truncated);
        }
        ++zones_count_;
        return Status::OK();
    }

    Result<ArrayRef> BuildColumn(size_t s) const {
        DType field = StatDType(stats_[s], dtype_)->AsNullable();
        VX_ASSIGN_OR_RETURN(std::unique_ptr<ArrayBuilder> builder, MakeBuilder(field));
        for (const auto &value : values_[s]) {
            if (value) {
                VX_ASSIGN_OR_RETURN(Scalar cast, Cast(*value, field));
                VX_RETURN_NOT_OK(builder->AppendScalar(cast));
            } else {
                builder->AppendNull();
            }
        }
        return builder->Finish();
    }

    // Whole-column statistics from the zone columns `built` (nullptr: no zone has the
    // statistic): min of mins, max of maxes, sum of sums, totals.
    Result<ColumnStatistics> Aggregate(const std::vector<ArrayRef> &built) const {
        ColumnStatistics out;
        for (size_t s = 0; s < stats_.size(); ++s) {
            if (built[s] == nullptr) {
                continue;
            }
            const ArrayRef &column = built[s];
            Stat stat = stats_[s];
            bool complete = true;
            bool any_truncated = false;
            for (size_t z = 0; z < values_[s].size(); ++z) {
                complete = complete && values_[s][z].has_value();
                any_truncated = any_truncated || truncated_[s][z];
            }
            if (any_truncated) {
                continue; // file statistics keep exact values only
            }
            std::optional<Scalar> value;
            switch (stat) {
                case Stat::Min: {
                    VX_ASSIGN_OR_RETURN(Scalar min, Min(column));
                    if (!min.is_null()) {
                        value = std::move(min);
                    }
                    break;
                }
                case Stat::Max: {
                    if (!complete) {
                        break; // a zone without a bound leaves the column unbounded
                    }
                    VX_ASSIGN_OR_RETURN(Scalar max, Max(column));
                    if (!max.is_null()) {
                        value = std::move(max);
                    }
                    break;
                }
                case Stat::Sum: {
                    if (!complete) {
                        break; // a zone overflowed
                    }
                    VX_ASSIGN_OR_RETURN(Scalar sum, Sum(column));
                    DType target = *StatDType(Stat::Sum, dtype_);
                    if (!sum.is_null()) {
                        auto cast = Cast(sum, target);
                        if (cast.ok()) {
                            value = std::move(*cast);
                        }
                    }
                    break;
                }
                case Stat::NullCount:
                case Stat::NanCount: {
                    if (!complete) {
                        break;
                    }
                    VX_ASSIGN_OR_RETURN(Scalar total, Sum(column));
                    if (!total.is_null()) {
                        VX_ASSIGN_OR_RETURN(
                            value, Cast(total, DType::Primitive(PType::U64, Nullability::NonNullable)));
                    }
                    break;
                }
                default:
                    break;
            }
            if (value) {
                out.emplace_back(stat, std::move(*value));
            }
        }
        return out;
    }

    DType dtype_;
    std::unique_ptr<LayoutWriter> data_;
    LayoutStrategyRef zones_;
    const WriteContext &ctx_;
    uint64_t zone_len_;
    std::vector<Stat> stats_;
    std::vector<std::vector<std::optional<Scalar>>> values_;
    std::vector<std::vector<bool>> truncated_;
    RowQueue pending_;
    size_t zones_count_ = 0;
    ColumnStatistics column_stats_;
};

} // namespace

Result<std::unique_ptr<LayoutWriter>> ZonedStrategy::NewWriter(const DType &dtype,
                                                               const WriteContext &ctx) const {
    VX_ENSURE(zone_len_ > 0 && zone_len_ <= UINT32_MAX, InvalidArgument, "zone length {} out of range",
              zone_len_);
    VX_ASSIGN_OR_RETURN(std::unique_ptr<LayoutWriter> data, data_->NewWriter(dtype, ctx));
    if (dtype.is_null()) {
        return data; // a Null column has no statistics worth a table
    }
    return std::unique_ptr<LayoutWriter>(new ZonedWriter(dtype, std::move(data), zones_, ctx, zone_len_));
}

} // namespace vortex
