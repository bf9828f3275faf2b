// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cmath>
#include <optional>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/compute/slice.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/encodings/pco/pco_array.h"
#include "vortex/encodings/pco/pco_encoding.h"
#include "vortex/encodings/pco/pco_metadata.pb.h"
#include "vortex/encodings/pco/register.h"
#include "vortex/encodings/testing/serde_round_trip.h"

namespace vortex {

struct PcoConformance {
    static bool Supports(const DType &dtype) {
        return dtype.is_primitive() && pco::NumberTypeOf(dtype.ptype()).has_value();
    }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) {
        VX_ASSIGN_OR_RETURN(auto array, pco::PcoCompress(canonical));
        return ArrayRef(std::move(array));
    }
};
INSTANTIATE_TYPED_TEST_SUITE_P(Pco, ArrayConformanceTest, PcoConformance);

namespace pco {
namespace {

// Compresses, writes one segment, reads it back through the reader's Build (which decodes
// every page), and compares values and nulls.
void ExpectFileRoundTrip(const ArrayRef &input, const EncodeOptions &options = {}) {
    ASSERT_OK_AND_ASSIGN(auto encoded, PcoCompress(input, options));
    EXPECT_EQ(encoded->encoding_id(), PcoEncoding::kId);
    EXPECT_EQ(encoded->dtype(), input->dtype());
    ASSERT_OK_AND_ASSIGN(ArrayRef read_back, testing::SerdeRoundTrip(encoded, &RegisterPcoEncodings));
    EXPECT_ARRAYS_EQUAL(input, read_back);
}

const PType kPcoPTypes[] = {PType::U16, PType::U32, PType::U64, PType::I16, PType::I32,
                            PType::I64, PType::F16, PType::F32, PType::F64};

TEST(PcoArrayTest, EveryPTypeWithNullsChunksAndPagesReadsBack) {
    for (PType ptype : kPcoPTypes) {
        for (Nullability nullability : {Nullability::NonNullable, Nullability::Nullable}) {
            for (size_t len : {size_t{0}, size_t{1}, size_t{1000}, size_t{20'000}}) {
                SCOPED_TRACE(::testing::Message()
                             << PTypeName(ptype) << " " << static_cast<int>(nullability) << " " << len);
                RandomArrayOptions random;
                random.len = len;
                random.null_fraction = nullability == Nullability::Nullable ? 0.3 : 0.0;
                random.seed = len + static_cast<uint64_t>(ptype);
                const ArrayRef input = RandomArray(DType::Primitive(ptype, nullability), random);
                ExpectFileRoundTrip(input);
                ExpectFileRoundTrip(input, {.values_per_chunk = 4096, .values_per_page = 1000});
            }
        }
    }
}

TEST(PcoArrayTest, AllNullAndNullRunsReadBack) {
    std::vector<std::optional<int32_t>> values(3000, std::nullopt);
    ExpectFileRoundTrip(PrimitiveArray::FromOptionals(values));
    for (size_t i = 1000; i < 2000; ++i) {
        values[i] = static_cast<int32_t>(i * i);
    }
    ExpectFileRoundTrip(PrimitiveArray::FromOptionals(values), {.values_per_page = 256});
}

TEST(PcoArrayTest, MetadataNamesEveryChunkAndPage) {
    std::vector<double> values(10'000);
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = std::sqrt(static_cast<double>(i));
    }
    ASSERT_OK_AND_ASSIGN(auto encoded,
                         PcoCompress(PrimitiveArray::FromValues(values, Validity::NonNullable()),
                                     {.values_per_chunk = 6000, .values_per_page = 2500}));
    ASSERT_OK_AND_ASSIGN(auto bytes, encoded->SerializeMetadata());
    vortex::encodings::PcoMetadata proto;
    ASSERT_TRUE(proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size())));
    EXPECT_EQ(proto.header(), std::string("\x04\x01", 2));
    ASSERT_EQ(proto.chunks_size(), 2);
    ASSERT_EQ(proto.chunks(0).pages_size(), 3); // 6000 in pages of 2000
    EXPECT_EQ(proto.chunks(0).pages(0).n_values(), 2000u);
    ASSERT_EQ(proto.chunks(1).pages_size(), 2); // 4000 in pages of 2000
    // Chunk metas first, then the pages, as the reference orders the buffers.
    EXPECT_EQ(encoded->buffers().size(), 2u + 5u);
}

// A node read from a file decodes only the pages a slice or a value needs: a corrupt page
// fails the reads that touch it and no other.
TEST(PcoArrayTest, SlicesAndValuesDecodeOnlyTheirPages) {
    std::vector<std::optional<int64_t>> values(4000);
    for (size_t i = 0; i < values.size(); ++i) {
        if (i % 5 != 0) {
            values[i] = static_cast<int64_t>(i * i) - 1000;
        }
    }
    const ArrayRef input = PrimitiveArray::FromOptionals(values);
    ASSERT_OK_AND_ASSIGN(auto encoded, PcoCompress(input, {.values_per_page = 800}));
    ASSERT_EQ(encoded->page_counts().size(), 1u);
    ASSERT_EQ(encoded->page_counts()[0].size(), 4u); // 3200 valid values
    std::vector<Buffer> buffers(encoded->buffers().begin(), encoded->buffers().end());
    // Page 3 (buffer 1 + 3) holds the last 800 valid values, rows from 3000 on.
    std::vector<uint8_t> damaged(buffers[4].bytes().begin(), buffers[4].bytes().end());
    damaged.resize(damaged.size() / 2);
    buffers[4] = Buffer::Copy(damaged);
    ASSERT_OK_AND_ASSIGN(
        auto read, PcoArray::TryMake(input->dtype(), input->len(), encoded->header(), encoded->page_counts(),
                                     buffers, static_cast<const PrimitiveArray &>(*input).validity()));
    const ArrayRef array = read;
    ASSERT_OK_AND_ASSIGN(auto head, Slice(array, 10, 2990));
    ASSERT_OK_AND_ASSIGN(auto expected_head, Slice(input, 10, 2990));
    EXPECT_ARRAYS_EQUAL(expected_head, head);
    ASSERT_OK_AND_ASSIGN(Scalar value, ScalarAt(array, 1234));
    EXPECT_EQ(value, *ScalarAt(input, 1234));
    ASSERT_OK_AND_ASSIGN(Scalar null, ScalarAt(array, 3500)); // a null row needs no page
    EXPECT_TRUE(null.is_null());
    EXPECT_RAISES(Serde, ScalarAt(array, 3501));
    EXPECT_RAISES(Serde, Slice(array, 2990, 3010));
    EXPECT_RAISES(Serde, array->ToCanonical());
}

TEST(PcoArrayTest, ThreadsShareOneDecoding) {
    std::vector<float> values(50'000);
    for (size_t i = 0; i < values.size(); ++i) {
        values[i] = static_cast<float>(i % 977) / 8;
    }
    const ArrayRef input = PrimitiveArray::FromValues(values);
    ASSERT_OK_AND_ASSIGN(auto encoded, PcoCompress(input));
    ASSERT_OK_AND_ASSIGN(ArrayRef read, testing::SerdeRoundTrip(encoded, &RegisterPcoEncodings));
    std::vector<ArrayRef> canonical(4);
    std::vector<std::thread> threads;
    for (size_t t = 0; t < canonical.size(); ++t) {
        threads.emplace_back([&, t] { canonical[t] = read->ToCanonical().ValueOrDie(); });
    }
    for (auto &thread : threads) {
        thread.join();
    }
    for (const ArrayRef &array : canonical) {
        EXPECT_EQ(array.get(), canonical[0].get()); // the same decoded array
        EXPECT_ARRAYS_EQUAL(input, array);
    }
}

TEST(PcoArrayTest, RefusesWhatPcoCannotHold) {
    EXPECT_RAISES(InvalidArgument, PcoCompress(PrimitiveArray::FromValues(std::vector<int8_t>{1, 2})));
    EXPECT_RAISES(InvalidArgument, PcoCompress(PrimitiveArray::FromValues(std::vector<uint8_t>{1, 2})));
}

} // namespace
} // namespace pco
} // namespace vortex
