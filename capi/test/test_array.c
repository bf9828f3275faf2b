/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */

/* Arrays: constructors, Arrow import, accessors, validity, slices, fields, the struct column
 * builder and the (never created) iterator. */

#include "harness.h"

static const vx_validity kNonNullable = {VX_VALIDITY_NON_NULLABLE, NULL};
static const vx_validity kAllValid = {VX_VALIDITY_ALL_VALID, NULL};

static void test_null_array(void) {
    const vx_array *array = vx_array_new_null(1999);
    REQUIRE(array != NULL);
    CHECK(vx_array_is_nullable(array));
    CHECK(vx_array_has_dtype(array, DTYPE_NULL));
    CHECK(!vx_array_has_dtype(array, DTYPE_BOOL));
    CHECK(vx_dtype_get_variant(vx_array_dtype(array)) == DTYPE_NULL);
    CHECK(vx_array_len(array) == 1999);
    vx_error *err = NULL;
    CHECK(vx_array_invalid_count(array, &err) == 1999);
    CHECK_NO_ERROR(err);
    CHECK(vx_array_element_is_invalid(array, 5, &err));
    CHECK_NO_ERROR(err);
    vx_validity validity;
    vx_array_get_validity(array, &validity, &err);
    CHECK_NO_ERROR(err);
    CHECK(validity.type == VX_VALIDITY_ALL_INVALID && validity.array == NULL);
    vx_array_free(array);
}

