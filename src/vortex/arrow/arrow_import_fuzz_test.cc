// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/arrow/arrow_export.h"
#include "vortex/arrow/arrow_import.h"

// Randomized bad input for the Arrow C Data Interface import: a valid export is mutated the
// way a hostile or buggy producer could, and every import must either fail or give an array
// whose accessors work, with the producer's release called exactly once. The mutations never
// make the importer read past the real buffers (the C interface carries no buffer sizes, so
// lengths, offsets and formats only ever shrink what the layout needs); buffer CONTENTS that
// the importer must check (offsets, views, dictionary indices) are scribbled in copies.

namespace vortex {
namespace {

using Rng = std::mt19937_64;

uint64_t Below(Rng &rng, uint64_t bound) {
    return bound == 0 ? 0 : rng() % bound;
}

// One (array, schema) node of the exported tree.
struct TreeNode {
    ArrowArray *array;
    ArrowSchema *schema;
};

void CollectNodes(ArrowArray *array, ArrowSchema *schema, std::vector<TreeNode> &out) {
    out.push_back({array, schema});
    for (int64_t i = 0; i < array->n_children; ++i) {
        CollectNodes(array->children[i], schema->children[i], out);
    }
    if (array->dictionary != nullptr) {
        CollectNodes(array->dictionary, schema->dictionary, out);
    }
}

// The state of one mutated import. Owns every replacement buffer, pointer array and format
// string, and restores the producer's structs before its release runs.
struct Trial {
    ArrowArray array{};
    ArrowSchema schema{};
    std::vector<TreeNode> nodes;
    std::vector<ArrowArray> array_snapshot;
    std::vector<ArrowSchema> schema_snapshot;
    int array_releases = 0;
    int schema_releases = 0;
    std::deque<std::vector<uint8_t>> owned_bytes;
    std::deque<std::vector<const void *>> owned_buffer_lists;
    std::deque<std::vector<ArrowArray *>> owned_child_lists;
    std::deque<std::string> owned_formats;
    std::string description;

    Trial() = default;
    Trial(const Trial &) = delete;
    Trial &operator=(const Trial &) = delete;

    ~Trial() {
        // Only when the import never took ownership (e.g. a test assertion returned early).
        if (array.release != nullptr) {
            array.release(&array);
        }
        if (schema.release != nullptr) {
            schema.release(&schema);
        }
    }

    // The top-level release shims: the importer moved the top struct, so `moved` is its copy.
    static void ReleaseArray(ArrowArray *moved) {
        auto *trial = static_cast<Trial *>(moved->private_data);
        ++trial->array_releases;
        for (size_t i = 1; i < trial->nodes.size(); ++i) {
            *trial->nodes[i].array = trial->array_snapshot[i];
        }
        *moved = trial->array_snapshot[0];
        moved->release(moved);
    }
    static void ReleaseSchema(ArrowSchema *moved) {
        auto *trial = static_cast<Trial *>(moved->private_data);
        ++trial->schema_releases;
        for (size_t i = 1; i < trial->nodes.size(); ++i) {
            *trial->nodes[i].schema = trial->schema_snapshot[i];
        }
        *moved = trial->schema_snapshot[0];
        moved->release(moved);
    }

    Status Init(const ArrayRef &source) {
        VX_RETURN_NOT_OK(ExportArrayWithSchema(source, &array, &schema, "root"));
        CollectNodes(&array, &schema, nodes);
        for (const TreeNode &node : nodes) {
            array_snapshot.push_back(*node.array);
            schema_snapshot.push_back(*node.schema);
        }
        array.release = &ReleaseArray;
        array.private_data = this;
        schema.release = &ReleaseSchema;
        schema.private_data = this;
        return Status::OK();
    }

