/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */

/* Scalars: every constructor, their errors, clone, dtype and null. */

#include "harness.h"

/* Checks a scalar's dtype kind, ptype (for primitives) and nullability, then frees it. */
static void check_primitive(vx_scalar *scalar, vx_ptype ptype, bool nullable) {
    REQUIRE(scalar != NULL);
    const vx_dtype *dtype = vx_scalar_dtype(scalar);
    CHECK(vx_dtype_get_variant(dtype) == DTYPE_PRIMITIVE);
    CHECK(vx_dtype_primitive_ptype(dtype) == ptype);
    CHECK(vx_dtype_is_nullable(dtype) == nullable);
    CHECK(!vx_scalar_is_null(scalar));
    vx_scalar_free(scalar);
}

static void test_primitives(void) {
    check_primitive(vx_scalar_new_u8(200, false), PTYPE_U8, false);
    check_primitive(vx_scalar_new_u16(60000, true), PTYPE_U16, true);
    check_primitive(vx_scalar_new_u32(4000000000u, false), PTYPE_U32, false);
    check_primitive(vx_scalar_new_u64(UINT64_MAX, true), PTYPE_U64, true);
    check_primitive(vx_scalar_new_i8(-100, false), PTYPE_I8, false);
    check_primitive(vx_scalar_new_i16(-30000, true), PTYPE_I16, true);
    check_primitive(vx_scalar_new_i32(INT32_MIN, false), PTYPE_I32, false);
    check_primitive(vx_scalar_new_i64(INT64_MAX, true), PTYPE_I64, true);
    check_primitive(vx_scalar_new_f16_bits(0x3C00, false), PTYPE_F16, false);
    check_primitive(vx_scalar_new_f32(1.5f, true), PTYPE_F32, true);
    check_primitive(vx_scalar_new_f64(-2.25, false), PTYPE_F64, false);

    vx_scalar *boolean = vx_scalar_new_bool(true, true);
    CHECK(vx_dtype_get_variant(vx_scalar_dtype(boolean)) == DTYPE_BOOL);
    CHECK(vx_dtype_is_nullable(vx_scalar_dtype(boolean)));
    /* The dtype is borrowed: the same handle each time, and freeing it does nothing. */
    CHECK(vx_scalar_dtype(boolean) == vx_scalar_dtype(boolean));
    vx_dtype_free(vx_scalar_dtype(boolean));
    vx_scalar_free(boolean);
}

static void test_strings(void) {
    vx_error *err = NULL;
    vx_scalar *text = vx_scalar_new_utf8("héllo", strlen("héllo"), false, &err);
    CHECK_NO_ERROR(err);
    CHECK(vx_dtype_get_variant(vx_scalar_dtype(text)) == DTYPE_UTF8);
    vx_scalar_free(text);
    vx_scalar *empty = vx_scalar_new_utf8(NULL, 0, true, &err);
    CHECK_NO_ERROR(err);
    CHECK(empty != NULL && vx_dtype_is_nullable(vx_scalar_dtype(empty)));
    vx_scalar_free(empty);
    CHECK(vx_scalar_new_utf8(NULL, 2, false, &err) == NULL);
    CHECK_ERROR(err, "utf8 data pointer is NULL");
    CHECK(vx_scalar_new_utf8("\xc3\x28", 2, false, &err) == NULL);
    CHECK_ERROR(err, "invalid UTF-8");

    const uint8_t bytes[] = {0, 1, 255};
    vx_scalar *binary = vx_scalar_new_binary(bytes, sizeof bytes, false, &err);
    CHECK_NO_ERROR(err);
    CHECK(vx_dtype_get_variant(vx_scalar_dtype(binary)) == DTYPE_BINARY);
    vx_scalar_free(binary);
    vx_scalar *no_bytes = vx_scalar_new_binary(NULL, 0, false, &err);
    CHECK_NO_ERROR(err);
    vx_scalar_free(no_bytes);
    CHECK(vx_scalar_new_binary(NULL, 1, false, &err) == NULL);
    CHECK_ERROR(err, "binary data pointer is NULL");
}

static void test_nulls(void) {
    vx_error *err = NULL;
    const vx_dtype *i32 = vx_dtype_new_primitive(PTYPE_I32, false);
    vx_scalar *null = vx_scalar_new_null(i32, &err);
    CHECK_NO_ERROR(err);
    CHECK(vx_scalar_is_null(null));
    const vx_dtype *dtype = vx_scalar_dtype(null);
    CHECK(vx_dtype_primitive_ptype(dtype) == PTYPE_I32);
    CHECK(vx_dtype_is_nullable(dtype)); /* the nullable form of a non-nullable dtype */
    vx_scalar_free(null);
    vx_dtype_free(i32);
    CHECK(vx_scalar_new_null(NULL, &err) == NULL);
    CHECK_ERROR(err, "dtype is NULL");
    CHECK(vx_scalar_new_null(NULL, NULL) == NULL);
}

