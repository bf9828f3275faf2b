// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <random>
#include <string>
#include <vector>

#include "vortex/array/serde/array_context.h"
#include "vortex/base/format.h"
#include "vortex/default_session.h"
#include "vortex/dtype/extension.h"

#include "array_decode_input.h"
#include "encoding_samples.h"
#include "expr_scope.h"
#include "seeds.h"

namespace vortex::fuzz {
namespace {

Status WriteText(const std::filesystem::path &dir, std::string_view name, std::string_view text) {
    return WriteSeed(dir, name, std::span(reinterpret_cast<const uint8_t *>(text.data()), text.size()));
}

// A libFuzzer dictionary: one quoted token per line, with \xNN escapes for unprintables.
std::string DictionaryOf(const std::vector<std::string> &tokens) {
    std::string out;
    for (const auto &token : tokens) {
        out += '"';
        for (unsigned char c : token) {
            if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
                out += vortex::format("\\x{:02x}", c);
            } else {
                out += static_cast<char>(c);
            }
        }
        out += "\"\n";
    }
    return out;
}

Status WriteArrayDecodeSeeds(const std::filesystem::path &root) {
    size_t written = 0;
    for (const auto &[id, samples] : bad_input::SamplesByEncoding()) {
        for (size_t i = 0; i < samples.size(); ++i) {
            if (samples[i].parts.has_value()) {
                continue; // decoded on load: `array` is another encoding's node
            }
            auto input = ArrayDecodeInput(samples[i].array);
            if (!input.ok()) {
                continue; // a node that cannot stand alone (none today)
            }
            VX_RETURN_NOT_OK(WriteSeed(root / "array_decode", id + "_" + std::to_string(i), *input));
            ++written;
        }
    }
    VX_ENSURE(written > 0, Internal, "no array_decode seeds written");
    const auto context = ArrayWriteContext::FromSession(DefaultSession());
    const std::vector<std::string> tokens(context.ids().begin(), context.ids().end());
    return WriteText(root, "array_decode.dict", DictionaryOf(tokens));
}

// A literal the parser accepts for a column of `dtype`, or empty when none fits.
std::string LiteralFor(const DType &dtype) {
    if (dtype.is_bool()) {
        return "true";
    }
    if (dtype.is_primitive()) {
        return IsFloat(dtype.ptype()) ? "1.5" : "7";
    }
    if (dtype.is_decimal()) {
        return dtype.decimal().scale > 0 ? "1.5" : "12";
    }
    if (dtype.is_utf8() || dtype.is_binary()) {
        return "'ab'";
    }
    if (dtype.is_extension()) {
        const auto &id = dtype.extension().id;
        if (id == kDateId) {
            return "'2021-03-04'";
        }
        if (id == kTimeId) {
            return "'12:30:00'";
        }
        if (id == kTimestampId) {
            return "'2021-03-04 05:06:07'";
        }
    }
    return "";
}

Status WriteExprSeeds(const std::filesystem::path &root) {
    const auto &fields = ExprScopeDType().struct_fields();
    std::vector<std::string> texts;
    for (size_t i = 0; i < fields.size(); ++i) {
        const std::string &column = fields.names[i];
        texts.push_back(vortex::format("{} IS NULL", column));
        texts.push_back(vortex::format("{} IS NOT NULL", column));
        const std::string literal = LiteralFor(fields.dtypes[i]);
        if (literal.empty()) {
            continue;
        }
        texts.push_back(vortex::format("{} = {}", column, literal));
        texts.push_back(vortex::format("{0} <> {1} OR {0} IS NULL", column, literal));
        texts.push_back(vortex::format("{} NOT IN ({}, NULL)", column, literal));
        texts.push_back(vortex::format("{0} BETWEEN {1} AND {1}", column, literal));
        texts.push_back(vortex::format("NOT ({0} >= {1}) AND {0} < {1}", column, literal));
        if (fields.dtypes[i].is_utf8()) {
            texts.push_back(column + " LIKE 'a%'");
        }
        if (fields.dtypes[i].is_bool()) {
            texts.push_back(column);
        }
        if (i + 1 < fields.size() && fields.dtypes[i + 1] == fields.dtypes[i]) {
            texts.push_back(column + " < " + fields.names[i + 1]);
        }
    }
    for (size_t i = 0; i < texts.size(); ++i) {
        VX_RETURN_NOT_OK(WriteText(root / "expr_parse", "expr_" + std::to_string(i), texts[i]));
    }
    std::vector<std::string> tokens = {
        "AND", "OR", "NOT", "IS",  "NULL", "IN", "BETWEEN",      "LIKE",      "TRUE", "FALSE",
        "=",   "!=", "<>",  "<",   "<=",   ">",  ">=",           "(",         ")",    ",",
        "'",   "\"", "%",   "1e6", ".5",   "-",  "'2021-03-04'", "'12:30:00'"};
    for (const auto &name : fields.names) {
        tokens.push_back(name);
    }
    return WriteText(root, "expr_parse.dict", DictionaryOf(tokens));
}

// The producer reads its choices from the input, so any bytes are a program; a seed per
// leading byte starts each format (the first choice) from its own seed.
Status WriteArrowSeeds(const std::filesystem::path &root) {
    std::mt19937_64 rng(42);
    for (unsigned first = 0; first < 64; ++first) {
        std::vector<uint8_t> bytes(32 + rng() % 480);
        for (auto &byte : bytes) {
            byte = static_cast<uint8_t>(rng());
        }
        bytes[0] = static_cast<uint8_t>(first);
        VX_RETURN_NOT_OK(WriteSeed(root / "arrow_import", "producer_" + std::to_string(first), bytes));
    }
    return WriteText(root, "arrow_import.dict", DictionaryOf({std::string(8, '\0'), std::string(8, '\xff')}));
}

Status WriteFileDictionaries(const std::filesystem::path &root) {
    std::vector<std::string> tokens = {"VTXF",         "vortex.flat",  "vortex.chunked", "vortex.struct",
                                       "vortex.zoned", "vortex.stats", "vortex.dict"};
    const auto context = ArrayWriteContext::FromSession(DefaultSession());
    tokens.insert(tokens.end(), context.ids().begin(), context.ids().end());
    const std::string dictionary = DictionaryOf(tokens);
    VX_RETURN_NOT_OK(WriteText(root, "file_scan.dict", dictionary));
    return WriteText(root, "footer.dict", dictionary);
}

} // namespace

Status WriteInputSeeds(const std::filesystem::path &root) {
    VX_RETURN_NOT_OK(WriteArrayDecodeSeeds(root));
    VX_RETURN_NOT_OK(WriteExprSeeds(root));
    VX_RETURN_NOT_OK(WriteArrowSeeds(root));
    return WriteFileDictionaries(root);
}

} // namespace vortex::fuzz
