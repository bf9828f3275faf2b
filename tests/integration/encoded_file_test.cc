// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
// Files whose blocks are written in the compressed encodings (through a test compressor that
// picks one per dtype) read back equal, through ReadAll, pread and mmap, and through scans
// whose filters run on the encoded arrays.
#include <filesystem>
#include <set>

#include <gtest/gtest.h>

#include "vortex/array/arrays/chunked/chunked_array.h"
#include "vortex/array/arrays/struct/struct_array.h"
#include "vortex/array/canonical.h"
#include "vortex/array/compute/filter.h"
#include "vortex/array/compute/scalar_at.h"
#include "vortex/array/testing/array_equal.h"
#include "vortex/array/testing/random_array.h"
#include "vortex/array/testing/status_matchers.h"
#include "vortex/default_session.h"
#include "vortex/dtype/extension.h"
#include "vortex/encodings/alp/alp/alp_array.h"
#include "vortex/encodings/alp/alp_rd/alprd_array.h"
#include "vortex/encodings/bytebool/bytebool_array.h"
#include "vortex/encodings/datetime_parts/datetime_parts_array.h"
#include "vortex/encodings/decimal_byte_parts/decimal_byte_parts_array.h"
#include "vortex/encodings/fastlanes/bitpacked/bitpacked_array.h"
#include "vortex/encodings/fastlanes/delta/delta_array.h"
#include "vortex/encodings/fastlanes/for/for_array.h"
#include "vortex/encodings/fastlanes/rle/rle_array.h"
#include "vortex/encodings/fsst/fsst_array.h"
#include "vortex/encodings/runend/runend_array.h"
#include "vortex/encodings/sparse/sparse_array.h"
#include "vortex/encodings/zigzag/zigzag_array.h"
#include "vortex/expr/evaluate.h"
#include "vortex/file/file_scan.h"
#include "vortex/file/file_writer.h"
#include "vortex/io/write_sink.h"

