// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
//
// Every registered encoding's Build() (the metadata parser of spec arrays-encodings) fed
// untrusted parts: random and mutated metadata, truncated and corrupted buffers and
// children, wrong buffer and child counts, wrong lengths and dtypes, and ArrayChildren that
// fail or lie. Each call must return an error or a usable array (usable_array.h); none may
// crash or allocate without bound (the sanitizer options below turn a >1 GiB allocation
// into a failure). A crash prints the case being run (encoding, sample, kind, index, seed).

#include <cstdio>
#include <set>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/base/format.h"
#include "vortex/default_session.h"

#include "build_harness.h"
#include "encoding_samples.h"

#if defined(__SANITIZE_ADDRESS__)
// A length or count from untrusted bytes must never reach an allocator unchecked: cap single
// allocations at 1 GiB and abort instead of returning null.
extern "C" const char *__asan_default_options() {
    return "max_allocation_size_mb=1024:allocator_may_return_null=0";
}
#endif

namespace vortex::bad_input {
namespace {

// The foundation issue's bar: at least this many random metadata strings per encoding.
constexpr size_t kRandomMetadataPerEncoding = 10000;
constexpr size_t kBufferFlipsPerBuffer = 48;
constexpr size_t kChildMutantsPerChild = 32;

Parts SampleParts(const Sample &sample) {
    if (!sample.parts.has_value()) {
        return PartsOf(sample.array);
    }
    const NodeParts &node = *sample.parts;
    return Parts{.dtype = node.dtype,
                 .len = node.len,
                 .metadata = node.metadata,
                 .buffers = node.buffers,
                 .children = node.children};
}

std::vector<std::string> RegisteredIds() {
    std::vector<std::string> out;
    for (std::string_view id : DefaultSession().encodings().ids()) {
        out.emplace_back(id);
    }
    return out;
}

class EncodingBuildBadInputTest : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override {
        InstallCaseReporter();
        encoding_ = DefaultSession().encodings().Find(GetParam());
        ASSERT_NE(encoding_, nullptr);
        const auto &all = SamplesByEncoding();
        auto it = all.find(GetParam());
        ASSERT_NE(it, all.end()) << "no valid sample array of " << GetParam()
                                 << ": teach encoding_samples.cc to make one";
        samples_ = &it->second;
        Counts() = {};
    }
    void TearDown() override {
        std::printf("    %zu Build() calls over %zu samples, %zu accepted\n", Counts().calls,
                    samples_ ? samples_->size() : 0, Counts().accepted);
    }

    BuildCase Case(size_t sample, std::string_view kind, uint64_t index, uint64_t seed = 0) const {
        return {.encoding = encoding_->id(), .sample = sample, .kind = kind, .index = index, .seed = seed};
    }

    BuildOutcome Check(const BuildCase &build_case, const Parts &parts, const ArrayChildren &children) {
        return CheckBuild(*encoding_, build_case, parts.dtype, parts.len, parts.metadata, parts.buffers,
                          children);
    }
    BuildOutcome Check(const BuildCase &build_case, const Parts &parts) {
        return Check(build_case, parts, VectorArrayChildren(parts.children));
    }

