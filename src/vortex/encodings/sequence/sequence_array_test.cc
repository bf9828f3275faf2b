// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/arrays/bool/bool_array.h"
#include "vortex/array/arrays/primitive/primitive_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/compute.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/conformance/array_conformance.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/base/format.h"
#include "vortex/encodings/sequence/register.h"
#include "vortex/encodings/sequence/sequence_array.h"
#include "vortex/encodings/sequence/sequence_metadata.pb.h"
#include "vortex/encodings/testing/serde_round_trip.h"
#include "vortex/scalar/scalar.h"
#include "vortex/scalar/scalar_serde.h"

namespace vortex {
namespace {

// Largest length a sequence of `ptype` may have (len - 1 must be representable).
uint64_t MaxSequenceLen(PType ptype) {
    return VisitIntPType(
        ptype, [&]<typename T>() { return static_cast<uint64_t>(std::numeric_limits<T>::max()) + 1; });
}

// A canonical arithmetic sequence of `ptype` with a random base and a multiplier in
// [-3, 3] \ {0} (positive for unsigned types) that fits the type.
ArrayRef RandomSequence(PType ptype, Nullability nullability, size_t len, uint64_t seed) {
    return VisitIntPType(ptype, [&]<typename T>() -> ArrayRef {
        uint64_t state = seed * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
        auto next = [&] {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            return state;
        };
        int64_t multiplier = static_cast<int64_t>(next() % 3) + 1;
        if (std::is_signed_v<T> && next() % 2 == 0) {
            multiplier = -multiplier;
        }
        // The bounds of T from its width, without converting a (signed) char.
        constexpr int kBits = 8 * sizeof(T);
        const int128_t min = std::is_signed_v<T> ? -(int128_t{1} << (kBits - 1)) : 0;
        const int128_t max = (int128_t{1} << (std::is_signed_v<T> ? kBits - 1 : kBits)) - 1;
        const int128_t steps = len == 0 ? 0 : static_cast<int128_t>(len - 1);
        if (steps * (multiplier < 0 ? -multiplier : multiplier) > max - min) {
            multiplier = 1;
        }
        const int128_t span = steps * multiplier;
        const int128_t low = span < 0 ? min - span : min;
        const int128_t high = span > 0 ? max - span : max;
        const int128_t base = low + static_cast<int128_t>(next()) % (high - low + 1);
        std::vector<T> values(len);
        for (size_t i = 0; i < len; ++i) {
            values[i] = static_cast<T>(base + static_cast<int128_t>(i) * multiplier);
        }
        return PrimitiveArray::FromValues(values, Validity::From(nullability));
    });
}

} // namespace

struct SequenceConformance {
    static std::vector<ConformanceCase> Cases() {
        std::vector<ConformanceCase> cases;
        for (const ConformanceCase &c : DefaultConformanceCases()) {
            if (c.dtype.is_primitive() && IsInt(c.dtype.ptype()) && c.len > 0 &&
                c.len <= MaxSequenceLen(c.dtype.ptype())) {
                cases.push_back(c);
            }
        }
        return cases;
    }
    static ArrayRef MakeInput(const DType &dtype, const RandomArrayOptions &options) {
        return RandomSequence(dtype.ptype(), dtype.nullability(), options.len, options.seed);
    }
    static Result<ArrayRef> Encode(const ArrayRef &canonical) {
        VX_ASSIGN_OR_RETURN(std::optional<ArrayRef> encoded, sequence::SequenceEncode(canonical));
        VX_ENSURE(encoded.has_value(), InvalidArgument, "input is not a sequence");
        return *encoded;
    }
};
INSTANTIATE_TYPED_TEST_SUITE_P(Sequence, ArrayConformanceTest, SequenceConformance);

namespace sequence {
namespace {

const PType kIntPTypes[] = {PType::U8, PType::U16, PType::U32, PType::U64,
                            PType::I8, PType::I16, PType::I32, PType::I64};
const DType kI32 = DType::Primitive(PType::I32, Nullability::NonNullable);

ArrayRef MustEncode(const ArrayRef &input) {
    auto encoded = SequenceEncode(input);
    EXPECT_TRUE(encoded.ok() && encoded->has_value()) << input->dtype();
    return encoded.ok() && encoded->has_value() ? **encoded : nullptr;
}

std::vector<uint8_t> MetadataBytes(const std::optional<PValue> &base,
                                   const std::optional<PValue> &multiplier) {
    vortex::encodings::SequenceMetadata proto;
    if (base) {
        ScalarValueToProto(Scalar::Primitive(*base, Nullability::NonNullable), proto.mutable_base());
    }
    if (multiplier) {
        ScalarValueToProto(Scalar::Primitive(*multiplier, Nullability::NonNullable),
                           proto.mutable_multiplier());
    }
    const std::string bytes = proto.SerializeAsString();
    return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

TEST(SequenceArrayTest, SerializesBaseAndMultiplierAsScalarValues) {
    ASSERT_OK_AND_ASSIGN(auto array, SequenceArray::TryMake(PValue(int32_t{3}), PValue(int32_t{-2}),
                                                            PType::I32, Nullability::NonNullable, 4));
    ASSERT_OK_AND_ASSIGN(auto bytes, array->SerializeMetadata());
    // Field 1 (message, 2 bytes): int64_value (field 3, sint64) zigzag(3) = 6; field 2:
    // zigzag(-2) = 3.
    EXPECT_EQ(bytes, (std::vector<uint8_t>{0x0A, 0x02, 0x18, 0x06, 0x12, 0x02, 0x18, 0x03}));
    ASSERT_OK_AND_ASSIGN(auto unsigned_array, SequenceArray::TryMake(PValue(uint16_t{0}), PValue(uint16_t{5}),
                                                                     PType::U16, Nullability::Nullable, 2));
    ASSERT_OK_AND_ASSIGN(bytes, unsigned_array->SerializeMetadata());
    // uint64_value (field 4): 0 is still written inside the present message.
    EXPECT_EQ(bytes, (std::vector<uint8_t>{0x0A, 0x02, 0x20, 0x00, 0x12, 0x02, 0x20, 0x05}));
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<int32_t>({3, 1, -1, -3})), *Canonicalize(array));
}

TEST(SequenceArrayTest, EncodesOnlyArithmeticSequences) {
    ArrayRef encoded = MustEncode(PrimitiveArray::FromValues<int64_t>({10, 7, 4, 1, -2}));
    ASSERT_NE(encoded, nullptr);
    auto array = As<SequenceArray>(encoded);
    ASSERT_NE(array, nullptr);
    EXPECT_EQ(array->base(), PValue(int64_t{10}));
    EXPECT_EQ(array->multiplier(), PValue(int64_t{-3}));
    encoded = MustEncode(PrimitiveArray::FromValues<uint8_t>({42}));
    ASSERT_NE(encoded, nullptr);
    EXPECT_EQ(As<SequenceArray>(encoded)->multiplier(), PValue(uint8_t{0}));

    auto not_encoded = [](const ArrayRef &input) {
        auto result = SequenceEncode(input);
        return result.ok() && !result->has_value();
    };
    EXPECT_TRUE(not_encoded(PrimitiveArray::FromValues<int32_t>({})));
    EXPECT_TRUE(not_encoded(PrimitiveArray::FromValues<int32_t>({1, 2, 4})));
    EXPECT_TRUE(not_encoded(PrimitiveArray::FromValues<int32_t>({5, 5, 5})));      // multiplier 0
    EXPECT_TRUE(not_encoded(PrimitiveArray::FromValues<uint32_t>({5, 4, 3})));     // negative step
    EXPECT_TRUE(not_encoded(PrimitiveArray::FromValues<double>({1.0, 2.0, 3.0}))); // floats
    EXPECT_TRUE(not_encoded(PrimitiveArray::FromOptionals<int32_t>({1, std::nullopt, 3})));
    EXPECT_TRUE(not_encoded(PrimitiveArray::FromValues<int8_t>({-128, 127}))); // step overflows
    std::vector<uint8_t> long_u8(257);
    for (size_t i = 0; i < long_u8.size(); ++i) {
        long_u8[i] = static_cast<uint8_t>(i);
    }
    EXPECT_TRUE(not_encoded(PrimitiveArray::FromValues(long_u8))); // wraps around
    EXPECT_RAISES(InvalidArgument, SequenceEncode(ArrayRef(BoolArray::FromBools({true}))));
}

TEST(SequenceArrayTest, RoundTripsRandomSequences) {
    for (PType ptype : kIntPTypes) {
        for (Nullability nullability : {Nullability::NonNullable, Nullability::Nullable}) {
            for (size_t len : {1, 1023, 1024, 1025}) {
                if (len > MaxSequenceLen(ptype)) {
                    continue;
                }
                for (bool sliced : {false, true}) {
                    SCOPED_TRACE(vortex::format("{} len={} sliced={}", PTypeName(ptype), len, sliced));
                    ArrayRef input =
                        RandomSequence(ptype, nullability, len, len * 7 + static_cast<size_t>(ptype));
                    if (sliced) {
                        ASSERT_OK_AND_ASSIGN(input, ToSliced(input, len));
                        ASSERT_OK_AND_ASSIGN(input, Canonicalize(input));
                    }
                    ArrayRef encoded = MustEncode(input);
                    ASSERT_NE(encoded, nullptr);
                    ASSERT_ARRAYS_EQUAL(input, *Canonicalize(encoded));
                    ASSERT_OK_AND_ASSIGN(ArrayRef read,
                                         testing::SerdeRoundTrip(encoded, &RegisterSequenceEncodings));
                    EXPECT_EQ(read->encoding_id(), "vortex.sequence");
                    ASSERT_ARRAYS_EQUAL(input, read);
                    if (len > 3) {
                        ASSERT_OK_AND_ASSIGN(ArrayRef encoded_slice, Slice(encoded, 2, len - 1));
                        EXPECT_EQ(encoded_slice->encoding_id(), "vortex.sequence");
                        ASSERT_OK_AND_ASSIGN(
                            ArrayRef read_slice,
                            testing::SerdeRoundTrip(encoded_slice, &RegisterSequenceEncodings));
                        ASSERT_ARRAYS_EQUAL(*Slice(input, 2, len - 1), read_slice);
                    }
                }
            }
        }
    }
}

TEST(SequenceArrayTest, CompareMatchesTheCanonicalKernel) {
    const CompareOp ops[] = {CompareOp::Eq,  CompareOp::NotEq, CompareOp::Lt,
                             CompareOp::Lte, CompareOp::Gt,    CompareOp::Gte};
    struct Case {
        int64_t base;
        int64_t multiplier;
        size_t len;
    };
    for (const Case &c :
         {Case{0, 1, 10}, Case{10, 3, 7}, Case{10, -3, 7}, Case{-5, 0, 4}, Case{100, -7, 30}}) {
        ASSERT_OK_AND_ASSIGN(auto array, SequenceArray::TryMake(PValue(c.base), PValue(c.multiplier),
                                                                PType::I64, Nullability::NonNullable, c.len));
        ArrayRef encoded = array;
        ASSERT_OK_AND_ASSIGN(ArrayRef canonical, Canonicalize(encoded));
        for (int64_t value = -120; value <= 120; ++value) {
            const Scalar scalar = Scalar::Primitive<int64_t>(value, Nullability::NonNullable);
            for (CompareOp op : ops) {
                SCOPED_TRACE(vortex::format("base={} mul={} len={} value={} op={}", c.base, c.multiplier,
                                            c.len, value, static_cast<int>(op)));
                ASSERT_OK_AND_ASSIGN(ArrayRef expected, CompareScalar(canonical, scalar, op));
                ASSERT_OK_AND_ASSIGN(ArrayRef actual, CompareScalar(encoded, scalar, op));
                ASSERT_ARRAYS_EQUAL(expected, actual);
            }
        }
    }
    // Extremes of the type: no overflow in the solver.
    ASSERT_OK_AND_ASSIGN(auto extreme, SequenceArray::TryMake(PValue(std::numeric_limits<int64_t>::max()),
                                                              PValue(std::numeric_limits<int64_t>::min() + 1),
                                                              PType::I64, Nullability::Nullable, 2));
    ArrayRef extreme_ref = extreme;
    ASSERT_OK_AND_ASSIGN(ArrayRef extreme_canonical, Canonicalize(extreme_ref));
    for (int64_t value :
         {std::numeric_limits<int64_t>::min(), int64_t{0}, std::numeric_limits<int64_t>::max()}) {
        for (CompareOp op : ops) {
            const Scalar scalar = Scalar::Primitive<int64_t>(value, Nullability::NonNullable);
            ASSERT_ARRAYS_EQUAL(*CompareScalar(extreme_canonical, scalar, op),
                                *CompareScalar(extreme_ref, scalar, op));
        }
    }
}

TEST(SequenceArrayTest, StatisticsFollowFromTheParameters) {
    ASSERT_OK_AND_ASSIGN(auto down, SequenceArray::TryMake(PValue(int16_t{50}), PValue(int16_t{-5}),
                                                           PType::I16, Nullability::NonNullable, 11));
    ArrayRef ref = down;
    EXPECT_EQ(*Min(ref), Scalar::Primitive<int16_t>(0, Nullability::NonNullable));
    EXPECT_EQ(*Max(ref), Scalar::Primitive<int16_t>(50, Nullability::NonNullable));
    EXPECT_EQ(*IsSorted(ref), false);
    EXPECT_EQ(*IsConstant(ref), false);
    ASSERT_OK_AND_ASSIGN(ArrayRef taken,
                         Take(ref, PrimitiveArray::FromOptionals<uint32_t>({10, std::nullopt, 0})));
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromOptionals<int16_t>({0, std::nullopt, 50})), taken);
    EXPECT_RAISES(OutOfBounds, Take(ref, PrimitiveArray::FromValues<uint32_t>({11})));
}

