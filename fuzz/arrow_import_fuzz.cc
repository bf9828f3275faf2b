// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors

// Fuzz target: the Arrow C Data Interface import. The input drives a producer that builds an
// (ArrowArray, ArrowSchema) tree of any format, length, offset, null count, buffer count,
// children and dictionary. The C interface carries no buffer sizes, so the producer sizes
// each buffer for the layout its format and length declare (variable-size data up to the
// largest offset it wrote): an importer that checks what it must (offsets ordered and inside
// the data, view and dictionary indices in range, counts of buffers and children) never
// reads past them. Every import must fail with a Status or give a usable array of the
// declared length, and must release what it consumed exactly once.

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <deque>
#include <string>
#include <vector>

#include "vortex/arrow/arrow_import.h"
#include "vortex/arrow/c_abi.h"

#include "array_usage.h"
#include "fuzz_target.h"

namespace {

// Hands out the fuzzer's bytes as small numbers; zeros once they run out.
class Bytes {
public:
    Bytes(const uint8_t *data, size_t size) : data_(data), size_(size) {}
    uint8_t Next() { return pos_ < size_ ? data_[pos_++] : 0; }
    uint64_t Below(uint64_t bound) { return bound == 0 ? 0 : Next() % bound; }
    int64_t Int(int bytes) {
        uint64_t value = 0;
        for (int i = 0; i < bytes; ++i) {
            value |= uint64_t{Next()} << (8 * i);
        }
        return static_cast<int64_t>(value);
    }
    void Fill(uint8_t *out, size_t n) {
        for (size_t i = 0; i < n; ++i) {
            out[i] = Next();
        }
    }

private:
    const uint8_t *data_;
    size_t size_;
    size_t pos_ = 0;
};

// Everything one input's producer allocated, alive until the import's result is gone.
struct Arena {
    std::deque<std::vector<uint8_t>> buffers;
    std::deque<std::string> strings;
    std::deque<std::vector<const void *>> buffer_lists;
    std::deque<std::vector<ArrowArray *>> array_lists;
    std::deque<std::vector<ArrowSchema *>> schema_lists;
    std::deque<ArrowArray> arrays;
    std::deque<ArrowSchema> schemas;
    std::deque<int> release_counts;
};

void ReleaseArray(ArrowArray *array) {
    ++*static_cast<int *>(array->private_data);
    array->release = nullptr;
}

void ReleaseSchema(ArrowSchema *schema) {
    ++*static_cast<int *>(schema->private_data);
    schema->release = nullptr;
}

constexpr const char *kFormats[] = {
    "n",     "b",       "c",          "C",         "s",        "S",       "i",
    "I",     "l",       "L",          "e",         "f",        "g",       "u",
    "z",     "U",       "Z",          "vu",        "vz",       "w:3",     "w:16",
    "d:9,2", "d:38,10", "d:76,5,256", "d:18,3,64", "d:5,1,32", "tdD",     "tdm",
    "tts",   "ttm",     "ttu",        "ttn",       "tss:",     "tsm:UTC", "tsu:Europe/Paris",
    "tsn:",  "tDs",     "tiM",        "+l",        "+L",       "+vl",     "+vL",
    "+w:2",  "+s",      "+m",         "+ud:0,1",   "x",        "d:0,0",   "w:0",
    "+w:0"};

int FixedWidth(const std::string &format) {
    static const std::string one = "cC", two = "Sse", four = "iIf", eight = "lLg";
    if (format.size() == 1 && one.find(format[0]) != std::string::npos) {
        return 1;
    }
    if (format.size() == 1 && two.find(format[0]) != std::string::npos) {
        return 2;
    }
    if (format.size() == 1 && four.find(format[0]) != std::string::npos) {
        return 4;
    }
    if (format.size() == 1 && eight.find(format[0]) != std::string::npos) {
        return 8;
    }
    if (format == "tdD" || format == "tts" || format == "ttm") {
        return 4;
    }
    if (format.starts_with("td") || format.starts_with("tt") || format.starts_with("ts") ||
        format.starts_with("tD") || format.starts_with("ti")) {
        return 8;
    }
    if (format.starts_with("d:")) {
        const auto comma = format.rfind(',');
        const auto first = format.find(',');
        if (comma != first) {
            return std::stoi(format.substr(comma + 1)) / 8;
        }
        return 16;
    }
    if (format.starts_with("w:")) {
        return std::stoi(format.substr(2));
    }
    return 0;
}

class Producer {
public:
    Producer(Bytes &bytes, Arena &arena) : in_(bytes), arena_(arena) {}