    // Gives node `index` a buffer pointer array of its own with room for `count` entries,
    // keeping the entries it has now.
    std::vector<const void *> &OwnBuffers(size_t index, size_t count) {
        ArrowArray *node = nodes[index].array;
        // How many entries the current list really has (n_buffers may have been mutated).
        size_t current = 0;
        if (node->buffers == array_snapshot[index].buffers) {
            current = static_cast<size_t>(array_snapshot[index].n_buffers);
        } else {
            for (const auto &list : owned_buffer_lists) {
                if (node->buffers == list.data()) {
                    current = list.size();
                }
            }
        }
        // Never fewer entries than the node claims, so the importer stays inside the list.
        const size_t claimed = static_cast<size_t>(std::max<int64_t>(node->n_buffers, 0));
        std::vector<const void *> list(std::max({count, current, claimed}), nullptr);
        for (size_t i = 0; i < current; ++i) {
            list[i] = node->buffers[i];
        }
        owned_buffer_lists.push_back(std::move(list));
        node->buffers = owned_buffer_lists.back().data();
        return owned_buffer_lists.back();
    }

    // Replaces buffer `i` of node `index` by a copy of the first `size` bytes of the
    // producer's buffer; returns the copy.
    std::vector<uint8_t> &CopyBuffer(size_t index, size_t i, size_t size) {
        std::vector<const void *> &list = OwnBuffers(index, i + 1);
        const auto *bytes = static_cast<const uint8_t *>(array_snapshot[index].buffers[i]);
        owned_bytes.emplace_back(bytes, bytes + size);
        // Keep the copy 8-byte aligned like the original, so the import stays zero-copy.
        list[i] = owned_bytes.back().data();
        return owned_bytes.back();
    }