TEST(SequenceArrayTest, BuildRejectsBadParts) {
    const SequenceEncoding &encoding = SequenceEncoding::Instance();
    const auto good = MetadataBytes(PValue(int32_t{1}), PValue(int32_t{2}));
    ASSERT_OK_AND_ASSIGN(ArrayRef built, encoding.Build(kI32, 3, good, {}, std::vector<ArrayRef>{}));
    ASSERT_ARRAYS_EQUAL(ArrayRef(PrimitiveArray::FromValues<int32_t>({1, 3, 5})), *Canonicalize(built));

    // len 0, and the last value overflowing.
    EXPECT_RAISES(Serde, encoding.Build(kI32, 0, good, {}, std::vector<ArrayRef>{}));
    const auto big =
        MetadataBytes(PValue(int32_t{std::numeric_limits<int32_t>::max() - 3}), PValue(int32_t{2}));
    EXPECT_OK(encoding.Build(kI32, 2, big, {}, std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, encoding.Build(kI32, 3, big, {}, std::vector<ArrayRef>{}));
    // len - 1 must fit the ptype even with multiplier 0 (as the reference's try_last).
    const DType u8 = DType::Primitive(PType::U8, Nullability::NonNullable);
    const auto flat_u8 = MetadataBytes(PValue(uint8_t{1}), PValue(uint8_t{0}));
    EXPECT_OK(encoding.Build(u8, 256, flat_u8, {}, std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, encoding.Build(u8, 257, flat_u8, {}, std::vector<ArrayRef>{}));
    // A value out of the ptype's range, missing fields, a value of the wrong kind.
    EXPECT_RAISES(Serde, encoding.Build(u8, 2, MetadataBytes(PValue(uint32_t{300}), PValue(uint32_t{1})), {},
                                        std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, encoding.Build(kI32, 3, MetadataBytes(std::nullopt, PValue(int32_t{2})), {},
                                        std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, encoding.Build(kI32, 3, MetadataBytes(PValue(int32_t{2}), std::nullopt), {},
                                        std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, encoding.Build(kI32, 3, MetadataBytes(PValue(1.5), PValue(int32_t{2})), {},
                                        std::vector<ArrayRef>{}));
    // Non-integer dtypes, buffers, children, corrupt bytes.
    EXPECT_RAISES(Serde,
                  encoding.Build(DType::Primitive(PType::F64, Nullability::NonNullable), 3,
                                 MetadataBytes(PValue(1.0), PValue(2.0)), {}, std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde, encoding.Build(kI32, 3, good, {Buffer::CopyFrom("x")}, std::vector<ArrayRef>{}));
    EXPECT_RAISES(Serde,
                  encoding.Build(kI32, 3, good, {},
                                 std::vector<ArrayRef>{PrimitiveArray::FromValues<int32_t>({1, 2, 3})}));
    const std::vector<uint8_t> corrupt = {0x0A, 0x09, 0x18};
    EXPECT_RAISES(Serde, encoding.Build(kI32, 3, corrupt, {}, std::vector<ArrayRef>{}));
}

} // namespace
} // namespace sequence
} // namespace vortex
