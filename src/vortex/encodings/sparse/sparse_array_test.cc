// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/array_from_scalars.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/base/format.h"
#include "vortex/encodings/sparse/register.h"
#include "vortex/encodings/sparse/sparse_array.h"
#include "vortex/encodings/sparse/sparse_metadata.pb.h"
#include "vortex/encodings/testing/serde_round_trip.h"
#include "vortex/format/array_metadata.pb.h"
#include "vortex/scalar/scalar_serde.h"

namespace vortex {
namespace {

// A canonical array dominated by its first value: about four positions in five repeat it.
ArrayRef DominatedArray(const DType &dtype, const RandomArrayOptions &options) {
    ArrayRef random = RandomArray(dtype, options);
    std::vector<uint64_t> picks(options.len);
    uint64_t state = options.seed + 0x9E3779B97F4A7C15ULL;
    for (size_t i = 0; i < picks.size(); ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        picks[i] = (state >> 59) % 5 == 0 ? i : 0;
    }
    auto taken = Take(random, PrimitiveArray::FromValues(picks));
    VX_CHECK_MSG(taken.ok(), "{}", taken.status().ToString());
    auto canonical = Canonicalize(*taken);
    VX_CHECK_MSG(canonical.ok(), "{}", canonical.status().ToString());
    return *std::move(canonical);
}

Result<ArrayRef> EncodeWithFirstValue(const ArrayRef &canonical) {
    Scalar fill = DefaultScalar(canonical->dtype());
    if (!canonical->empty()) {
        VX_ASSIGN_OR_RETURN(fill, ScalarAt(canonical, 0));
    }
    return sparse::SparseEncode(canonical, fill);
}

} // namespace

struct SparseConformance {
    static std::vector<ConformanceCase> Cases() { return DefaultConformanceCases(/*all_long_cases=*/false); }
    static bool Supports(const DType &dtype) { return !dtype.is_null(); }
    static ArrayRef MakeInput(const DType &dtype, const RandomArrayOptions &options) {
        return DominatedArray(dtype, options);
    }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) { return EncodeWithFirstValue(canonical); }
};
INSTANTIATE_TYPED_TEST_SUITE_P(Sparse, ArrayConformanceTest, SparseConformance);

// Null-dominated form: a null fill, the valid values as patches.
struct SparseNullFillConformance {
    static std::vector<ConformanceCase> Cases() { return DefaultConformanceCases(/*all_long_cases=*/false); }
    static bool Supports(const DType &dtype) { return dtype.is_nullable() && !dtype.is_null(); }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) {
        return sparse::SparseEncode(canonical, Scalar::Null(canonical->dtype()));
    }
};
INSTANTIATE_TYPED_TEST_SUITE_P(SparseNullFill, ArrayConformanceTest, SparseNullFillConformance);

namespace sparse {
namespace {

const DType kI64 = DType::Primitive(PType::I64, Nullability::NonNullable);

TEST(SparseArrayTest, EncodesPatchesAndFill) {
    auto input = PrimitiveArray::FromOptionals<int64_t>({7, 7, 3, 7, std::nullopt, 7});
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded,
                         SparseEncode(input, Scalar::Primitive<int64_t>(7, Nullability::NonNullable)));
    auto array = As<SparseArray>(encoded);
    ASSERT_NE(array, nullptr);
    EXPECT_EQ(array->fill(), Scalar::Primitive<int64_t>(7, Nullability::Nullable));
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<uint64_t>({2, 4})), array->patches().indices());
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromOptionals<int64_t>({3, std::nullopt})),
                        array->patches().values());
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), *Canonicalize(encoded));
    EXPECT_EQ(NullCount(encoded), 1u);
    // Buffer 0 is the fill's bare ScalarValue: int64_value (field 3, sint64) zigzag(7) = 14.
    EXPECT_EQ(std::vector<uint8_t>(encoded->buffers()[0].span<uint8_t>().begin(),
                                   encoded->buffers()[0].span<uint8_t>().end()),
              (std::vector<uint8_t>{0x18, 0x0E}));
    // Metadata: patches {len 2, offset 0 (omitted), indices_ptype U64 = 3}.
    ASSERT_OK_AND_ASSIGN(auto metadata, encoded->SerializeMetadata());
    EXPECT_EQ(metadata, (std::vector<uint8_t>{0x0A, 0x04, 0x08, 0x02, 0x18, 0x03}));

    // Null fill: u32 indices of the valid positions.
    ASSERT_OK_AND_ASSIGN(encoded, SparseEncode(input, Scalar::Null(input->dtype())));
    array = As<SparseArray>(encoded);
    ASSERT_NE(array, nullptr);
    EXPECT_EQ(array->patches().indices_ptype(), PType::U32);
    EXPECT_EQ(array->patches().num_patches(), 5u);
    ASSERT_ARRAYS_EQUAL(ArrayRef(input), *Canonicalize(encoded));

    EXPECT_RAISES(MismatchedTypes,
                  SparseEncode(input, Scalar::Primitive<int32_t>(7, Nullability::NonNullable)));
    EXPECT_NOT_OK(SparseEncode(PrimitiveArray::FromValues<int64_t>({1}), Scalar::Null(kI64.AsNullable())));
}