    const Encoding *encoding_ = nullptr;
    const std::vector<Sample> *samples_ = nullptr;
};

// The starting point of every other test: the untouched parts (and misaligned copies of
// the buffers, which Build() must copy) rebuild the same array.
TEST_P(EncodingBuildBadInputTest, ValidPartsRebuild) {
    for (size_t s = 0; s < samples_->size(); ++s) {
        const Sample &sample = (*samples_)[s];
        Parts parts = SampleParts(sample);
        BuildOutcome outcome = Check(Case(s, "valid", 0), parts);
        ASSERT_TRUE(outcome.ok) << sample.label;
        EXPECT_EQ(outcome.array->dtype(), parts.dtype) << sample.label;
        EXPECT_EQ(outcome.array->len(), parts.len) << sample.label;
        for (Buffer &buffer : parts.buffers) {
            buffer = MisalignedCopy(buffer);
        }
        EXPECT_TRUE(Check(Case(s, "misaligned", 0), parts).ok) << sample.label;
    }
}

// (a) Random metadata strings with the valid buffers and children; then every truncation,
// every byte inversion and every bit flip of the valid metadata, and trailing garbage.
TEST_P(EncodingBuildBadInputTest, RandomAndMutatedMetadata) {
    const uint64_t seed = SeedFor(GetParam(), "metadata");
    TestRng rng(seed);
    std::set<std::pair<size_t, std::vector<uint8_t>>> checked;
    size_t random_calls = 0;
    const size_t per_sample = (kRandomMetadataPerEncoding + samples_->size() - 1) / samples_->size();
    for (size_t s = 0; s < samples_->size(); ++s) {
        Parts parts = SampleParts((*samples_)[s]);
        const std::vector<uint8_t> valid = parts.metadata;
        const VectorArrayChildren children(parts.children);
        auto run = [&](std::string_view kind, uint64_t index, std::vector<uint8_t> metadata) {
            CheckBuild(*encoding_, Case(s, kind, index, seed), parts.dtype, parts.len, metadata,
                       parts.buffers, children, &checked);
        };
        for (size_t i = 0; i < per_sample; ++i, ++random_calls) {
            run("random-metadata", i, RandomMetadata(rng, valid));
        }
        for (size_t size = 0; size < valid.size(); ++size) {
            run("metadata-truncated-to", size,
                std::vector<uint8_t>(valid.begin(), valid.begin() + static_cast<std::ptrdiff_t>(size)));
        }
        for (size_t pos = 0; pos < valid.size(); ++pos) {
            std::vector<uint8_t> flipped = valid;
            flipped[pos] ^= 0xFF;
            run("metadata-byte-inverted", pos, flipped);
            for (int bit = 0; bit < 8; ++bit) {
                flipped = valid;
                flipped[pos] ^= static_cast<uint8_t>(1u << bit);
                run("metadata-bit-flipped", pos * 8 + bit, flipped);
            }
        }
        for (uint8_t extra : {0x00, 0x08, 0x7F, 0x80, 0xFF}) {
            std::vector<uint8_t> longer = valid;
            longer.push_back(extra);
            run("metadata-trailing-byte", extra, longer);
        }
    }
    EXPECT_GE(random_calls, kRandomMetadataPerEncoding);
}

// (b) Every truncation of every buffer (sampled above 256 bytes), buffers one byte or one
// view too long, and random byte flips inside each buffer.
TEST_P(EncodingBuildBadInputTest, TruncatedAndFlippedBuffers) {
    const uint64_t seed = SeedFor(GetParam(), "buffers");
    TestRng rng(seed);
    for (size_t s = 0; s < samples_->size(); ++s) {
        const Parts valid = SampleParts((*samples_)[s]);
        for (size_t b = 0; b < valid.buffers.size(); ++b) {
            const Buffer &original = valid.buffers[b];
            const size_t size = original.size();
            std::vector<size_t> sizes;
            const size_t step = size <= 256 ? 1 : size / 128;
            for (size_t cut = 0; cut < size; cut += step) {
                sizes.push_back(cut);
            }
            for (size_t back = 1; back <= std::min<size_t>(size, 17); ++back) {
                sizes.push_back(size - back);
            }
            for (size_t cut : sizes) {
                Parts parts = valid;
                parts.buffers[b] = original.Slice(0, cut);
                Check(Case(s, "buffer-truncated", b << 32 | cut, seed), parts);
            }
            for (size_t extra : {1, 16}) {
                std::vector<uint8_t> longer(original.bytes().begin(), original.bytes().end());
                longer.resize(size + extra, 0xAB);
                Parts parts = valid;
                parts.buffers[b] = CopyOf(longer);
                Check(Case(s, "buffer-extended", b << 32 | extra, seed), parts);
            }
            for (size_t i = 0; i < kBufferFlipsPerBuffer && size > 0; ++i) {
                std::vector<uint8_t> bytes(original.bytes().begin(), original.bytes().end());
                for (size_t flips = rng.Between(1, 3); flips > 0; --flips) {
                    bytes[rng.Below(size)] ^= static_cast<uint8_t>(rng.Between(1, 255));
                }
                Parts parts = valid;
                parts.buffers[b] = CopyOf(bytes);
                Check(Case(s, "buffer-flipped", b << 32 | i, seed), parts);
            }
        }
    }
}

// A copy of an integer child with one value corrupted: random bytes, all ones (huge or -1),
// zero, or two values swapped (offsets out of order).
ArrayRef MutatedIntegers(const PrimitiveArray &child, TestRng &rng) {
    const size_t width = ByteWidth(child.ptype());
    std::vector<uint8_t> bytes(child.buffers()[0].bytes().begin(), child.buffers()[0].bytes().end());
    const size_t i = rng.Below(child.len());
    uint8_t *value = bytes.data() + i * width;
    switch (rng.Below(4)) {
        case 0:
            value[rng.Below(width)] ^= static_cast<uint8_t>(rng.Between(1, 255));
            break;
        case 1:
            std::memset(value, 0xFF, width);
            break;
        case 2:
            std::memset(value, 0, width);
            break;
        default: {
            uint8_t *other = bytes.data() + rng.Below(child.len()) * width;
            std::swap_ranges(value, value + width, other);
            break;
        }
    }
    return PrimitiveArray::Make(child.ptype(), Buffer::Copy(bytes), child.validity());
}

// (b) continued: offsets, sizes, codes and chunk offsets are children here, so corrupt the
// integer children's values; and swap children around.
TEST_P(EncodingBuildBadInputTest, CorruptedIntegerChildren) {
    const uint64_t seed = SeedFor(GetParam(), "children");
    TestRng rng(seed);
    for (size_t s = 0; s < samples_->size(); ++s) {
        const Parts valid = SampleParts((*samples_)[s]);
        for (size_t k = 0; k < valid.children.size(); ++k) {
            const auto *integers = As<PrimitiveArray>(*valid.children[k]);
            if (integers == nullptr || !IsInt(integers->ptype()) || integers->len() == 0) {
                continue;
            }
            for (size_t i = 0; i < kChildMutantsPerChild; ++i) {
                Parts parts = valid;
                parts.children[k] = MutatedIntegers(*integers, rng);
                Check(Case(s, "child-values-corrupted", k << 32 | i, seed), parts);
            }
        }
        for (size_t a = 0; a < valid.children.size(); ++a) {
            for (size_t b = a + 1; b < valid.children.size(); ++b) {
                Parts parts = valid;
                std::swap(parts.children[a], parts.children[b]);
                Check(Case(s, "children-swapped", a << 32 | b), parts);
            }
        }
    }
}

// (c) One buffer or child too few or too many.
TEST_P(EncodingBuildBadInputTest, WrongBufferAndChildCounts) {
    for (size_t s = 0; s < samples_->size(); ++s) {
        const Parts valid = SampleParts((*samples_)[s]);
        for (size_t b = 0; b < valid.buffers.size(); ++b) {
            Parts parts = valid;
            parts.buffers.erase(parts.buffers.begin() + static_cast<ptrdiff_t>(b));
            Check(Case(s, "buffer-dropped", b), parts);
            parts = valid;
            parts.buffers.push_back(valid.buffers[b]);
            Check(Case(s, "buffer-duplicated", b), parts);
        }
        for (size_t extra_size : {0, 16}) {
            Parts parts = valid;
            parts.buffers.push_back(CopyOf(std::vector<uint8_t>(extra_size, 0)));
            Check(Case(s, "buffer-added", extra_size), parts);
        }
        for (size_t k = 0; k < valid.children.size(); ++k) {
            Parts parts = valid;
            parts.children.erase(parts.children.begin() + static_cast<ptrdiff_t>(k));
            Check(Case(s, "child-dropped", k), parts);
            parts = valid;
            parts.children.push_back(valid.children[k]);
            Check(Case(s, "child-duplicated", k), parts);
        }
        // An extra all-valid validity child, as a confused writer might add.
        Parts parts = valid;
        parts.children.push_back(
            RandomArray(DType::Bool(Nullability::NonNullable), {.len = valid.len, .seed = s}));
        Check(Case(s, "validity-child-added", 0), parts);
    }
}

// (d) Lengths that disagree with the parts (including ones whose byte sizes overflow) and
// dtypes that disagree with them.
TEST_P(EncodingBuildBadInputTest, WrongLengthAndDType) {
    for (size_t s = 0; s < samples_->size(); ++s) {
        const Parts valid = SampleParts((*samples_)[s]);
        std::vector<size_t> lengths = {0,
                                       valid.len + 1,
                                       uint64_t{1} << 32,
                                       (uint64_t{1} << 32) + valid.len,
                                       uint64_t{1} << 40,
                                       SIZE_MAX / 16 + 1,
                                       SIZE_MAX / 2,
                                       SIZE_MAX - 1,
                                       SIZE_MAX};
        if (valid.len > 0) {
            lengths.push_back(valid.len - 1);
        }
        for (size_t i = 0; i < lengths.size(); ++i) {
            if (lengths[i] == valid.len) {
                continue;
            }
            Parts parts = valid;
            parts.len = lengths[i];
            Check(Case(s, "wrong-len", lengths[i]), parts);
        }
        const std::vector<DType> others = OtherDTypes(valid.dtype);
        for (size_t i = 0; i < others.size(); ++i) {
            Parts parts = valid;
            parts.dtype = others[i];
            Check(Case(s, "wrong-dtype", i), parts);
        }
    }
}

// (e) ArrayChildren that fail: every Get(), or only one.
TEST_P(EncodingBuildBadInputTest, FailingChildren) {
    for (size_t s = 0; s < samples_->size(); ++s) {
        const Parts valid = SampleParts((*samples_)[s]);
        if (valid.children.empty()) {
            continue;
        }
        EXPECT_FALSE(Check(Case(s, "all-children-fail", 0), valid, FailingChildren(valid.children, {})).ok);
        for (size_t k = 0; k < valid.children.size(); ++k) {
            // Build must ask for every child it keeps, so the failure must surface.
            EXPECT_FALSE(Check(Case(s, "child-fails", k), valid, FailingChildren(valid.children, k)).ok)
                << (*samples_)[s].label << ": child " << k << " was never decoded";
        }
    }
}

// (e) ArrayChildren that break the Get() contract (a child of the wrong length or dtype),
// and one that keeps it with arbitrary contents (constants of the asked dtype and length).
TEST_P(EncodingBuildBadInputTest, HostileChildren) {
    const uint64_t seed = SeedFor(GetParam(), "hostile");
    for (size_t s = 0; s < samples_->size(); ++s) {
        const Parts valid = SampleParts((*samples_)[s]);
        for (size_t k = 0; k < valid.children.size(); ++k) {
            const ArrayRef &child = valid.children[k];
            std::vector<ArrayRef> replacements;
            if (child->len() > 0) {
                replacements.push_back(Slice(child, 0, child->len() - 1).ValueOrDie());
            }
            replacements.push_back(RandomArray(child->dtype(), {.len = child->len() + 1, .seed = seed + k}));
            for (const DType &other : OtherDTypes(child->dtype())) {
                replacements.push_back(RandomArray(other, {.len = child->len(), .seed = seed + k}));
            }
            for (size_t r = 0; r < replacements.size(); ++r) {
                std::vector<ArrayRef> children = valid.children;
                children[k] = replacements[r];
                Check(Case(s, "hostile-child", k << 32 | r, seed), valid, UncheckedChildren(children));
            }
        }
        Check(Case(s, "constant-children", 0, seed), valid,
              ConstantChildren(valid.children.size(), seed + s));
    }
}

// Children that cost a file a few bytes at any length (constants) with a huge node length.
// A contract-keeping child may be a constant of any length, which a file can state in a few
// bytes. Validation must not expand it: dict codes and list offsets/sizes are checked from
// the constant's scalar.
TEST_P(EncodingBuildBadInputTest, ConstantChildrenOfHugeLength) {
    const uint64_t seed = SeedFor(GetParam(), "huge-constant-children");
    for (size_t s = 0; s < samples_->size(); ++s) {
        Parts parts = SampleParts((*samples_)[s]);
        for (size_t len : {size_t{1} << 40, SIZE_MAX / 2}) {
            parts.len = len;
            Check(Case(s, "constant-children-huge-len", len, seed), parts,
                  ConstantChildren(parts.children.size(), seed + s));
        }
    }
}

INSTANTIATE_TEST_SUITE_P(AllRegistered,
                         EncodingBuildBadInputTest,
                         ::testing::ValuesIn(RegisteredIds()),
                         [](const ::testing::TestParamInfo<std::string> &param_info) {
                             std::string name = param_info.param;
                             std::replace_if(
                                 name.begin(), name.end(), [](char c) { return !std::isalnum(c); }, '_');
                             return name;
                         });

// New encodings are covered by iterating the registry; this pins that the registry is not
// accidentally empty and that every id got samples.
TEST(EncodingBuildBadInputCoverage, EveryRegisteredEncodingHasSamples) {
    const auto ids = RegisteredIds();
    EXPECT_GE(ids.size(), 14u);
    for (const std::string &id : ids) {
        auto it = SamplesByEncoding().find(id);
        ASSERT_NE(it, SamplesByEncoding().end()) << id;
        EXPECT_GE(it->second.size(), 2u) << id;
    }
}

} // namespace
} // namespace vortex::bad_input