static void check_decimal(vx_scalar *scalar, vx_error **err, uint8_t precision, int8_t scale) {
    CHECK_NO_ERROR(*err);
    REQUIRE(scalar != NULL);
    const vx_dtype *dtype = vx_scalar_dtype(scalar);
    CHECK(vx_dtype_get_variant(dtype) == DTYPE_DECIMAL);
    CHECK(vx_dtype_decimal_precision(dtype) == precision);
    CHECK(vx_dtype_decimal_scale(dtype) == scale);
    vx_scalar_free(scalar);
}

static void test_decimals(void) {
    vx_error *err = NULL;
    check_decimal(vx_scalar_new_decimal_i8(99, 2, 0, false, &err), &err, 2, 0);
    check_decimal(vx_scalar_new_decimal_i16(999, 3, 0, false, &err), &err, 3, 0);
    check_decimal(vx_scalar_new_decimal_i32(-123456, 9, 2, true, &err), &err, 9, 2);
    check_decimal(vx_scalar_new_decimal_i64(INT64_MIN, 19, 4, false, &err), &err, 19, 4);
    uint8_t bytes16[16];
    memset(bytes16, 0, sizeof bytes16);
    bytes16[0] = 42;
    check_decimal(vx_scalar_new_decimal_i128_le(bytes16, 38, 10, false, &err), &err, 38, 10);
    uint8_t bytes32[32];
    memset(bytes32, 0xFF, sizeof bytes32); /* -1 */
    check_decimal(vx_scalar_new_decimal_i256_le(bytes32, 76, -5, true, &err), &err, 76, -5);

    /* Too many digits for the precision. */
    CHECK(vx_scalar_new_decimal_i8(100, 2, 0, false, &err) == NULL);
    CHECK(err != NULL);
    vx_error_free(err);
    err = NULL;
    /* Invalid precision and scale. */
    CHECK(vx_scalar_new_decimal_i32(1, 0, 0, false, &err) == NULL);
    CHECK(err != NULL);
    vx_error_free(err);
    err = NULL;
    CHECK(vx_scalar_new_decimal_i64(1, 5, 6, false, &err) == NULL);
    CHECK(err != NULL);
    vx_error_free(err);
    err = NULL;
    CHECK(vx_scalar_new_decimal_i128_le(NULL, 10, 0, false, &err) == NULL);
    CHECK_ERROR(err, "decimal bytes pointer is NULL");
    CHECK(vx_scalar_new_decimal_i256_le(NULL, 10, 0, false, &err) == NULL);
    CHECK_ERROR(err, "decimal bytes pointer is NULL");
    CHECK(vx_scalar_new_decimal_i256_le(NULL, 10, 0, false, NULL) == NULL);
}