static void test_primitive_values_are_copied(void) {
    uint8_t values[20];
    for (int i = 0; i < 20; ++i) {
        values[i] = (uint8_t)(i * 3);
    }
    vx_error *err = NULL;
    const vx_array *array = vx_array_new_primitive(PTYPE_U8, values, 20, &kAllValid, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(array != NULL);
    memset(values, 0, sizeof values);
    CHECK(vx_array_has_dtype(array, DTYPE_PRIMITIVE));
    CHECK(vx_array_is_primitive(array, PTYPE_U8));
    CHECK(!vx_array_is_primitive(array, PTYPE_I8));
    CHECK(vx_array_is_nullable(array));
    CHECK(vx_array_len(array) == 20);
    for (size_t i = 0; i < 20; ++i) {
        CHECK(vx_array_get_u8(array, i) == i * 3);
    }
    vx_array_free(array);
}

static void test_every_ptype(void) {
    vx_error *err = NULL;
    const int8_t i8[] = {-128, 0, 127};
    const int16_t i16[] = {-32768, 1, 32767};
    const int32_t i32[] = {INT32_MIN, 30, INT32_MAX};
    const int64_t i64[] = {INT64_MIN, -1, INT64_MAX};
    const uint16_t u16[] = {0, 1000, 65535};
    const uint32_t u32[] = {0, 70000, UINT32_MAX};
    const uint64_t u64[] = {0, 1, UINT64_MAX};
    const uint16_t f16[] = {0x3C00, 0xC000, 0x0000}; /* 1.0, -2.0, 0.0 */
    const float f32[] = {1.5f, -0.25f, 3e38f};
    const double f64[] = {2.5, -1e300, 0.0};

    const vx_array *a_i8 = vx_array_new_primitive(PTYPE_I8, i8, 3, &kNonNullable, &err);
    const vx_array *a_i16 = vx_array_new_primitive(PTYPE_I16, i16, 3, &kNonNullable, &err);
    const vx_array *a_i32 = vx_array_new_primitive(PTYPE_I32, i32, 3, &kNonNullable, &err);
    const vx_array *a_i64 = vx_array_new_primitive(PTYPE_I64, i64, 3, &kNonNullable, &err);
    const vx_array *a_u16 = vx_array_new_primitive(PTYPE_U16, u16, 3, &kNonNullable, &err);
    const vx_array *a_u32 = vx_array_new_primitive(PTYPE_U32, u32, 3, &kNonNullable, &err);
    const vx_array *a_u64 = vx_array_new_primitive(PTYPE_U64, u64, 3, &kNonNullable, &err);
    const vx_array *a_f16 = vx_array_new_primitive(PTYPE_F16, f16, 3, &kNonNullable, &err);
    const vx_array *a_f32 = vx_array_new_primitive(PTYPE_F32, f32, 3, &kNonNullable, &err);
    const vx_array *a_f64 = vx_array_new_primitive(PTYPE_F64, f64, 3, &kNonNullable, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(a_i8 && a_i16 && a_i32 && a_i64 && a_u16 && a_u32 && a_u64 && a_f16 && a_f32 && a_f64);
    CHECK(!vx_array_is_nullable(a_i8));

    CHECK(vx_array_get_i8(a_i8, 0) == -128 && vx_array_get_i8(a_i8, 2) == 127);
    CHECK(vx_array_get_i16(a_i16, 0) == -32768 && vx_array_get_i16(a_i16, 2) == 32767);
    CHECK(vx_array_get_i32(a_i32, 0) == INT32_MIN && vx_array_get_i32(a_i32, 2) == INT32_MAX);
    CHECK(vx_array_get_i64(a_i64, 0) == INT64_MIN && vx_array_get_i64(a_i64, 2) == INT64_MAX);
    CHECK(vx_array_get_u16(a_u16, 2) == 65535);
    CHECK(vx_array_get_u32(a_u32, 2) == UINT32_MAX);
    CHECK(vx_array_get_u64(a_u64, 2) == UINT64_MAX);
    CHECK(vx_array_get_f16(a_f16, 0) == 0x3C00 && vx_array_get_f16(a_f16, 1) == 0xC000);
    CHECK(vx_array_get_f32(a_f32, 0) == 1.5f && vx_array_get_f32(a_f32, 1) == -0.25f);
    CHECK(vx_array_get_f64(a_f64, 1) == -1e300);

    /* Values convert to other types when they fit, else read 0. */
    CHECK(vx_array_get_u8(a_i32, 1) == 30);
    CHECK(vx_array_get_i64(a_i32, 0) == INT32_MIN);
    CHECK(vx_array_get_u8(a_i32, 2) == 0);
    CHECK(vx_array_get_u64(a_i64, 0) == 0);
    CHECK(vx_array_get_i8(a_u16, 1) == 0);
    CHECK(vx_array_get_u16(a_u32, 1) == 0);
    CHECK(vx_array_get_u32(a_u64, 1) == 1);
    CHECK(vx_array_get_i16(a_i8, 0) == -128);
    CHECK(vx_array_get_f64(a_f32, 0) == 1.5);
    CHECK(vx_array_get_f32(a_f64, 0) == 2.5f);
    CHECK(vx_array_get_f32(a_f64, 1) == 0.0f); /* out of float's range */
    CHECK(vx_array_get_f64(a_i32, 1) == 30.0);
    CHECK(vx_array_get_f32(a_f16, 1) == -2.0f);
    CHECK(vx_array_get_f16(a_f32, 0) == 0); /* only an f16 array has f16 bits */

    /* Misuse reads 0: an index past the end, NULL, a non-primitive array, storage getters of a
     * non-extension array. */
    CHECK(vx_array_get_i32(a_i32, 3) == 0);
    CHECK(vx_array_get_i32(NULL, 0) == 0);
    const vx_array *nulls = vx_array_new_null(2);
    CHECK(vx_array_get_u8(nulls, 0) == 0);
    vx_array_free(nulls);
    CHECK(vx_array_get_storage_i32(a_i32, 1) == 0);

    const vx_array *arrays[] = {a_i8, a_i16, a_i32, a_i64, a_u16, a_u32, a_u64, a_f16, a_f32, a_f64};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; ++i) {
        vx_array_free(arrays[i]);
    }
}

static void test_validity_kinds(void) {
    vx_error *err = NULL;
    const int32_t values[] = {1, 2, 3, 4};
    vx_validity validity;

    const vx_array *all_invalid =
        vx_array_new_primitive(PTYPE_I32, values, 4, &(vx_validity){VX_VALIDITY_ALL_INVALID, NULL}, &err);
    CHECK_NO_ERROR(err);
    CHECK(vx_array_invalid_count(all_invalid, &err) == 4);
    vx_array_get_validity(all_invalid, &validity, &err);
    CHECK(validity.type == VX_VALIDITY_ALL_INVALID);
    CHECK(vx_array_get_i32(all_invalid, 0) == 0); /* a null reads 0 */
    vx_array_free(all_invalid);

    const vx_array *non_nullable = vx_array_new_primitive(PTYPE_I32, values, 4, &kNonNullable, &err);
    vx_array_get_validity(non_nullable, &validity, &err);
    CHECK_NO_ERROR(err);
    CHECK(validity.type == VX_VALIDITY_NON_NULLABLE && validity.array == NULL);
    CHECK(!vx_array_element_is_invalid(non_nullable, 3, &err));
    CHECK(vx_array_invalid_count(non_nullable, &err) == 0);
    const vx_array *all_valid = vx_array_new_primitive(PTYPE_I32, values, 4, &kAllValid, &err);
    vx_array_get_validity(all_valid, &validity, &err);
    CHECK(validity.type == VX_VALIDITY_ALL_VALID);
    vx_array_free(all_valid);

    /* A mask: true where valid. */
    const uint8_t flags[] = {1, 0, 1, 0};
    const vx_array *mask_source = vx_array_new_primitive(PTYPE_U8, flags, 4, &kNonNullable, &err);
    const vx_expression *mask_expr = NULL;
    {
        /* A Bool mask from `flags != 0`. */
        vx_expression *root = vx_expression_root();
        vx_scalar *zero = vx_scalar_new_u8(0, false);
        vx_expression *literal = vx_expression_literal(zero, &err);
        mask_expr = vx_expression_binary(VX_OPERATOR_NOT_EQ, root, literal);
        vx_expression_free(root);
        vx_expression_free(literal);
        vx_scalar_free(zero);
    }
    const vx_array *mask = vx_array_apply(mask_source, mask_expr, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(mask != NULL);
    CHECK(vx_array_has_dtype(mask, DTYPE_BOOL));
    vx_expression_free((vx_expression *)mask_expr);
    vx_array_free(mask_source);

    const vx_array *masked =
        vx_array_new_primitive(PTYPE_I32, values, 4, &(vx_validity){VX_VALIDITY_ARRAY, mask}, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(masked != NULL);
    CHECK(vx_array_is_nullable(masked));
    CHECK(vx_array_invalid_count(masked, &err) == 2);
    CHECK(!vx_array_element_is_invalid(masked, 0, &err));
    CHECK(vx_array_element_is_invalid(masked, 1, &err));
    CHECK(vx_array_get_i32(masked, 2) == 3);
    vx_array_get_validity(masked, &validity, &err);
    CHECK_NO_ERROR(err);
    CHECK(validity.type == VX_VALIDITY_ARRAY);
    REQUIRE(validity.array != NULL);
    CHECK(vx_array_len(validity.array) == 4 && vx_array_has_dtype(validity.array, DTYPE_BOOL));
    vx_array_free(validity.array);
    vx_array_free(masked);

    /* A mask of the wrong length, or none. */
    CHECK(vx_array_new_primitive(PTYPE_I32, values, 3, &(vx_validity){VX_VALIDITY_ARRAY, mask}, &err) ==
          NULL);
    CHECK_ERROR(err, "mask");
    CHECK(vx_array_new_primitive(PTYPE_I32, values, 4, &(vx_validity){VX_VALIDITY_ARRAY, NULL}, &err) ==
          NULL);
    CHECK_ERROR(err, "validity array is NULL");
    vx_array_free(mask);

    /* Errors on a NULL array or out-parameter, or past the end. */
    vx_array_get_validity(NULL, &validity, &err);
    CHECK_ERROR(err, "array is NULL");
    vx_array_get_validity(non_nullable, NULL, &err);
    CHECK_ERROR(err, "validity is NULL");
    CHECK(!vx_array_element_is_invalid(non_nullable, 4, &err));
    CHECK_ERROR(err, "past the end");
    CHECK(!vx_array_element_is_invalid(NULL, 0, &err));
    CHECK_ERROR(err, "array is NULL");
    CHECK(vx_array_invalid_count(NULL, &err) == 0);
    CHECK_ERROR(err, "array is NULL");
    vx_array_free(non_nullable);
}

static void test_new_primitive_errors(void) {
    const int32_t values[] = {1, 2};
    /* Success leaves *error alone (an error from before stays). */
    vx_error *err = NULL;
    CHECK(vx_array_new_primitive(PTYPE_I32, values, 2, NULL, &err) == NULL);
    CHECK(err != NULL);
    vx_error *earlier = err;
    const vx_array *array = vx_array_new_primitive(PTYPE_I32, values, 2, &kNonNullable, &err);
    CHECK(array != NULL && err == earlier);
    vx_array_free(array);
    CHECK_ERROR(err, "validity is NULL");

    CHECK(vx_array_new_primitive((vx_ptype)42, values, 2, &kNonNullable, &err) == NULL);
    CHECK_ERROR(err, "unknown ptype");
    CHECK(vx_array_new_primitive(PTYPE_I32, NULL, 2, &kNonNullable, &err) == NULL);
    CHECK(err != NULL);
    vx_error_free(err);
    err = NULL;
    const vx_array *empty = vx_array_new_primitive(PTYPE_I32, NULL, 0, &kNonNullable, &err);
    CHECK(empty != NULL && vx_array_len(empty) == 0);
    CHECK_NO_ERROR(err);
    vx_array_free(empty);
    CHECK(vx_array_new_primitive(PTYPE_I32, values, 2, NULL, NULL) == NULL);
}

static void test_clone_and_dtype_handles(void) {
    const vx_array *array = vx_array_new_null(3);
    const vx_array *clone = vx_array_clone(array);
    CHECK(clone == array);
    vx_array_free(array);
    CHECK(vx_array_len(clone) == 3);
    const vx_dtype *dtype = vx_array_dtype(clone);
    CHECK(dtype == vx_array_dtype(clone));
    vx_dtype_free(dtype); /* borrowed: nothing happens */
    CHECK(vx_dtype_get_variant(vx_array_dtype(clone)) == DTYPE_NULL);
    vx_array_free(clone);

    CHECK(vx_array_clone(NULL) == NULL);
    vx_array_free(NULL);
    CHECK(!vx_array_is_nullable(NULL));
    CHECK(!vx_array_has_dtype(NULL, DTYPE_NULL));
    CHECK(!vx_array_is_primitive(NULL, PTYPE_U8));
    CHECK(vx_array_len(NULL) == 0);
    CHECK(vx_array_dtype(NULL) == NULL);
}

static void test_slice(void) {
    vx_error *err = NULL;
    const vx_array *array = sample_array(10, 0);
    const vx_array *middle = vx_array_slice(array, 2, 5, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(middle != NULL);
    CHECK(vx_array_len(middle) == 3);
    const vx_array *age = vx_array_get_field(middle, 0, &err);
    CHECK(vx_array_get_u8(age, 0) == 2 && vx_array_get_u8(age, 2) == 4);
    vx_array_free(age);
    vx_array_free(middle);

    const vx_array *empty = vx_array_slice(array, 4, 4, &err);
    CHECK_NO_ERROR(err);
    CHECK(empty != NULL && vx_array_len(empty) == 0 && vx_array_has_dtype(empty, DTYPE_STRUCT));
    vx_array_free(empty);
    const vx_array *whole = vx_array_slice(array, 0, 10, &err);
    CHECK(whole != NULL && vx_array_len(whole) == 10);
    vx_array_free(whole);

    CHECK(vx_array_slice(array, 11, 11, &err) == NULL);
    CHECK_ERROR(err, "slice");
    CHECK(vx_array_slice(array, 0, 11, &err) == NULL);
    CHECK_ERROR(err, "slice");
    CHECK(vx_array_slice(array, 5, 4, &err) == NULL);
    CHECK_ERROR(err, "slice");
    CHECK(vx_array_slice(NULL, 0, 0, &err) == NULL);
    CHECK_ERROR(err, "array is NULL");
    vx_array_free(array);
}

static void test_fields(void) {
    vx_error *err = NULL;
    const vx_array *array = sample_array(100, 0);
    vx_validity validity;
    vx_array_get_validity(array, &validity, &err);
    CHECK(validity.type == VX_VALIDITY_NON_NULLABLE);
    const vx_array *age = vx_array_get_field(array, 0, &err);
    CHECK_NO_ERROR(err);
    const vx_array *height = vx_array_get_field(array, 1, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(age != NULL && height != NULL);
    CHECK(vx_array_is_primitive(age, PTYPE_U8) && !vx_array_is_nullable(age));
    CHECK(vx_array_is_primitive(height, PTYPE_U16) && vx_array_is_nullable(height));
    for (size_t i = 0; i < 100; ++i) {
        CHECK(vx_array_get_u8(age, i) == i);
        CHECK(vx_array_get_u16(height, i) == i + 1);
    }
    vx_array_free(age);
    vx_array_free(height);
    CHECK(vx_array_get_field(array, 2, &err) == NULL);
    CHECK_ERROR(err, "Field index 2 out of bounds");
    const vx_array *nulls = vx_array_new_null(3);
    CHECK(vx_array_get_field(nulls, 0, &err) == NULL);
    CHECK_ERROR(err, "needs a struct array");
    vx_array_free(nulls);
    CHECK(vx_array_get_field(NULL, 0, &err) == NULL);
    CHECK_ERROR(err, "array is NULL");
    vx_array_free(array);
}

/* A utf8 Arrow array ["a", null, "hello"] with its schema. */
static void make_utf8(struct ArrowArray *array, struct ArrowSchema *schema, const char *format) {
    const uint8_t validity = 0x5; /* 0b101 */
    const int32_t offsets[] = {0, 1, 1, 6};
    const char data[] = "ahello";
    const void *buffers[] = {&validity, offsets, data};
    const size_t sizes[] = {1, sizeof offsets, 6};
    arrow_array_init(array, 3, 1, 3, buffers, sizes, 0, NULL);
    arrow_schema_init(schema, format, "s", ARROW_FLAG_NULLABLE, 0, NULL);
}

static void test_from_arrow_and_strings(void) {
    vx_error *err = NULL;
    struct ArrowArray array;
    struct ArrowSchema schema;
    make_utf8(&array, &schema, "u");
    const vx_array *text = vx_array_from_arrow(&array, &schema, true, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(text != NULL);
    CHECK(array.release == NULL && schema.release == NULL);
    CHECK(vx_array_has_dtype(text, DTYPE_UTF8) && vx_array_is_nullable(text));
    const vx_string *first = vx_array_get_utf8(text, 0);
    CHECK(string_equals(first, "a"));
    vx_string_free(first);
    CHECK(vx_array_get_utf8(text, 1) == NULL); /* null */
    const vx_string *last = vx_array_get_utf8(text, 2);
    CHECK(string_equals(last, "hello"));
    vx_string_free(last);
    CHECK(vx_array_get_utf8(text, 3) == NULL);   /* past the end */
    CHECK(vx_array_get_binary(text, 0) == NULL); /* not binary */
    CHECK(vx_array_get_utf8(NULL, 0) == NULL);
    vx_array_free(text);

    make_utf8(&array, &schema, "z");
    const vx_array *bytes = vx_array_from_arrow(&array, &schema, true, &err);
    CHECK_NO_ERROR(err);
    CHECK(vx_array_has_dtype(bytes, DTYPE_BINARY));
    const vx_binary *hello = vx_array_get_binary(bytes, 2);
    CHECK(hello != NULL && vx_binary_len(hello) == 5 && memcmp(vx_binary_ptr(hello), "hello", 5) == 0);
    vx_binary_free(hello);
    CHECK(vx_array_get_binary(bytes, 1) == NULL);
    CHECK(vx_array_get_utf8(bytes, 0) == NULL);
    CHECK(vx_array_get_binary(NULL, 0) == NULL);
    vx_array_free(bytes);

    /* Non-nullable, but the array has a null: an error, and both are consumed. */
    make_utf8(&array, &schema, "u");
    CHECK(vx_array_from_arrow(&array, &schema, false, &err) == NULL);
    CHECK(err != NULL);
    vx_error_free(err);
    err = NULL;
    CHECK(array.release == NULL && schema.release == NULL);

    /* NULL arguments: an error; the other struct is still consumed. */
    make_utf8(&array, &schema, "u");
    CHECK(vx_array_from_arrow(NULL, &schema, true, &err) == NULL);
    CHECK(err != NULL && schema.release == NULL);
    vx_error_free(err);
    err = NULL;
    CHECK(vx_array_from_arrow(&array, NULL, true, &err) == NULL);
    CHECK(err != NULL && array.release == NULL);
    vx_error_free(err);
    err = NULL;
}

static void test_from_arrow_record_batch_and_dates(void) {
    vx_error *err = NULL;
    /* struct{day: date32 (days), n: i64} of two rows. */
    const int32_t days[] = {19000, 19001};
    const int64_t numbers[] = {-5, 5};
    struct ArrowArray children[2];
    const void *day_buffers[] = {NULL, days};
    const size_t day_sizes[] = {0, sizeof days};
    arrow_array_init(&children[0], 2, 0, 2, day_buffers, day_sizes, 0, NULL);
    const void *number_buffers[] = {NULL, numbers};
    const size_t number_sizes[] = {0, sizeof numbers};
    arrow_array_init(&children[1], 2, 0, 2, number_buffers, number_sizes, 0, NULL);
    struct ArrowArray batch;
    const void *struct_buffers[] = {NULL};
    const size_t struct_sizes[] = {0};
    arrow_array_init(&batch, 2, 0, 1, struct_buffers, struct_sizes, 2, children);
    struct ArrowSchema fields[2];
    arrow_schema_init(&fields[0], "tdD", "day", 0, 0, NULL);
    arrow_schema_init(&fields[1], "l", "n", 0, 0, NULL);
    struct ArrowSchema schema;
    arrow_schema_init(&schema, "+s", "", 0, 2, fields);

    const vx_array *array = vx_array_from_arrow(&batch, &schema, false, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(array != NULL);
    CHECK(vx_array_has_dtype(array, DTYPE_STRUCT) && !vx_array_is_nullable(array));
    CHECK(vx_array_len(array) == 2);
    const vx_array *day = vx_array_get_field(array, 0, &err);
    const vx_array *n = vx_array_get_field(array, 1, &err);
    CHECK_NO_ERROR(err);
    CHECK(vx_array_has_dtype(day, DTYPE_EXTENSION));
    CHECK(vx_dtype_is_date((const DType *)vx_array_dtype(day)));
    /* The stored number of an extension array. */
    CHECK(vx_array_get_storage_i32(day, 1) == 19001);
    CHECK(vx_array_get_storage_i64(day, 0) == 19000);
    CHECK(vx_array_get_storage_u32(day, 0) == 19000);
    CHECK(vx_array_get_storage_u64(day, 0) == 19000);
    CHECK(vx_array_get_storage_u16(day, 0) == 19000);
    CHECK(vx_array_get_storage_i16(day, 0) == 19000);
    CHECK(vx_array_get_storage_u8(day, 0) == 0); /* does not fit */
    CHECK(vx_array_get_storage_i8(day, 0) == 0);
    CHECK(vx_array_get_storage_f64(day, 0) == 19000.0);
    CHECK(vx_array_get_storage_f32(day, 0) == 19000.0f);
    CHECK(vx_array_get_storage_f16(day, 0) == 0); /* not f16 storage */
    CHECK(vx_array_get_i32(day, 0) == 0);         /* not primitive */
    CHECK(vx_array_get_i64(n, 0) == -5 && vx_array_get_i64(n, 1) == 5);
    vx_array_free(day);
    vx_array_free(n);
    vx_array_free(array);
}

static void test_struct_column_builder(void) {
    vx_error *err = NULL;
    /* Freed unfinalized, with a field in it. */
    vx_struct_column_builder *dropped = vx_struct_column_builder_new(&kNonNullable, 1);
    const vx_array *field = vx_array_new_null(5);
    vx_struct_column_builder_add_field(dropped, "age", field, &err);
    CHECK_NO_ERROR(err);
    vx_struct_column_builder_free(dropped);

    vx_struct_column_builder *builder = vx_struct_column_builder_new(&kAllValid, 2);
    vx_struct_column_builder_add_field(builder, "age", field, &err);
    CHECK_NO_ERROR(err);
    const vx_array *short_field = vx_array_new_null(4);
    vx_struct_column_builder_add_field(builder, "short", short_field, &err);
    CHECK_ERROR(err, "has 4 rows, the first field has 5");
    vx_array_free(short_field);
    vx_struct_column_builder_add_field(builder, "bad\xff", field, &err);
    CHECK_ERROR(err, "UTF-8");
    vx_struct_column_builder_add_field(builder, NULL, field, &err);
    CHECK_ERROR(err, "field name is NULL");
    vx_struct_column_builder_add_field(builder, "x", NULL, &err);
    CHECK_ERROR(err, "field array is NULL");
    vx_struct_column_builder_add_field(NULL, "x", field, &err);
    CHECK_ERROR(err, "struct column builder is NULL");
    vx_array_free(field); /* the builder holds its own reference */

    const vx_array *array = vx_struct_column_builder_finalize(builder, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(array != NULL);
    CHECK(vx_array_len(array) == 5 && vx_array_is_nullable(array));
    vx_validity validity;
    vx_array_get_validity(array, &validity, &err);
    CHECK(validity.type == VX_VALIDITY_ALL_VALID);
    const vx_struct_fields *fields = vx_dtype_struct_dtype(vx_array_dtype(array));
    CHECK(vx_struct_fields_nfields(fields) == 1 &&
          string_equals(vx_struct_fields_field_name(fields, 0), "age"));
    vx_array_free(array);

    /* No fields: an empty struct. */
    const vx_array *empty =
        vx_struct_column_builder_finalize(vx_struct_column_builder_new(&kNonNullable, 0), &err);
    CHECK_NO_ERROR(err);
    CHECK(empty != NULL && vx_array_len(empty) == 0);
    vx_array_free(empty);

    /* Struct-level nulls from a mask. */
    const uint8_t flags[] = {1, 0, 1};
    const vx_array *flag_values = vx_array_new_primitive(PTYPE_U8, flags, 3, &kNonNullable, &err);
    vx_expression *root = vx_expression_root();
    vx_scalar *one = vx_scalar_new_u8(1, false);
    vx_expression *literal = vx_expression_literal(one, &err);
    vx_expression *equal = vx_expression_binary(VX_OPERATOR_EQ, root, literal);
    const vx_array *mask = vx_array_apply(flag_values, equal, &err);
    CHECK_NO_ERROR(err);
    vx_struct_column_builder *masked =
        vx_struct_column_builder_new(&(vx_validity){VX_VALIDITY_ARRAY, mask}, 1);
    vx_struct_column_builder_add_field(masked, "flag", flag_values, &err);
    const vx_array *masked_array = vx_struct_column_builder_finalize(masked, &err);
    CHECK_NO_ERROR(err);
    CHECK(vx_array_invalid_count(masked_array, &err) == 1);
    CHECK(vx_array_element_is_invalid(masked_array, 1, &err));
    vx_array_free(masked_array);
    /* A mask of the wrong length fails at finalize (which still consumes the builder). */
    vx_struct_column_builder *wrong =
        vx_struct_column_builder_new(&(vx_validity){VX_VALIDITY_ARRAY, mask}, 1);
    const vx_array *longer = vx_array_new_null(7);
    vx_struct_column_builder_add_field(wrong, "n", longer, &err);
    vx_array_free(longer);
    CHECK(vx_struct_column_builder_finalize(wrong, &err) == NULL);
    CHECK_ERROR(err, "mask");
    vx_array_free(mask);
    vx_array_free(flag_values);
    vx_expression_free(root);
    vx_expression_free(literal);
    vx_expression_free(equal);
    vx_scalar_free(one);

    CHECK(vx_struct_column_builder_new(NULL, 0) == NULL);
    CHECK(vx_struct_column_builder_new(&(vx_validity){VX_VALIDITY_ARRAY, NULL}, 0) == NULL);
    CHECK(vx_struct_column_builder_finalize(NULL, &err) == NULL);
    CHECK_ERROR(err, "struct column builder is NULL");
    vx_struct_column_builder_free(NULL);
}

static void test_iterator_handles(void) {
    /* No function returns an iterator; NULL is handled. */
    vx_error *err = NULL;
    CHECK(vx_array_iterator_next(NULL, &err) == NULL);
    CHECK_ERROR(err, "array iterator is NULL");
    vx_array_iterator_free(NULL);
}

int main(void) {
    RUN(test_null_array);
    RUN(test_primitive_values_are_copied);
    RUN(test_every_ptype);
    RUN(test_validity_kinds);
    RUN(test_new_primitive_errors);
    RUN(test_clone_and_dtype_handles);
    RUN(test_slice);
    RUN(test_fields);
    RUN(test_from_arrow_and_strings);
    RUN(test_from_arrow_record_batch_and_dates);
    RUN(test_struct_column_builder);
    RUN(test_iterator_handles);
    return harness_report();
}
