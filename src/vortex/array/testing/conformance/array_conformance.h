// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#pragma once

// The array conformance suite: a typed GoogleTest suite that checks an encoding against the
// logical values of its canonical input [Rust vortex-array compute/conformance].
//
// An encoding instantiates it with a factory type (inside namespace vortex, because gtest
// pastes the suite name into identifiers):
//
//   struct FooConformance {
//       // Required: encode a canonical array (any dtype Supports() accepts).
//       static Result<ArrayRef> Encode(const ArrayRef &canonical) { return FooEncode(canonical); }
//       // Optional: restrict the dtypes (default: every dtype of AllTestDTypes()).
//       static bool Supports(const DType &dtype) { return dtype.is_primitive(); }
//       // Optional: generate the canonical inputs (default: RandomArray()).
//       static ArrayRef MakeInput(const DType &dtype, const RandomArrayOptions &options);
//       // Optional: replace the case list (default: DefaultConformanceCases()).
//       static std::vector<ConformanceCase> Cases();
//   };
//   INSTANTIATE_TYPED_TEST_SUITE_P(Foo, ArrayConformanceTest, FooConformance);
//
// For every case (dtype x nullability x length in {0, 1, 1023, 1024, 1025, 65539}, plus
// inputs that are slices of longer arrays; see DefaultConformanceCases()) the suite builds
// the canonical input and encodes it (once per case, shared by the checks), and checks,
// each as its own test:
//   RoundTrip   dtype and len kept; ToCanonical() equals the input and is canonical;
//               RebuildFromParts() (top node, and recursively the whole tree) equals the input
//   ScalarAt    first, middle, last and random positions equal the input's; is_valid()
//               agrees; index len is OutOfBounds
//   Slice       empty, whole, halves, last element, random ranges and a slice of a slice
//               equal an oracle built from the input's scalars; bad ranges are errors
//   Filter      all, none, random, sparse, dense and single-element masks; a mask of the
//               wrong length is an error
//   Take        empty, random with repeats (several index ptypes), reversed, nullable indices
//               with nulls; an index == len or negative is OutOfBounds
//   Statistics  null_count, min, max (orderable dtypes), sum (where SumDType is defined)
//               equal values computed from the input, also on a slice of the encoded array
// A test stops after kMaxFailingCases failing cases to keep the output readable.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "vortex/array/array.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/scalar/scalar.h"

namespace vortex {

/// One input of the conformance suite.
struct ConformanceCase {
    DType dtype;
    size_t len = 0;
    /// The input is a slice of a longer array (ToSliced).
    bool sliced = false;
    uint64_t seed = 0;

    std::string Name() const;
};

/// AllTestDTypes() with lengths {0, 1, 1023, 1024, 1025} for primitives, {0, 1, 1025} for
/// the other flat dtypes (null, bool, decimal, utf8, binary) and {0, 1, 100} for nested and
/// extension ones; sliced inputs of lengths 1 and 1025 (100 when nested); and 65539 for
/// i32, f64?, u8? and utf8? (only i32 and f64? when `all_long_cases` is false: for wrappers
/// such as chunked or dict, whose long inputs mostly re-run the canonical kernels).
std::vector<ConformanceCase> DefaultConformanceCases(bool all_long_cases = true);

/// A canonical input of one case.
struct ConformanceInput {
    ArrayRef array;
    uint64_t seed = 0;