    // Builds one node; `need` is the smallest length the parent's layout asks of it.
    void Build(ArrowArray *array, ArrowSchema *schema, int64_t need, int depth) {
        std::string format = kFormats[in_.Below(std::size(kFormats))];
        if (depth >= 3 && format[0] == '+') {
            format = "i";
        }
        const int64_t offset = static_cast<int64_t>(in_.Below(4));
        int64_t length = std::max<int64_t>(need, static_cast<int64_t>(in_.Below(48)));
        if (in_.Below(16) == 0) {
            length = in_.Int(8) % 99990; // hostile, sometimes negative
        }
        // Buffers cover offset + length elements (< 100 000), as a real producer's would.
        const int64_t span = std::max<int64_t>(offset + length, 0);

        *schema = ArrowSchema{};
        schema->format = Keep(format);
        schema->name = Keep("f" + std::to_string(arena_.schemas.size()));
        schema->flags = in_.Below(2) ? 2 /* ARROW_FLAG_NULLABLE */ : 0;
        schema->release = ReleaseSchema;
        schema->private_data = Counter();
        *array = ArrowArray{};
        array->length = length;
        array->offset = offset;
        array->null_count = in_.Below(3) == 0 ? -1 : static_cast<int64_t>(in_.Below(8));
        array->release = ReleaseArray;
        array->private_data = Counter();

        std::vector<const void *> buffers;
        buffers.push_back(in_.Below(3) == 0 ? nullptr : Bits(span)); // validity
        std::vector<int64_t> child_needs;
        if (format == "n") {
            buffers.clear();
        } else if (format == "b") {
            buffers.push_back(Bits(span));
        } else if (const int width = FixedWidth(format); width > 0) {
            buffers.push_back(Filled(static_cast<size_t>(span) * width));
        } else if (format == "u" || format == "z" || format == "U" || format == "Z") {
            const bool large = format == "U" || format == "Z";
            int64_t largest = 0;
            buffers.push_back(Offsets(span + 1, large, largest));
            buffers.push_back(Filled(static_cast<size_t>(largest)));
        } else if (format == "vu" || format == "vz") {
            AddViews(buffers, span);
        } else if (format == "+l" || format == "+L" || format == "+m") {
            int64_t largest = 0;
            buffers.push_back(Offsets(span + 1, format == "+L", largest));
            child_needs.push_back(largest);
        } else if (format == "+vl" || format == "+vL") {
            int64_t largest = 0;
            buffers.push_back(Offsets(span, format == "+vL", largest));
            int64_t longest = 0;
            buffers.push_back(Offsets(span, format == "+vL", longest));
            child_needs.push_back(std::min<int64_t>(largest + longest, 100000));
        } else if (format.starts_with("+w:")) {
            child_needs.push_back(span * std::stoi(format.substr(3)));
        } else if (format == "+s") {
            for (uint64_t i = 0, n = in_.Below(4); i < n; ++i) {
                child_needs.push_back(span);
            }
        }
        // One buffer too many or too few; not for views, whose buffer count is how the
        // consumer learns the number of data buffers (a lie there cannot be detected).
        const bool views = format == "vu" || format == "vz";
        if (!views && in_.Below(8) == 0) {
            buffers.push_back(Filled(8));
        }
        if (!views && !buffers.empty() && in_.Below(8) == 0) {
            buffers.pop_back();
        }
        if (in_.Below(16) == 0 && !child_needs.empty()) {
            child_needs.pop_back();
        }

        auto &buffer_list = arena_.buffer_lists.emplace_back(std::move(buffers));
        array->n_buffers = static_cast<int64_t>(buffer_list.size());
        array->buffers = buffer_list.empty() ? nullptr : buffer_list.data();

        auto &children = arena_.array_lists.emplace_back();
        auto &child_schemas = arena_.schema_lists.emplace_back();
        for (int64_t child_need : child_needs) {
            children.push_back(&arena_.arrays.emplace_back());
            child_schemas.push_back(&arena_.schemas.emplace_back());
            Build(children.back(), child_schemas.back(), std::min<int64_t>(child_need, 100000), depth + 1);
        }
        array->n_children = schema->n_children = static_cast<int64_t>(children.size());
        array->children = children.empty() ? nullptr : children.data();
        schema->children = child_schemas.empty() ? nullptr : child_schemas.data();

        if (FixedWidth(format) > 0 && format.size() == 1 &&
            std::string("cCsSiIlL").find(format) != std::string::npos && depth < 3 && in_.Below(4) == 0) {
            array->dictionary = &arena_.arrays.emplace_back();
            schema->dictionary = &arena_.schemas.emplace_back();
            Build(array->dictionary, schema->dictionary, static_cast<int64_t>(in_.Below(16)), depth + 1);
        }
    }