TEST(SparseArrayTest, RoundTripsRandomInputs) {
    std::vector<DType> dtypes;
    for (uint8_t tag = 0; tag <= kMaxPTypeTag; ++tag) {
        dtypes.push_back(DType::Primitive(static_cast<PType>(tag), Nullability::NonNullable));
    }
    dtypes.push_back(DType::Bool(Nullability::NonNullable));
    dtypes.push_back(DType::Utf8(Nullability::NonNullable));
    for (const DType &base : dtypes) {
        for (double null_fraction : {0.0, 0.1, 0.5, 1.0}) {
            for (size_t len : {0, 1, 1023, 1024, 1025}) {
                for (bool sliced : {false, true}) {
                    SCOPED_TRACE(
                        vortex::format("{} nulls={} len={} sliced={}", base, null_fraction, len, sliced));
                    const DType dtype = null_fraction > 0 ? base.AsNullable() : base;
                    ArrayRef input =
                        DominatedArray(dtype, {.len = len, .null_fraction = null_fraction, .seed = len + 11});
                    if (sliced) {
                        ASSERT_OK_AND_ASSIGN(input, ToSliced(input, len));
                        ASSERT_OK_AND_ASSIGN(input, Canonicalize(input));
                    }
                    std::vector<Scalar> fills = {DefaultScalar(dtype)};
                    if (len > 0) {
                        fills.push_back(*ScalarAt(input, 0));
                    }
                    if (dtype.is_nullable()) {
                        fills.push_back(Scalar::Null(dtype));
                    }
                    for (const Scalar &fill : fills) {
                        ASSERT_OK_AND_ASSIGN(ArrayRef encoded, SparseEncode(input, fill));
                        ASSERT_ARRAYS_EQUAL(input, *Canonicalize(encoded));
                        ASSERT_OK_AND_ASSIGN(auto null_count, encoded->statistics().Get(Stat::NullCount));
                        EXPECT_EQ(null_count->as<uint64_t>(), NullCount(input));
                        ASSERT_OK_AND_ASSIGN(ArrayRef read,
                                             testing::SerdeRoundTrip(encoded, &RegisterSparseEncodings));
                        ASSERT_ARRAYS_EQUAL(input, read);
                        if (len > 4) {
                            ASSERT_OK_AND_ASSIGN(ArrayRef encoded_slice, Slice(encoded, 2, len - 1));
                            ASSERT_OK_AND_ASSIGN(
                                ArrayRef read_slice,
                                testing::SerdeRoundTrip(encoded_slice, &RegisterSparseEncodings));
                            ASSERT_ARRAYS_EQUAL(*Slice(input, 2, len - 1), read_slice);
                        }
                    }
                }
            }
        }
    }
}

TEST(SparseArrayTest, KernelsStaySparse) {
    std::vector<int64_t> values(100, 5);
    values[10] = -1;
    values[90] = 40;
    auto input = PrimitiveArray::FromValues(values);
    ASSERT_OK_AND_ASSIGN(ArrayRef encoded,
                         SparseEncode(input, Scalar::Primitive<int64_t>(5, Nullability::NonNullable)));
    ASSERT_OK_AND_ASSIGN(ArrayRef sliced, Slice(encoded, 5, 95));
    EXPECT_EQ(sliced->encoding_id(), "vortex.sparse");
    EXPECT_EQ(As<SparseArray>(sliced)->patches().offset(), 5u);
    ASSERT_OK_AND_ASSIGN(ArrayRef inner, Slice(encoded, 20, 80));
    EXPECT_EQ(inner->encoding_id(), "vortex.constant");
    ASSERT_OK_AND_ASSIGN(ArrayRef taken, Take(sliced, PrimitiveArray::FromValues<uint8_t>({85, 5, 0, 5})));
    EXPECT_EQ(taken->encoding_id(), "vortex.sparse");
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<int64_t>({40, -1, 5, -1})), taken);
    EXPECT_EQ(*Min(sliced), Scalar::Primitive<int64_t>(-1, Nullability::NonNullable));
    EXPECT_EQ(*Max(sliced), Scalar::Primitive<int64_t>(40, Nullability::NonNullable));
    ASSERT_OK_AND_ASSIGN(ArrayRef only_fill, Slice(encoded, 11, 20));
    EXPECT_EQ(*Max(only_fill), Scalar::Primitive<int64_t>(5, Nullability::NonNullable));
}