namespace vortex {
namespace {

// One encoding per dtype, so every family appears in the file. Deterministic and thread-safe.
Result<ArrayRef> TestCompressor(const ArrayRef &chunk) {
    const DType &dtype = chunk->dtype();
    if (dtype.is_primitive()) {
        switch (dtype.ptype()) {
            case PType::I8:
            case PType::I16:
                return zigzag::ZigZagEncode(chunk);
            case PType::I32: {
                // FoR over bit-packing, as the reference's compressor writes integers.
                VX_ASSIGN_OR_RETURN(ArrayRef shifted, fastlanes::FoREncode(chunk));
                const auto *frame = As<fastlanes::FoRArray>(*shifted);
                VX_ASSIGN_OR_RETURN(ArrayRef encoded, Canonicalize(frame->encoded()));
                VX_ASSIGN_OR_RETURN(uint8_t width, fastlanes::BestBitWidth(encoded));
                VX_ASSIGN_OR_RETURN(ArrayRef packed, fastlanes::BitPackEncode(encoded, width));
                return fastlanes::FoRArray::TryMake(packed, frame->reference());
            }
            case PType::I64:
                return fastlanes::DeltaEncode(chunk);
            case PType::U8:
            case PType::U16:
                return runend::RunEndEncode(chunk);
            case PType::U32: {
                VX_ASSIGN_OR_RETURN(uint8_t width, fastlanes::BestBitWidth(chunk));
                return fastlanes::BitPackEncode(chunk, width);
            }
            case PType::F32:
                return alp::ALPRDEncode(chunk);
            case PType::F64:
                return alp::ALPEncode(chunk);
            default:
                return fastlanes::RLEEncode(chunk);
        }
    }
    if (dtype.is_bool()) {
        return dtype.is_nullable() ? runend::RunEndEncode(chunk) : bytebool::ByteBoolEncode(chunk);
    }
    if (dtype.is_extension() && dtype.extension().id == kTimestampId) {
        return datetime_parts::DateTimePartsEncode(chunk);
    }
    if (dtype.is_decimal() && dtype.decimal().precision <= 18) {
        return decimal_byte_parts::DecimalBytePartsEncode(chunk);
    }
    if (dtype.is_utf8()) {
        VX_ASSIGN_OR_RETURN(auto compressed, fsst::FsstCompress(chunk));
        return ArrayRef(std::move(compressed));
    }
    if (dtype.is_binary() && chunk->len() > 0) {
        VX_ASSIGN_OR_RETURN(Scalar fill, ScalarAt(chunk, 0));
        return sparse::SparseEncode(chunk, fill);
    }
    return chunk;
}

ArrayRef MakeTable(size_t rows) {
    std::vector<std::string> names;
    std::vector<ArrayRef> columns;
    uint64_t seed = 40;
    for (const DType &dtype : AllTestDTypes()) {
        RandomArrayOptions options;
        options.len = rows;
        options.seed = ++seed;
        options.null_fraction = dtype.is_nullable() ? 0.2 : 0.0;
        names.push_back("c" + std::to_string(names.size()));
        columns.push_back(RandomArray(dtype, options));
    }
    auto table = StructArray::FromFields(names, columns, rows);
    VX_CHECK(table.ok());
    return *table;
}

// Collects the encoding ids of every node of `array`.
void CollectEncodings(const ArrayRef &array, std::set<std::string> &out) {
    out.insert(std::string(array->encoding_id()));
    for (const ArrayRef &child : array->children()) {
        CollectEncodings(child, out);
    }
}

TEST(EncodedFileTest, EveryFamilyRoundTripsThroughAFile) {
    const ArrayRef table = MakeTable(5000);
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("encoded_file_test_" + std::to_string(::getpid()) + ".vortex"))
                                 .string();
    WriteOptions options;
    options.zone_len = 512;
    options.block_bytes = 8 * 1024;
    options.compressor = TestCompressor;
    {
        ASSERT_OK_AND_ASSIGN(auto sink, FileWriteSink::Open(path));
        ASSERT_OK_AND_ASSIGN(auto writer,
                             FileWriter::Open(std::move(sink), table->dtype(), DefaultSessionPtr(), options));
        ASSERT_OK(writer->Write(table));
        ASSERT_OK(writer->Finish().status());
    }
    for (bool mmap : {false, true}) {
        SCOPED_TRACE(mmap ? "mmap" : "pread");
        ASSERT_OK_AND_ASSIGN(auto file, VortexFile::Open(path, DefaultSessionPtr(), mmap));
        ASSERT_OK_AND_ASSIGN(ArrayRef read, file->ReadAll());
        EXPECT_TRUE(ArraysEqual(table, read));
        std::set<std::string> encodings;
        CollectEncodings(read, encodings);
        for (const char *id :
             {"vortex.zigzag", "fastlanes.for", "fastlanes.bitpacked", "fastlanes.delta", "fastlanes.rle",
              "vortex.runend", "vortex.bytebool", "vortex.datetimeparts", "vortex.decimal_byte_parts",
              "vortex.alp", "vortex.alprd", "vortex.fsst", "vortex.sparse"}) {
            EXPECT_TRUE(encodings.count(id)) << id << " not in the file";
        }
    }
    ASSERT_OK_AND_ASSIGN(auto file, VortexFile::Open(path, DefaultSessionPtr()));
    // Filters evaluated on encoded columns: signed ints (zigzag), unsigned (runend), strings (sparse).
    const auto &names = table->dtype().struct_fields().names;
    const auto *fields = As<StructArray>(*table);
    size_t checked = 0;
    for (size_t f = 0; f < names.size(); ++f) {
        const DType &dtype = fields->field(f)->dtype();
        if (!(dtype.is_primitive() && IsInt(dtype.ptype())) && !dtype.is_utf8()) {
            continue;
        }
        ASSERT_OK_AND_ASSIGN(Scalar pivot, ScalarAt(fields->field(f), 17));
        if (pivot.is_null()) {
            continue;
        }
        const expr::ExprRef filter = expr::Lte(expr::Col(names[f]), expr::Lit(pivot));
        ASSERT_OK_AND_ASSIGN(auto batches, Scan(file).Filter(filter).Collect());
        ASSERT_OK_AND_ASSIGN(Mask mask, expr::EvaluateMask(*filter, table));
        ASSERT_OK_AND_ASSIGN(ArrayRef expected, Filter(table, mask));
        EXPECT_TRUE(ArraysEqual(expected, ChunkedArray::Make(batches, table->dtype()))) << names[f];
        ++checked;
    }
    EXPECT_GT(checked, 4u);
    std::filesystem::remove(path);
}

} // namespace
} // namespace vortex
