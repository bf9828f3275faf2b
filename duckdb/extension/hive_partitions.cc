// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "duckdb/extension/hive_partitions.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <utility>

#include "vortex/base/hex.h"

namespace vortex::duckdb_ext {

namespace dd = ::duckdb;

namespace {

// The `key=value` directory segments of a path, in order (the file name itself is not one).
std::vector<std::pair<std::string, std::string>> KeyValueSegments(const std::string &path) {
    std::vector<std::pair<std::string, std::string>> segments;
    size_t start = 0;
    while (true) {
        const size_t slash = path.find('/', start);
        if (slash == std::string::npos) {
            break; // the last segment is the file name
        }
        const std::string segment = path.substr(start, slash - start);
        const size_t equals = segment.find('=');
        if (equals != std::string::npos && equals > 0) {
            segments.emplace_back(segment.substr(0, equals), segment.substr(equals + 1));
        }
        start = slash + 1;
    }
    return segments;
}

// DuckDB's partitioned writer percent-encodes values (`k%2F1` for `k/1`).
std::string PercentDecode(const std::string &text) {
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 2 < text.size() && HexDigitValue(text[i + 1]) >= 0 &&
            HexDigitValue(text[i + 2]) >= 0) {
            out.push_back(static_cast<char>(HexDigitValue(text[i + 1]) * 16 + HexDigitValue(text[i + 2])));
            i += 2;
        } else {
            out.push_back(text[i]);
        }
    }
    return out;
}

bool IsInteger(const std::string &text) {
    int64_t value = 0;
    const char *end = text.data() + text.size();
    const auto [ptr, error] = std::from_chars(text.data(), end, value);
    return !text.empty() && error == std::errc() && ptr == end;
}

bool Digits(const std::string &text, size_t from, size_t count) {
    if (from + count > text.size()) {
        return false;
    }
    for (size_t i = from; i < from + count; ++i) {
        if (!std::isdigit(static_cast<unsigned char>(text[i]))) {
            return false;
        }
    }
    return true;
}

// YYYY-MM-DD, the form DuckDB writes dates in.
bool IsDateText(const std::string &text) {
    return text.size() == 10 && Digits(text, 0, 4) && text[4] == '-' && Digits(text, 5, 2) &&
           text[7] == '-' && Digits(text, 8, 2);
}

// YYYY-MM-DD HH:MM:SS[.fraction], the form DuckDB writes timestamps in.
bool IsTimestampText(const std::string &text) {
    if (text.size() < 19 || !IsDateText(text.substr(0, 10)) || (text[10] != ' ' && text[10] != 'T') ||
        !Digits(text, 11, 2) || text[13] != ':' || !Digits(text, 14, 2) || text[16] != ':' ||
        !Digits(text, 17, 2)) {
        return false;
    }
    return text.size() == 19 || (text[19] == '.' && Digits(text, 20, text.size() - 20) && text.size() > 20);
}

// Whether every non-NULL value casts to `type` (and looks like it: "1.5" is no BIGINT).
bool AllAre(const std::vector<std::optional<std::string>> &values,
            const dd::LogicalType &type,
            bool (*looks_like)(const std::string &)) {
    bool any = false;
    for (const auto &value : values) {
        if (!value) {
            continue;
        }
        any = true;
        dd::Value cast;
        std::string error;
        if (!looks_like(*value) || !dd::Value(*value).DefaultTryCastAs(type, cast, &error)) {
            return false;
        }
    }
    return any;
}

} // namespace

bool HasHivePartitions(const std::string &path) {
    return !KeyValueSegments(path).empty();
}

Result<HivePartitions> ParseHivePartitions(const std::vector<std::string> &paths,
                                           bool autocast,
                                           const std::map<std::string, dd::LogicalType> &types) {
    HivePartitions partitions;
    std::vector<std::vector<std::optional<std::string>>> texts; // [column][file]
    for (size_t f = 0; f < paths.size(); ++f) {
        const auto segments = KeyValueSegments(paths[f]);
        if (f == 0) {
            for (const auto &[key, value] : segments) {
                partitions.names.push_back(key);
            }
            texts.resize(segments.size());
        }
        VX_ENSURE(segments.size() == partitions.names.size(), InvalidArgument,
                  "read_vortex: {} has {} hive partition keys, {} has {}", paths[f], segments.size(),
                  paths[0], partitions.names.size());
        for (size_t k = 0; k < segments.size(); ++k) {
            VX_ENSURE(segments[k].first == partitions.names[k], InvalidArgument,
                      "read_vortex: {} has hive partition key {} where {} has {}", paths[f],
                      segments[k].first, paths[0], partitions.names[k]);
            const std::string value = PercentDecode(segments[k].second);
            texts[k].push_back(value == "NULL" ? std::nullopt : std::optional<std::string>(value));
        }
    }
    for (const auto &[name, type] : types) {
        VX_ENSURE(std::find(partitions.names.begin(), partitions.names.end(), name) != partitions.names.end(),
                  InvalidArgument, "read_vortex: hive_types names {}, which is no hive partition of {}", name,
                  paths[0]);
    }
    partitions.values.resize(paths.size());
    for (size_t k = 0; k < texts.size(); ++k) {
        dd::LogicalType type = dd::LogicalType::VARCHAR;
        if (const auto given = types.find(partitions.names[k]); given != types.end()) {
            type = given->second;
            for (size_t f = 0; f < paths.size(); ++f) {
                dd::Value cast;
                std::string error;
                VX_ENSURE(!texts[k][f] || dd::Value(*texts[k][f]).DefaultTryCastAs(type, cast, &error),
                          InvalidArgument, "read_vortex: hive partition {}={} of {} is no {}",
                          partitions.names[k], *texts[k][f], paths[f], type.ToString());
            }
        } else if (autocast) {
            if (AllAre(texts[k], dd::LogicalType::BIGINT, IsInteger)) {
                type = dd::LogicalType::BIGINT;
            } else if (AllAre(texts[k], dd::LogicalType::DATE, IsDateText)) {
                type = dd::LogicalType::DATE;
            } else if (AllAre(texts[k], dd::LogicalType::TIMESTAMP, IsTimestampText)) {
                type = dd::LogicalType::TIMESTAMP;
            }
        }
        partitions.types.push_back(type);
        for (size_t f = 0; f < paths.size(); ++f) {
            const auto &text = texts[k][f];
            partitions.values[f].push_back(text ? dd::Value(*text).DefaultCastAs(type) : dd::Value(type));
        }
    }
    return partitions;
}

} // namespace vortex::duckdb_ext