std::vector<uint8_t> SparseMetadataBytes(uint64_t len, uint64_t offset, PType indices_ptype) {
    vortex::encodings::SparseMetadata proto;
    proto.mutable_patches()->set_len(len);
    proto.mutable_patches()->set_offset(offset);
    proto.mutable_patches()->set_indices_ptype(static_cast<vortex::dtype::PType>(indices_ptype));
    const std::string bytes = proto.SerializeAsString();
    return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

TEST(SparseArrayTest, BuildRejectsBadParts) {
    const SparseEncoding &encoding = SparseEncoding::Instance();
    const Buffer fill =
        Buffer::Copy(SerializeScalarValue(Scalar::Primitive<int64_t>(9, Nullability::NonNullable)));
    ArrayRef indices = PrimitiveArray::FromValues<uint16_t>({1, 3});
    ArrayRef values = PrimitiveArray::FromValues<int64_t>({-1, -3});
    auto build = [&](const std::vector<uint8_t> &metadata, std::vector<Buffer> buffers, ArrayRef idx,
                     size_t len, const DType &dtype) {
        return encoding.Build(dtype, len, metadata, std::move(buffers),
                              std::vector<ArrayRef>{std::move(idx), values});
    };
    const auto good = SparseMetadataBytes(2, 0, PType::U16);
    ASSERT_OK_AND_ASSIGN(ArrayRef built, build(good, {fill}, indices, 5, kI64));
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<int64_t>({9, -1, 9, -3, 9})),
                        *Canonicalize(built));
    // Offset 1: indices are absolute, so the array starts one position later.
    ASSERT_OK_AND_ASSIGN(built, build(SparseMetadataBytes(2, 1, PType::U16), {fill}, indices, 3, kI64));
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<int64_t>({-1, 9, -3})), *Canonicalize(built));

    // Patch indices out of range, unsorted, below the offset; signed indices.
    EXPECT_RAISES(Serde, build(good, {fill}, indices, 3, kI64));
    EXPECT_RAISES(Serde, build(good, {fill}, PrimitiveArray::FromValues<uint16_t>({3, 1}), 5, kI64));
    EXPECT_RAISES(Serde, build(SparseMetadataBytes(2, 2, PType::U16), {fill}, indices, 3, kI64));
    EXPECT_RAISES(Serde, build(SparseMetadataBytes(2, 0, PType::I16), {fill},
                               PrimitiveArray::FromValues<int16_t>({1, 3}), 5, kI64));
    EXPECT_NOT_OK(build(good, {fill}, PrimitiveArray::FromValues<uint32_t>({1, 3}), 5, kI64));
    EXPECT_NOT_OK(build(SparseMetadataBytes(3, 0, PType::U16), {fill}, indices, 5, kI64));
    // A fill of the wrong type, a null fill for a non-nullable dtype, corrupt or missing fill.
    const Buffer bool_fill = Buffer::Copy(SerializeScalarValue(Scalar::Bool(true, Nullability::NonNullable)));
    EXPECT_RAISES(Serde, build(good, {bool_fill}, indices, 5, kI64));
    const Buffer null_fill = Buffer::Copy(SerializeScalarValue(Scalar::Null(kI64.AsNullable())));
    EXPECT_RAISES(Serde, build(good, {null_fill}, indices, 5, kI64));
    EXPECT_RAISES(Serde, build(good, {Buffer::CopyFrom("\xff\xff")}, indices, 5, kI64));
    EXPECT_RAISES(Serde, build(good, {}, indices, 5, kI64));
    EXPECT_RAISES(Serde, build(good, {fill, fill}, indices, 5, kI64));
    // Corrupt metadata, wrong child counts.
    const std::vector<uint8_t> corrupt = {0x0A, 0x7F};
    EXPECT_RAISES(Serde, build(corrupt, {fill}, indices, 5, kI64));
    EXPECT_RAISES(Serde, encoding.Build(kI64, 5, good, {fill}, std::vector<ArrayRef>{indices}));
}

} // namespace
} // namespace sparse
} // namespace vortex
