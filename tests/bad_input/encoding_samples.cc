// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "encoding_samples.h"

#include <set>
#include <tuple>
#include <utility>

#include "vortex/array/arrays/list/list_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/test_rng_internal.h"
#include "vortex/base/format.h"
#include "vortex/default_session.h"
#include "vortex/encodings/encoding_family_samples.h"

#include "encoded_samples.h"

namespace vortex::bad_input {
namespace {

constexpr uint64_t kPoolSeed = 0xBAD1A9u;
constexpr size_t kLengths[] = {0, 1, 1025};

struct Candidate {
    Sample sample;
    size_t bucket;
};

size_t BucketOf(const ArrayRef &array) {
    const size_t len_class = array->len() == 0 ? 0 : array->len() == 1 ? 1 : array->len() < 1025 ? 2 : 3;
    return len_class * 2 + (array->dtype().is_nullable() ? 1 : 0);
}

// Adds `array` and every descendant, skipping nodes already seen (children are shared).
void CollectNodes(const ArrayRef &array,
                  const std::string &label,
                  std::set<const Array *> &seen,
                  std::map<std::string, std::vector<Candidate>, std::less<>> &out) {
    if (array == nullptr || !seen.insert(array.get()).second) {
        return;
    }
    out[std::string(array->encoding_id())].push_back({{array, label}, BucketOf(array)});
    for (size_t k = 0; k < array->nchildren(); ++k) {
        CollectNodes(array->child(k), vortex::format("{}/child{}", label, k), seen, out);
    }
}

// ListArrays over nullable i32 elements with i64 or u16 offsets.
std::vector<Sample> ListSamples() {
    std::vector<Sample> out;
    uint64_t seed = kPoolSeed;
    for (size_t len : kLengths) {
        for (bool nullable : {false, true}) {
            std::vector<int64_t> offsets{0};
            for (size_t i = 0; i < len; ++i) {
                offsets.push_back(offsets.back() + static_cast<int64_t>(i % 4));
            }
            RandomArrayOptions options{.len = static_cast<size_t>(offsets.back()), .seed = ++seed};
            ArrayRef elements = RandomArray(DType::Primitive(PType::I32, Nullability::Nullable), options);
            Validity validity = Validity::NonNullable();
            if (nullable) {
                options.len = len;
                ArrayRef valid = RandomArray(DType::Bool(Nullability::NonNullable), options);
                validity = Validity::FromArray(valid).ValueOrDie();
            }
            ArrayRef offsets_array;
            if (len % 2 == 1) {
                std::vector<uint16_t> narrow(offsets.begin(), offsets.end());
                offsets_array = PrimitiveArray::FromValues(narrow);
            } else {
                offsets_array = PrimitiveArray::FromValues(offsets);
            }
            ArrayRef list = ListArray::Make(elements, offsets_array, validity);
            out.push_back({list, vortex::format("list[len={}, nullable={}]", len, nullable)});
            if (len > 2) {
                out.push_back({Slice(list, 1, len - 1).ValueOrDie(),
                               vortex::format("list[len={}, nullable={}].slice(1, -1)", len, nullable)});
            }
        }
    }
    return out;
}

// Samples of the encodings that decode on load, which their families make from the other
// encodings' samples (vortex_add_encoding's NODE_SAMPLES).
void AddDecodedOnLoadSamples(std::map<std::string, std::vector<Sample>, std::less<>> &out) {
    const testing::SamplesOfId samples_of = [&out](std::string_view id) {
        testing::EncodedSamples found;
        if (auto it = out.find(id); it != out.end()) {
            for (const Sample &sample : it->second) {
                found.emplace_back(sample.array, sample.label);
            }
        }
        return found;
    };
    std::vector<testing::NodeSample> nodes;
    testing::AddEncodingFamilyNodeSamples(samples_of, nodes);
    for (testing::NodeSample &node : nodes) {
        const Encoding *encoding = DefaultSession().encodings().Find(node.id);
        VX_CHECK(encoding != nullptr);
        const NodeParts &parts = node.parts;
        ArrayRef array =
            encoding->Build(parts.dtype, parts.len, parts.metadata, parts.buffers, parts.children)
                .ValueOrDie();
        out[node.id].push_back({std::move(array), std::move(node.label), std::move(node.parts)});
    }
}

std::map<std::string, std::vector<Sample>, std::less<>> BuildSamples() {
    std::map<std::string, std::vector<Candidate>, std::less<>> candidates;
    std::set<const Array *> seen;
    uint64_t seed = kPoolSeed;
    for (const DType &dtype : AllTestDTypes()) {
        for (size_t len : kLengths) {
            const RandomArrayOptions options{.len = len, .null_fraction = 0.3, .seed = ++seed};
            const ArrayRef canonical = RandomArray(dtype, options);
            const std::string label = vortex::format("{}[len={}]", dtype, len);
            CollectNodes(canonical, label + ".canonical", seen, candidates);
            CollectNodes(RandomConstantArray(dtype, options), label + ".constant", seen, candidates);
            for (ArrayForm form :
                 {ArrayForm::Sliced, ArrayForm::Chunked, ArrayForm::Dict, ArrayForm::Masked}) {
                auto formed = ToForm(canonical, form, seed);
                if (formed.ok()) {
                    CollectNodes(*formed, vortex::format("{}.{}", label, ArrayFormName(form)), seen,
                                 candidates);
                }
            }
            for (const auto &[encoded, encoder] : EncodedForms(canonical, seed)) {
                CollectNodes(encoded, vortex::format("{}.{}", label, encoder), seen, candidates);
            }
        }
    }
    for (Sample &sample : ListSamples()) {
        CollectNodes(sample.array, sample.label, seen, candidates);
    }

    std::map<std::string, std::vector<Sample>, std::less<>> out;
    for (auto &[id, all] : candidates) {
        // Distinct (dtype, len, sliced) triples; each bucket shuffled with a fixed seed so the
        // round-robin below reaches different dtypes, not just the first ones generated.
        std::set<std::tuple<std::string, size_t, bool>> distinct;
        std::map<size_t, std::vector<Sample>> buckets;
        for (Candidate &candidate : all) {
            const ArrayRef &array = candidate.sample.array;
            const bool sliced = candidate.sample.label.find(".sliced") != std::string::npos ||
                                candidate.sample.label.find(".slice(") != std::string::npos;
            if (distinct.emplace(array->dtype().ToString(), array->len(), sliced).second) {
                buckets[candidate.bucket].push_back(std::move(candidate.sample));
            }
        }
        internal::TestRng rng(kPoolSeed);
        for (auto &[bucket, samples] : buckets) {
            for (size_t i = samples.size(); i > 1; --i) {
                std::swap(samples[i - 1], samples[rng.Below(i)]);
            }
        }
        std::vector<Sample> &chosen = out[id];
        for (size_t round = 0; chosen.size() < kMaxSamplesPerEncoding; ++round) {
            bool any = false;
            for (auto &[bucket, samples] : buckets) {
                if (round < samples.size() && chosen.size() < kMaxSamplesPerEncoding) {
                    chosen.push_back(samples[round]);
                    any = true;
                }
            }
            if (!any) {
                break;
            }
        }
    }
    AddDecodedOnLoadSamples(out);
    return out;
}

} // namespace

const std::map<std::string, std::vector<Sample>, std::less<>> &SamplesByEncoding() {
    static const auto samples = BuildSamples();
    return samples;
}

} // namespace vortex::bad_input