    int *Counter() { return &arena_.release_counts.emplace_back(0); }

private:
    const char *Keep(std::string text) { return arena_.strings.emplace_back(std::move(text)).c_str(); }

    const void *Filled(size_t size) {
        auto &buffer = arena_.buffers.emplace_back(size + 1); // never a zero-size allocation
        in_.Fill(buffer.data(), std::min<size_t>(size, 256));
        return buffer.data();
    }

    const void *Bits(int64_t span) { return Filled(static_cast<size_t>(span + 7) / 8); }

    // Offsets that mostly ascend by small steps, with a hostile value now and then.
    const void *Offsets(int64_t count, bool large, int64_t &largest) {
        auto &buffer = arena_.buffers.emplace_back(static_cast<size_t>(std::max<int64_t>(count, 1)) * 8);
        int64_t value = static_cast<int64_t>(in_.Below(3));
        for (int64_t i = 0; i < count; ++i) {
            int64_t written = value;
            if (in_.Below(32) == 0) {
                written = in_.Int(4);
            }
            written = std::min<int64_t>(written, 4096);
            largest = std::max(largest, written);
            if (large) {
                std::memcpy(buffer.data() + i * 8, &written, 8);
            } else {
                const auto narrow = static_cast<int32_t>(written);
                std::memcpy(buffer.data() + i * 4, &narrow, 4);
            }
            value += static_cast<int64_t>(in_.Below(6));
        }
        return buffer.data();
    }

    // A views buffer and its variadic data buffers, with the trailing buffer of their sizes
    // telling the truth about them.
    void AddViews(std::vector<const void *> &buffers, int64_t span) {
        const size_t ndata = in_.Below(3);
        std::vector<int64_t> sizes;
        std::vector<const void *> data;
        for (size_t i = 0; i < ndata; ++i) {
            sizes.push_back(static_cast<int64_t>(in_.Below(64)));
            data.push_back(Filled(static_cast<size_t>(sizes.back())));
        }
        auto &views = arena_.buffers.emplace_back(static_cast<size_t>(span) * 16 + 1);
        for (int64_t i = 0; i < span; ++i) {
            uint8_t *view = views.data() + i * 16;
            const auto len = static_cast<int32_t>(in_.Below(3) == 0 ? in_.Int(4) : in_.Below(40));
            std::memcpy(view, &len, 4);
            in_.Fill(view + 4, 4);
            const auto index = static_cast<int32_t>(in_.Below(ndata + 1));
            const auto at = static_cast<int32_t>(in_.Below(64));
            std::memcpy(view + 8, &index, 4);
            std::memcpy(view + 12, &at, 4);
        }
        buffers.push_back(views.data());
        buffers.insert(buffers.end(), data.begin(), data.end());
        auto &size_list = arena_.buffers.emplace_back(sizes.size() * 8 + 1);
        if (!sizes.empty()) {
            std::memcpy(size_list.data(), sizes.data(), sizes.size() * 8);
        }
        buffers.push_back(size_list.data());
    }

    Bytes &in_;
    Arena &arena_;
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Bytes bytes(data, size);
    Arena arena;
    ArrowArray &array = arena.arrays.emplace_back();
    ArrowSchema &schema = arena.schemas.emplace_back();
    Producer(bytes, arena).Build(&array, &schema, 0, 0);
    const int *array_released = static_cast<int *>(array.private_data);
    const int *schema_released = static_cast<int *>(schema.private_data);
    const int64_t length = array.length;
    {
        auto imported = vortex::ImportArray(&array, &schema);
        FUZZ_CHECK(*schema_released == 1);
        if (imported.ok()) {
            FUZZ_CHECK(static_cast<int64_t>((*imported)->len()) == length);
            (void)vortex::bad_input::UseAsAReader(*imported, vortex::fuzz::AbortUnless);
        }
    }
    FUZZ_CHECK(*array_released == 1);
    for (int count : arena.release_counts) {
        FUZZ_CHECK(count <= 1);
    }
    return 0;
}