    const char *OwnFormat(std::string format) {
        owned_formats.push_back(std::move(format));
        return owned_formats.back().c_str();
    }
};

// Formats with the same layout and element width (so the importer reads exactly the bytes it
// read before), plus formats needing no more bytes from the same buffer indices.
const std::vector<std::vector<std::string>> kSameLayoutFormats = {
    {"c", "C", "b", "n"},
    {"s", "S", "e", "b", "n"},
    {"i", "I", "f", "tdD", "tts", "ttm", "b", "n"},
    {"l", "L", "g", "tdm", "ttu", "ttn", "tss:", "tsm:", "tsu:UTC", "tsn:Europe/Paris", "b", "n"},
    {"vu", "vz", "n"},
    {"+L", "+l", "+m", "+vL", "b", "n"},
};

// Formats that are unsupported or malformed whatever the node.
const std::vector<std::string> kBadFormats = {
    "",         "tDs",      "tiM", "+ud:0,1", "+us:0",          "+r",        "w:", "w:x", "d:",  "d:1,2,3,4",
    "d:0,0",    "d:9,0,33", "+w:", "+w:-1",   "d:99999,1",      "tsx:",      "t",  "+",   "+s+", "d:10,200",
    "d:5,2,48", "tdx",      "ttq", "vx",      "+w:99999999999", "d:10,-200", "xyz"};

std::string RandomBadFormat(Rng &rng) {
    // No valid format starts with one of these.
    static constexpr std::string_view kLead = "#!xyqQXYjJ%";
    static constexpr std::string_view kTail = "+:,-0123456789abcdefgilnsuvwzLUZ";
    std::string format(1, kLead[Below(rng, kLead.size())]);
    const size_t len = Below(rng, 8);
    for (size_t i = 0; i < len; ++i) {
        format.push_back(kTail[Below(rng, kTail.size())]);
    }
    return format;
}

// Replaces a node's format by a random one that is safe to apply (see kSameLayoutFormats).
std::string MutateFormat(Trial &trial, size_t index, Rng &rng) {
    ArrowSchema *schema = trial.nodes[index].schema;
    // Always derived from the producer's format: a mutated one may need fewer bytes.
    const std::string original = trial.schema_snapshot[index].format;
    std::string format;
    switch (Below(rng, 4)) {
        case 0:
            format = original.substr(0, Below(rng, original.size()));
            break;
        case 1:
            format = kBadFormats[Below(rng, kBadFormats.size())];
            break;
        case 2:
            format = RandomBadFormat(rng);
            break;
        default: {
            format = kBadFormats[0];
            for (const auto &group : kSameLayoutFormats) {
                if (std::find(group.begin(), group.end(), original) != group.end() ||
                    (original.starts_with("ts") && group[0] == "l")) {
                    format = group[Below(rng, group.size())];
                }
            }
            if (original.starts_with("+w:")) {
                const uint64_t size = std::stoull(original.substr(3));
                format = "+w:" + std::to_string(Below(rng, size + 1));
            } else if (original.starts_with("d:")) {
                // Same width, random precision and scale (possibly invalid).
                const bool wide = original.ends_with(",256");
                format = "d:" + std::to_string(Below(rng, 80)) + "," +
                         std::to_string(int(Below(rng, 90)) - 40) + (wide ? ",256" : "");
            }
            break;
        }
    }
    schema->format = trial.OwnFormat(format);
    return "format[" + std::to_string(index) + "] '" + original + "' -> '" + format + "'";
}

// Scribbles the contents of offsets, views or dictionary indices, in a copy.
std::string MutateContents(Trial &trial, size_t index, Rng &rng) {
    // Sizes come from the producer's unmutated structs.
    const ArrowArray *array = &trial.array_snapshot[index];
    const std::string format = trial.schema_snapshot[index].format;
    const auto elements = static_cast<size_t>(array->offset + array->length);
    size_t buffer = 1;
    size_t width = 0;
    size_t count = 0;
    if (format == "+L") {
        width = 8;
        count = elements + 1;
    } else if (format == "vu" || format == "vz") {
        if (Below(rng, 4) == 0 && array->n_buffers > 3) {
            // The variadic sizes: only ever shrink (or make negative) what the buffers hold.
            const size_t last = static_cast<size_t>(array->n_buffers) - 1;
            std::vector<uint8_t> &sizes = trial.CopyBuffer(index, last, (last - 2) * 8);
            const size_t k = Below(rng, last - 2);
            int64_t size;
            std::memcpy(&size, sizes.data() + k * 8, 8);
            size = Below(rng, 3) == 0 ? -static_cast<int64_t>(Below(rng, 100)) - 1
                                      : static_cast<int64_t>(Below(rng, static_cast<uint64_t>(size) + 1));
            std::memcpy(sizes.data() + k * 8, &size, 8);
            return "variadic size[" + std::to_string(index) + "][" + std::to_string(k) +
                   "] = " + std::to_string(size);
        }
        width = 16;
        count = elements;
    } else if (trial.schema_snapshot[index].dictionary != nullptr) {
        width = format == "c" || format == "C"   ? 1
                : format == "s" || format == "S" ? 2
                : format == "i" || format == "I" ? 4
                                                 : 8;
        count = elements;
    } else {
        return "";
    }
    if (count == 0 || array->buffers[buffer] == nullptr) {
        return "";
    }
    std::vector<uint8_t> &bytes = trial.CopyBuffer(index, buffer, count * width);
    const size_t element = Below(rng, count);
    uint8_t *at = bytes.data() + element * width;
    std::string what;
    switch (Below(rng, 4)) {
        case 0:
            for (size_t i = 0; i < width; ++i) {
                at[i] = static_cast<uint8_t>(rng());
            }
            what = "random bytes";
            break;
        case 1: {
            // A small value in a 4-byte field (a view's length, buffer index or offset, or an
            // index/offset): the values that look plausible.
            const size_t field = width == 16 ? 4 * Below(rng, 4) : 0;
            const auto value = static_cast<uint32_t>(static_cast<int64_t>(Below(rng, 300)) - 20);
            std::memcpy(at + field, &value, std::min<size_t>(4, width));
            what = "field@" + std::to_string(field) + " = " + std::to_string(static_cast<int32_t>(value));
            break;
        }
        case 2:
            std::memset(at, 0xff, width);
            what = "all ones";
            break;
        default: {
            // Swap two elements (unsorted offsets, swapped views).
            const size_t other = Below(rng, count);
            std::vector<uint8_t> tmp(at, at + width);
            std::memcpy(at, bytes.data() + other * width, width);
            std::memcpy(bytes.data() + other * width, tmp.data(), width);
            what = "swap with " + std::to_string(other);
            break;
        }
    }
    return "contents[" + std::to_string(index) + "] '" + format + "' element " + std::to_string(element) +
           ": " + what;
}

std::string Mutate(Trial &trial, Rng &rng) {
    const size_t index = Below(rng, trial.nodes.size());
    ArrowArray *array = trial.nodes[index].array;
    ArrowSchema *schema = trial.nodes[index].schema;
    const std::string at = "[" + std::to_string(index) + "] ";
    const bool is_view = std::string_view(trial.schema_snapshot[index].format).starts_with("v");
    const int64_t real_buffers = trial.array_snapshot[index].n_buffers;
    switch (Below(rng, 14)) {
        case 0:
            // Only ever shrink a sane length.
            array->length =
                static_cast<int64_t>(Below(rng, static_cast<uint64_t>(std::max<int64_t>(array->length, 0))));
            return at + "length = " + std::to_string(array->length);
        case 1:
            array->length =
                -static_cast<int64_t>(Below(rng, 3)) - 1 - (Below(rng, 2) == 0 ? 0 : INT64_MAX / 2);
            return at + "length = " + std::to_string(array->length);
        case 2:
            array->offset = Below(rng, 2) == 0 ? -1 - static_cast<int64_t>(Below(rng, 5)) : INT64_MIN;
            return at + "offset = " + std::to_string(array->offset);
        case 3:
            // Shrink the offset, keeping the length: reads earlier elements only.
            array->offset = static_cast<int64_t>(
                Below(rng, static_cast<uint64_t>(std::max<int64_t>(array->offset, 0)) + 1));
            return at + "offset = " + std::to_string(array->offset);
        case 4: {
            const uint64_t choice = Below(rng, 4);
            array->null_count =
                choice == 0 ? -2 - static_cast<int64_t>(Below(rng, 5))
                : choice == 1
                    ? array->length + 1 + static_cast<int64_t>(Below(rng, 5))
                    : static_cast<int64_t>(Below(rng, static_cast<uint64_t>(array->length) + 2)) - 1;
            return at + "null_count = " + std::to_string(array->null_count);
        }
        case 5: {
            // Extra entries are null; view arrays never get fewer than theirs but >= 3 (the last
            // buffer would be read as variadic sizes).
            int64_t count = static_cast<int64_t>(Below(rng, 8)) - 1;
            if (is_view && count >= 3 && count < real_buffers) {
                count = 2;
            }
            trial.OwnBuffers(index, count > 0 ? static_cast<size_t>(count) : 0);
            array->n_buffers = count;
            return at + "n_buffers = " + std::to_string(count);
        }
        case 6: {
            const int64_t count = static_cast<int64_t>(Below(rng, 5)) - 1;
            std::vector<ArrowArray *> list(
                static_cast<size_t>(std::max<int64_t>({count, array->n_children, 0})), nullptr);
            for (int64_t i = 0; i < array->n_children; ++i) {
                list[static_cast<size_t>(i)] = array->children[i];
            }
            trial.owned_child_lists.push_back(std::move(list));
            array->children = trial.owned_child_lists.back().data();
            array->n_children = count;
            return at + "n_children = " + std::to_string(count);
        }
        case 7:
            if (array->n_buffers > 0) {
                const size_t i = Below(rng, static_cast<size_t>(array->n_buffers));
                trial.OwnBuffers(index, i + 1)[i] = nullptr;
                return at + "buffers[" + std::to_string(i) + "] = null";
            }
            array->buffers = nullptr;
            return at + "buffers = null";
        case 8:
            array->buffers = nullptr;
            return at + "buffers = null";
        case 9:
            if (array->n_children > 0) {
                const auto i = static_cast<size_t>(Below(rng, static_cast<uint64_t>(array->n_children)));
                std::vector<ArrowArray *> list(array->children, array->children + array->n_children);
                list[i] = nullptr;
                trial.owned_child_lists.push_back(std::move(list));
                array->children = trial.owned_child_lists.back().data();
                return at + "children[" + std::to_string(i) + "] = null";
            }
            array->dictionary = nullptr;
            return at + "dictionary = null";
        case 10:
            if (index == 0) {
                schema->flags ^= ARROW_FLAG_NULLABLE;
                return at + "flags ^= nullable";
            }
            // A child that claims to be released.
            array->release = nullptr;
            return at + "release = null";
        case 11:
            schema->flags ^= ARROW_FLAG_NULLABLE;
            return at + "flags ^= nullable";
        case 12:
            return MutateFormat(trial, index, rng);
        default: {
            std::string what = MutateContents(trial, index, rng);
            return what.empty() ? at + "no-op" : what;
        }
    }
}

// Exercises an imported array the way a consumer would; errors are fine, crashes are not.
void Exercise(const ArrayRef &array) {
    (void)array->validity_mask();
    if (auto canonical = array->ToCanonical(); canonical.ok()) {
        (void)(*canonical)->validity_mask();
        if ((*canonical)->len() > 0) {
            (void)ScalarAt(*canonical, (*canonical)->len() - 1);
        }
    }
    if (array->len() > 0) {
        (void)ScalarAt(array, 0);
        (void)ScalarAt(array, array->len() - 1);
    }
}

struct Variant {
    std::string name;
    ArrayRef array;
};

std::vector<Variant> Variants(const DType &dtype, uint64_t seed) {
    std::vector<Variant> variants;
    variants.push_back({"len0", RandomArray(dtype, {.len = 0, .seed = seed})});
    variants.push_back({"len1", RandomArray(dtype, {.len = 1, .null_fraction = 0.5, .seed = seed + 1})});
    const ArrayRef big = RandomArray(dtype, {.len = 100, .null_fraction = 0.3, .seed = seed + 2});
    variants.push_back({"len100", big});
    if (auto sliced = ToSliced(big, seed + 3); sliced.ok()) {
        variants.push_back({"sliced", *sliced});
    }
    if (!dtype.is_null()) {
        if (auto dict = ToDict(RandomArray(dtype, {.len = 40, .null_fraction = 0.2, .seed = seed + 4}));
            dict.ok()) {
            variants.push_back({"dict", *dict});
        }
    }
    return variants;
}

constexpr int kMutationsPerVariant = 100;

TEST(ArrowImportFuzzTest, MutatedExportsFailCleanlyOrImportUsableArrays) {
    const auto start = std::chrono::steady_clock::now();
    std::map<std::string, int> outcomes;
    const std::vector<DType> dtypes = AllTestDTypes();
    for (size_t d = 0; d < dtypes.size(); ++d) {
        const DType &dtype = dtypes[d];
        const std::vector<Variant> variants = Variants(dtype, 1000 * d);
        for (uint64_t v = 0; v < variants.size(); ++v) {
            const Variant &variant = variants[v];
            // The unmutated export must round trip (the harness itself is sound).
            {
                Trial trial;
                ASSERT_OK(trial.Init(variant.array));
                auto imported = ImportArray(&trial.array, &trial.schema);
                ASSERT_TRUE(imported.ok())
                    << vortex::format("{} {}: {}", dtype, variant.name, imported.status().ToString());
                EXPECT_ARRAYS_EQUAL(variant.array, *imported);
            }
            for (int m = 0; m < kMutationsPerVariant; ++m) {
                const uint64_t seed = (d << 32) | (v << 16) | static_cast<uint64_t>(m);
                Rng rng(seed);
                Trial trial;
                ASSERT_OK(trial.Init(variant.array));
                const size_t count = 1 + Below(rng, 3);
                for (size_t k = 0; k < count; ++k) {
                    trial.description += (k == 0 ? "" : "; ") + Mutate(trial, rng);
                }
                SCOPED_TRACE(vortex::format("dtype {} variant {} mutation {} seed {}: {}", dtype,
                                            variant.name, m, seed, trial.description));
                if (std::getenv("VX_ARROW_FUZZ_VERBOSE") != nullptr) {
                    // A crash prints no SCOPED_TRACE; this names the case first.
                    std::cerr << vortex::format("{} {} m={} seed={}: {}\n", dtype, variant.name, m, seed,
                                                trial.description);
                }
                {
                    auto imported = ImportArray(&trial.array, &trial.schema);
                    EXPECT_EQ(trial.schema_releases, 1);
                    if (imported.ok()) {
                        Exercise(*imported);
                        ++outcomes["ok"];
                    } else {
                        const std::string text = imported.status().ToString();
                        ++outcomes[text.substr(0, text.find(':'))];
                        EXPECT_NE(imported.status().code(), StatusCode::Internal)
                            << imported.status().ToString();
                    }
                }
                EXPECT_EQ(trial.array_releases, 1);
                EXPECT_EQ(trial.array.release, nullptr);
            }
        }
    }
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    std::string summary;
    for (const auto &[what, n] : outcomes) {
        summary += vortex::format("{}: {}\n", what, n);
    }
    std::cout << "arrow import fuzz: " << dtypes.size() << " dtypes in " << elapsed.count() << " ms\n"
              << summary;
}

} // namespace
} // namespace vortex