static void test_lists(void) {
    vx_error *err = NULL;
    const vx_dtype *i32 = vx_dtype_new_primitive(PTYPE_I32, false);
    vx_scalar *one = vx_scalar_new_i32(1, false);
    vx_scalar *two = vx_scalar_new_i32(2, false);
    const vx_scalar *elements[] = {one, two};

    vx_scalar *list = vx_scalar_new_list(i32, elements, 2, true, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(list != NULL);
    const vx_dtype *dtype = vx_scalar_dtype(list);
    CHECK(vx_dtype_get_variant(dtype) == DTYPE_LIST && vx_dtype_is_nullable(dtype));
    CHECK(vx_dtype_primitive_ptype(vx_dtype_list_element(dtype)) == PTYPE_I32);
    vx_scalar_free(list);

    vx_scalar *fixed = vx_scalar_new_fixed_size_list(i32, elements, 2, false, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(fixed != NULL);
    CHECK(vx_dtype_get_variant(vx_scalar_dtype(fixed)) == DTYPE_FIXED_SIZE_LIST);
    CHECK(vx_dtype_fixed_size_list_size(vx_scalar_dtype(fixed)) == 2);
    vx_scalar_free(fixed);

    vx_scalar *empty = vx_scalar_new_list(i32, NULL, 0, false, &err);
    CHECK_NO_ERROR(err);
    CHECK(empty != NULL);
    vx_scalar_free(empty);

    /* A null element fits a nullable element type only. */
    vx_scalar *null = vx_scalar_new_null(i32, &err);
    const vx_scalar *with_null[] = {one, null};
    CHECK(vx_scalar_new_list(i32, with_null, 2, false, &err) == NULL);
    CHECK(err != NULL);
    vx_error_free(err);
    err = NULL;
    const vx_dtype *nullable_i32 = vx_dtype_new_primitive(PTYPE_I32, true);
    vx_scalar *nullable_list = vx_scalar_new_list(nullable_i32, with_null, 2, false, &err);
    CHECK_NO_ERROR(err);
    CHECK(nullable_list != NULL);
    vx_scalar_free(nullable_list);
    vx_dtype_free(nullable_i32);
    vx_scalar_free(null);

    /* A bool in an i32 list. */
    vx_scalar *flag = vx_scalar_new_bool(true, false);
    const vx_scalar *mixed[] = {one, flag};
    CHECK(vx_scalar_new_list(i32, mixed, 2, false, &err) == NULL);
    CHECK(err != NULL);
    vx_error_free(err);
    err = NULL;
    vx_scalar_free(flag);

    const vx_scalar *holes[] = {one, NULL};
    CHECK(vx_scalar_new_list(i32, holes, 2, false, &err) == NULL);
    CHECK_ERROR(err, "scalar pointer at index 1 is NULL");
    CHECK(vx_scalar_new_fixed_size_list(i32, holes, 2, false, &err) == NULL);
    CHECK_ERROR(err, "scalar pointer at index 1 is NULL");
    CHECK(vx_scalar_new_list(i32, NULL, 1, false, &err) == NULL);
    CHECK_ERROR(err, "elements pointer is NULL");
    CHECK(vx_scalar_new_list(NULL, elements, 2, false, &err) == NULL);
    CHECK_ERROR(err, "element dtype is NULL");
    CHECK(vx_scalar_new_fixed_size_list(NULL, elements, 2, false, &err) == NULL);
    CHECK_ERROR(err, "element dtype is NULL");

    /* The elements are copied: the caller still owns them. */
    vx_scalar_free(one);
    vx_scalar_free(two);
    vx_dtype_free(i32);
}

static void test_structs(void) {
    vx_error *err = NULL;
    const vx_dtype *dtype = sample_dtype();
    vx_scalar *age = vx_scalar_new_u8(7, false);
    vx_scalar *height = vx_scalar_new_u16(180, true);
    const vx_scalar *fields[] = {age, height};
    vx_scalar *row = vx_scalar_new_struct(dtype, fields, 2, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(row != NULL);
    CHECK(vx_dtype_get_variant(vx_scalar_dtype(row)) == DTYPE_STRUCT);
    CHECK(!vx_dtype_is_nullable(vx_scalar_dtype(row)));
    vx_scalar_free(row);

    CHECK(vx_scalar_new_struct(dtype, fields, 1, &err) == NULL);
    CHECK_ERROR(err, "fields");
    const vx_scalar *swapped[] = {height, age};
    CHECK(vx_scalar_new_struct(dtype, swapped, 2, &err) == NULL);
    CHECK(err != NULL);
    vx_error_free(err);
    err = NULL;
    CHECK(vx_scalar_new_struct(dtype, NULL, 2, &err) == NULL);
    CHECK_ERROR(err, "fields pointer is NULL");
    CHECK(vx_scalar_new_struct(NULL, fields, 2, &err) == NULL);
    CHECK_ERROR(err, "struct dtype is NULL");
    const vx_dtype *not_struct = vx_dtype_new_bool(false);
    CHECK(vx_scalar_new_struct(not_struct, fields, 2, &err) == NULL);
    CHECK_ERROR(err, "struct");
    vx_dtype_free(not_struct);

    vx_scalar_free(age);
    vx_scalar_free(height);
    vx_dtype_free(dtype);
}

static void test_clone_and_null_handles(void) {
    vx_scalar *scalar = vx_scalar_new_i64(5, false);
    vx_scalar *clone = vx_scalar_clone(scalar);
    CHECK(clone != NULL && clone != scalar);
    vx_scalar_free(scalar);
    CHECK(vx_dtype_primitive_ptype(vx_scalar_dtype(clone)) == PTYPE_I64);
    vx_scalar_free(clone);
    CHECK(vx_scalar_clone(NULL) == NULL);
    CHECK(vx_scalar_dtype(NULL) == NULL);
    CHECK(!vx_scalar_is_null(NULL));
    vx_scalar_free(NULL);
}

int main(void) {
    RUN(test_primitives);
    RUN(test_strings);
    RUN(test_nulls);
    RUN(test_decimals);
    RUN(test_lists);
    RUN(test_structs);
    RUN(test_clone_and_null_handles);
    return harness_report();
}