    /// Returns every element through ScalarAt, computed on first use (slow under sanitizers,
    /// so only the checks that need all of them ask).
    Result<const std::vector<Scalar> *> Scalars() const;

private:
    mutable std::optional<std::vector<Scalar>> scalars_;
};

// The checks; each compares `encoded` against `input` with gtest assertions.
void CheckRoundTrip(const ConformanceInput &input, const ArrayRef &encoded);
void CheckScalarAt(const ConformanceInput &input, const ArrayRef &encoded);
void CheckSlice(const ConformanceInput &input, const ArrayRef &encoded);
void CheckFilter(const ConformanceInput &input, const ArrayRef &encoded);
void CheckTake(const ConformanceInput &input, const ArrayRef &encoded);
void CheckStatistics(const ConformanceInput &input, const ArrayRef &encoded);

namespace conformance_internal {

inline constexpr size_t kMaxFailingCases = 3;

// Builds the input of `c` with `make_input` (then slices it if asked).
void MakeConformanceInput(const ConformanceCase &c,
                          ArrayRef (*make_input)(const DType &, const RandomArrayOptions &),
                          ConformanceInput *out);
// Counts the failed assertions of the running test so far.
int FailedPartCount();

template <typename Factory>
bool Supports(const DType &dtype) {
    if constexpr (requires { Factory::Supports(dtype); }) {
        return Factory::Supports(dtype);
    } else {
        return true;
    }
}

template <typename Factory>
std::vector<ConformanceCase> Cases() {
    if constexpr (requires { Factory::Cases(); }) {
        return Factory::Cases();
    } else {
        return DefaultConformanceCases();
    }
}

template <typename Factory>
auto InputMaker() -> ArrayRef (*)(const DType &, const RandomArrayOptions &) {
    if constexpr (requires(const DType &d, const RandomArrayOptions &o) { Factory::MakeInput(d, o); }) {
        return &Factory::MakeInput;
    } else {
        return &RandomArray;
    }
}

} // namespace conformance_internal

/// The typed suite; see the file comment for how to instantiate it.
template <typename Factory>
class ArrayConformanceTest : public ::testing::Test {
protected:
    // Runs `check(input, encoded)` on every case the factory supports.
    void ForEachCase(void (*check)(const ConformanceInput &, const ArrayRef &)) {
        size_t failing_cases = 0;
        size_t ran = 0;
        const std::vector<ConformanceCase> cases = conformance_internal::Cases<Factory>();
        for (size_t index = 0; index < cases.size(); ++index) {
            const ConformanceCase &c = cases[index];
            if (!conformance_internal::Supports<Factory>(c.dtype)) {
                continue;
            }
            SCOPED_TRACE(c.Name());
            const int failures_before = conformance_internal::FailedPartCount();
            RunCase(index, c, check);
            ++ran;
            if (conformance_internal::FailedPartCount() != failures_before &&
                ++failing_cases >= conformance_internal::kMaxFailingCases) {
                ADD_FAILURE() << "stopping after " << failing_cases << " failing cases";
                return;
            }
        }
        EXPECT_GT(ran, 0u) << "the factory supports none of the cases";
    }

private:
    // One case's input and encoded array, made once and shared by the six checks (arrays
    // are immutable; the input's scalars are computed on first use).
    struct PreparedCase {
        ConformanceInput input;
        ArrayRef encoded;
    };

    // The prepared cases of this factory, by index in its case list. Only successful
    // preparations are kept, so a failing one is reported again by every check.
    static std::vector<std::shared_ptr<const PreparedCase>> &Prepared() {
        static std::vector<std::shared_ptr<const PreparedCase>> prepared;
        return prepared;
    }

    static void RunCase(size_t index,
                        const ConformanceCase &c,
                        void (*check)(const ConformanceInput &, const ArrayRef &)) {
        auto &prepared = Prepared();
        if (prepared.size() <= index) {
            prepared.resize(index + 1);
        }
        if (!prepared[index]) {
            auto fresh = std::make_shared<PreparedCase>();
            conformance_internal::MakeConformanceInput(c, conformance_internal::InputMaker<Factory>(),
                                                       &fresh->input);
            if (!fresh->input.array) {
                return; // MakeConformanceInput has reported the failure
            }
            ASSERT_OK_AND_ASSIGN(fresh->encoded, Factory::Encode(fresh->input.array));
            ASSERT_NE(fresh->encoded, nullptr);
            prepared[index] = std::move(fresh);
        }
        check(prepared[index]->input, prepared[index]->encoded);
    }
};

TYPED_TEST_SUITE_P(ArrayConformanceTest);

TYPED_TEST_P(ArrayConformanceTest, RoundTrip) {
    this->ForEachCase(&CheckRoundTrip);
}
TYPED_TEST_P(ArrayConformanceTest, ScalarAt) {
    this->ForEachCase(&CheckScalarAt);
}
TYPED_TEST_P(ArrayConformanceTest, Slice) {
    this->ForEachCase(&CheckSlice);
}
TYPED_TEST_P(ArrayConformanceTest, Filter) {
    this->ForEachCase(&CheckFilter);
}
TYPED_TEST_P(ArrayConformanceTest, Take) {
    this->ForEachCase(&CheckTake);
}
TYPED_TEST_P(ArrayConformanceTest, Statistics) {
    this->ForEachCase(&CheckStatistics);
}

REGISTER_TYPED_TEST_SUITE_P(ArrayConformanceTest, RoundTrip, ScalarAt, Slice, Filter, Take, Statistics);

} // namespace vortex
