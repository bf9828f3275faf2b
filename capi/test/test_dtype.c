/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */

/* Logical types, struct fields, the temporal helpers and Arrow schema conversion. */

#include "harness.h"

static void test_simple_types(void) {
    const vx_dtype *null = vx_dtype_new_null();
    CHECK(vx_dtype_get_variant(null) == DTYPE_NULL);
    CHECK(vx_dtype_is_nullable(null));
    vx_dtype_free(null);

    for (int nullable = 0; nullable < 2; ++nullable) {
        const vx_dtype *boolean = vx_dtype_new_bool(nullable);
        CHECK(vx_dtype_get_variant(boolean) == DTYPE_BOOL);
        CHECK(vx_dtype_is_nullable(boolean) == (bool)nullable);
        vx_dtype_free(boolean);
        const vx_dtype *utf8 = vx_dtype_new_utf8(nullable);
        CHECK(vx_dtype_get_variant(utf8) == DTYPE_UTF8);
        CHECK(vx_dtype_is_nullable(utf8) == (bool)nullable);
        vx_dtype_free(utf8);
        const vx_dtype *binary = vx_dtype_new_binary(nullable);
        CHECK(vx_dtype_get_variant(binary) == DTYPE_BINARY);
        CHECK(vx_dtype_is_nullable(binary) == (bool)nullable);
        vx_dtype_free(binary);
    }
    for (int ptype = PTYPE_U8; ptype <= PTYPE_F64; ++ptype) {
        const vx_dtype *primitive = vx_dtype_new_primitive((vx_ptype)ptype, ptype % 2 == 0);
        CHECK(vx_dtype_get_variant(primitive) == DTYPE_PRIMITIVE);
        CHECK(vx_dtype_primitive_ptype(primitive) == (vx_ptype)ptype);
        CHECK(vx_dtype_is_nullable(primitive) == (ptype % 2 == 0));
        vx_dtype_free(primitive);
    }
    CHECK(vx_dtype_new_primitive((vx_ptype)11, false) == NULL);
}

static void test_decimal(void) {
    const vx_dtype *decimal = vx_dtype_new_decimal(5, 2, false);
    REQUIRE(decimal != NULL);
    CHECK(vx_dtype_get_variant(decimal) == DTYPE_DECIMAL);
    CHECK(vx_dtype_decimal_precision(decimal) == 5);
    CHECK(vx_dtype_decimal_scale(decimal) == 2);
    CHECK(!vx_dtype_is_nullable(decimal));
    /* Accessors of other kinds give NULL or 0. */
    CHECK(vx_dtype_struct_dtype(decimal) == NULL);
    CHECK(vx_dtype_list_element(decimal) == NULL);
    CHECK(vx_dtype_fixed_size_list_element(decimal) == NULL);
    CHECK(vx_dtype_fixed_size_list_size(decimal) == 0);
    CHECK(vx_dtype_primitive_ptype(decimal) == PTYPE_U8);
    vx_dtype_free(decimal);

    const vx_dtype *negative_scale = vx_dtype_new_decimal(18, -3, true);
    CHECK(negative_scale != NULL && vx_dtype_decimal_scale(negative_scale) == -3);
    vx_dtype_free(negative_scale);
    const vx_dtype *wide = vx_dtype_new_decimal(76, 10, false);
    CHECK(wide != NULL);
    vx_dtype_free(wide);
    CHECK(vx_dtype_new_decimal(0, 0, false) == NULL);
    CHECK(vx_dtype_new_decimal(77, 0, false) == NULL);
    CHECK(vx_dtype_new_decimal(5, 6, false) == NULL);

    const vx_dtype *boolean = vx_dtype_new_bool(false);
    CHECK(vx_dtype_decimal_precision(boolean) == 0 && vx_dtype_decimal_scale(boolean) == 0);
    vx_dtype_free(boolean);
}

static void test_lists(void) {
    const vx_dtype *list = vx_dtype_new_list(vx_dtype_new_primitive(PTYPE_I32, true), false);
    REQUIRE(list != NULL);
    CHECK(vx_dtype_get_variant(list) == DTYPE_LIST);
    const vx_dtype *element = vx_dtype_list_element(list);
    CHECK(vx_dtype_primitive_ptype(element) == PTYPE_I32 && vx_dtype_is_nullable(element));
    /* Borrowed: the same handle each time, and freeing it does nothing. */
    CHECK(vx_dtype_list_element(list) == element);
    vx_dtype_free(element);
    CHECK(vx_dtype_fixed_size_list_element(list) == NULL);
    vx_dtype_free(list);

    const vx_dtype *fixed = vx_dtype_new_fixed_size_list(vx_dtype_new_utf8(false), 3, true);
    REQUIRE(fixed != NULL);
    CHECK(vx_dtype_get_variant(fixed) == DTYPE_FIXED_SIZE_LIST);
    CHECK(vx_dtype_fixed_size_list_size(fixed) == 3);
    CHECK(vx_dtype_is_nullable(fixed));
    CHECK(vx_dtype_get_variant(vx_dtype_fixed_size_list_element(fixed)) == DTYPE_UTF8);
    CHECK(vx_dtype_list_element(fixed) == NULL);
    vx_dtype_free(fixed);

    /* Nested: a list of lists. */
    const vx_dtype *nested = vx_dtype_new_list(vx_dtype_new_list(vx_dtype_new_bool(false), true), false);
    CHECK(vx_dtype_get_variant(vx_dtype_list_element(vx_dtype_list_element(nested))) == DTYPE_BOOL);
    vx_dtype_free(nested);
    CHECK(vx_dtype_new_list(NULL, false) == NULL);
    CHECK(vx_dtype_new_fixed_size_list(NULL, 2, false) == NULL);
}

static void test_clone_identity(void) {
    const vx_dtype *dtype = vx_dtype_new_utf8(true);
    const vx_dtype *clone = vx_dtype_clone(dtype);
    CHECK(clone == dtype);
    vx_dtype_free(dtype);
    CHECK(vx_dtype_get_variant(clone) == DTYPE_UTF8);
    vx_dtype_free(clone);

    /* A borrowed dtype clones into an owned one that outlives its owner. */
    const vx_array *array = vx_array_new_null(4);
    const vx_dtype *borrowed = vx_array_dtype(array);
    CHECK(vx_array_dtype(array) == borrowed);
    const vx_dtype *owned = vx_dtype_clone(borrowed);
    CHECK(owned != NULL && owned != borrowed);
    vx_dtype_free(borrowed);
    vx_array_free(array);
    CHECK(vx_dtype_get_variant(owned) == DTYPE_NULL);
    vx_dtype_free(owned);
    CHECK(vx_dtype_clone(NULL) == NULL);
    vx_dtype_free(NULL);
}

static void test_null_dtype_accessors(void) {
    CHECK(vx_dtype_get_variant(NULL) == DTYPE_NULL);
    CHECK(!vx_dtype_is_nullable(NULL));
    CHECK(vx_dtype_primitive_ptype(NULL) == PTYPE_U8);
    CHECK(vx_dtype_decimal_precision(NULL) == 0);
    CHECK(vx_dtype_decimal_scale(NULL) == 0);
    CHECK(vx_dtype_struct_dtype(NULL) == NULL);
    CHECK(vx_dtype_list_element(NULL) == NULL);
    CHECK(vx_dtype_fixed_size_list_element(NULL) == NULL);
    CHECK(vx_dtype_fixed_size_list_size(NULL) == 0);
    CHECK(!vx_dtype_is_time(NULL) && !vx_dtype_is_date(NULL) && !vx_dtype_is_timestamp(NULL));
    CHECK(vx_dtype_time_unit(NULL) == 0);
    CHECK(vx_dtype_time_zone(NULL) == NULL);
}

static void test_struct_fields(void) {
    vx_struct_fields_builder *builder = vx_struct_fields_builder_new();
    for (int i = 0; i < 10; ++i) {
        char name[8];
        snprintf(name, sizeof name, "name%d", i);
        const vx_dtype *dtype =
            i % 2 == 0 ? vx_dtype_new_primitive(PTYPE_F32, true) : vx_dtype_new_binary(false);
        vx_struct_fields_builder_add_field(builder, vx_string_new_from_cstr(name), dtype);
    }
    vx_struct_fields *fields = vx_struct_fields_builder_finalize(builder);
    REQUIRE(fields != NULL);
    CHECK(vx_struct_fields_nfields(fields) == 10);
    for (size_t i = 0; i < 10; ++i) {
        char name[8];
        snprintf(name, sizeof name, "name%zu", i);
        CHECK(string_equals(vx_struct_fields_field_name(fields, i), name));
        const vx_dtype *dtype = vx_struct_fields_field_dtype(fields, i);
        REQUIRE(dtype != NULL);
        if (i % 2 == 0) {
            CHECK(vx_dtype_get_variant(dtype) == DTYPE_PRIMITIVE);
            CHECK(vx_dtype_primitive_ptype(dtype) == PTYPE_F32 && vx_dtype_is_nullable(dtype));
        } else {
            CHECK(vx_dtype_get_variant(dtype) == DTYPE_BINARY && !vx_dtype_is_nullable(dtype));
        }
        vx_dtype_free(dtype);
    }
    CHECK(vx_struct_fields_field_name(fields, 10) == NULL);
    CHECK(vx_struct_fields_field_dtype(fields, 10) == NULL);

    const vx_dtype *dtype = vx_dtype_new_struct(fields, true);
    REQUIRE(dtype != NULL);
    CHECK(vx_dtype_get_variant(dtype) == DTYPE_STRUCT && vx_dtype_is_nullable(dtype));
    const vx_struct_fields *borrowed = vx_dtype_struct_dtype(dtype);
    CHECK(borrowed != NULL && vx_struct_fields_nfields(borrowed) == 10);
    CHECK(vx_dtype_struct_dtype(dtype) == borrowed);
    CHECK(string_equals(vx_struct_fields_field_name(borrowed, 9), "name9"));
    /* Borrowed fields and names: freeing them does nothing. */
    vx_struct_fields_free((vx_struct_fields *)borrowed);
    vx_string_free(vx_struct_fields_field_name(borrowed, 0));
    CHECK(string_equals(vx_struct_fields_field_name(borrowed, 0), "name0"));
    vx_dtype_free(dtype);
}

static void test_struct_fields_ownership(void) {
    /* A builder freed unfinalized frees what it holds. */
    vx_struct_fields_builder *dropped = vx_struct_fields_builder_new();
    vx_struct_fields_builder_add_field(dropped, vx_string_new_from_cstr("a"), vx_dtype_new_bool(false));
    vx_struct_fields_builder_free(dropped);

    /* Finalized and freed without becoming a dtype. */
    vx_struct_fields_builder *builder = vx_struct_fields_builder_new();
    vx_struct_fields_builder_add_field(builder, vx_string_new_from_cstr("a"), vx_dtype_new_bool(false));
    vx_struct_fields *fields = vx_struct_fields_builder_finalize(builder);
    CHECK(vx_struct_fields_nfields(fields) == 1);
    vx_struct_fields_free(fields);

    /* An empty struct. */
    const vx_dtype *empty =
        vx_dtype_new_struct(vx_struct_fields_builder_finalize(vx_struct_fields_builder_new()), false);
    CHECK(empty != NULL && vx_struct_fields_nfields(vx_dtype_struct_dtype(empty)) == 0);
    vx_dtype_free(empty);

    /* Duplicate names: no dtype (the fields are consumed all the same). */
    vx_struct_fields_builder *duplicates = vx_struct_fields_builder_new();
    vx_struct_fields_builder_add_field(duplicates, vx_string_new_from_cstr("x"), vx_dtype_new_bool(false));
    vx_struct_fields_builder_add_field(duplicates, vx_string_new_from_cstr("x"), vx_dtype_new_utf8(false));
    CHECK(vx_dtype_new_struct(vx_struct_fields_builder_finalize(duplicates), false) == NULL);

    /* add_field consumes its arguments even when the builder is NULL; a borrowed name or
     * dtype is copied and left alone. */
    vx_struct_fields_builder_add_field(NULL, vx_string_new_from_cstr("lost"), vx_dtype_new_bool(false));
    const vx_dtype *source = sample_dtype();
    const vx_struct_fields *source_fields = vx_dtype_struct_dtype(source);
    vx_struct_fields_builder *copy = vx_struct_fields_builder_new();
    vx_struct_fields_builder_add_field(copy, vx_struct_fields_field_name(source_fields, 0),
                                       vx_dtype_list_element(source));
    vx_struct_fields_builder_add_field(copy, vx_struct_fields_field_name(source_fields, 1),
                                       vx_struct_fields_field_dtype(source_fields, 1));
    vx_struct_fields *copied = vx_struct_fields_builder_finalize(copy);
    CHECK(vx_struct_fields_nfields(copied) == 1); /* the NULL element dtype was refused */
    CHECK(string_equals(vx_struct_fields_field_name(copied, 0), "height"));
    vx_struct_fields_free(copied);
    vx_dtype_free(source);

    CHECK(vx_struct_fields_builder_finalize(NULL) == NULL);
    CHECK(vx_dtype_new_struct(NULL, false) == NULL);
    CHECK(vx_struct_fields_nfields(NULL) == 0);
    CHECK(vx_struct_fields_field_name(NULL, 0) == NULL);
    CHECK(vx_struct_fields_field_dtype(NULL, 0) == NULL);
    vx_struct_fields_free(NULL);
    vx_struct_fields_builder_free(NULL);
}

/* A record batch schema with one child per format. */
static void
schema_of(struct ArrowSchema *schema, const char *const *formats, const char *const *names, int count) {
    struct ArrowSchema children[8];
    REQUIRE(count <= 8);
    for (int i = 0; i < count; ++i) {
        arrow_schema_init(&children[i], formats[i], names[i], ARROW_FLAG_NULLABLE, 0, NULL);
    }
    arrow_schema_init(schema, "+s", "", 0, count, children);
}

static void test_temporal_helpers(void) {
    const char *formats[] = {"tdD", "tdm", "tts", "ttu", "tsu:UTC", "tsn:", "i"};
    const char *names[] = {"day", "date_ms", "time_s", "time_us", "ts_utc", "ts_naive", "plain"};
    struct ArrowSchema schema;
    schema_of(&schema, formats, names, 7);
    vx_error *err = NULL;
    const vx_dtype *dtype = vx_dtype_from_arrow_schema(&schema, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(dtype != NULL);
    CHECK(schema.release == NULL);
    const vx_struct_fields *fields = vx_dtype_struct_dtype(dtype);
    REQUIRE(vx_struct_fields_nfields(fields) == 7);

    const vx_dtype *field[7];
    for (size_t i = 0; i < 7; ++i) {
        field[i] = vx_struct_fields_field_dtype(fields, i);
    }
    CHECK(vx_dtype_get_variant(field[0]) == DTYPE_EXTENSION);
    CHECK(vx_dtype_is_date((const DType *)field[0]) && vx_dtype_time_unit((const DType *)field[0]) == 4);
    CHECK(vx_dtype_is_date((const DType *)field[1]) && vx_dtype_time_unit((const DType *)field[1]) == 2);
    CHECK(vx_dtype_is_time((const DType *)field[2]) && vx_dtype_time_unit((const DType *)field[2]) == 3);
    CHECK(vx_dtype_is_time((const DType *)field[3]) && vx_dtype_time_unit((const DType *)field[3]) == 1);
    CHECK(!vx_dtype_is_date((const DType *)field[2]) && !vx_dtype_is_timestamp((const DType *)field[2]));
    CHECK(vx_dtype_is_timestamp((const DType *)field[4]) && vx_dtype_time_unit((const DType *)field[4]) == 1);
    const vx_string *zone = vx_dtype_time_zone((const DType *)field[4]);
    CHECK(string_equals(zone, "UTC"));
    vx_string_free(zone);
    CHECK(vx_dtype_is_timestamp((const DType *)field[5]) && vx_dtype_time_unit((const DType *)field[5]) == 0);
    CHECK(vx_dtype_time_zone((const DType *)field[5]) == NULL);
    CHECK(vx_dtype_time_zone((const DType *)field[0]) == NULL);
    CHECK(!vx_dtype_is_time((const DType *)field[6]) && !vx_dtype_is_date((const DType *)field[6]) &&
          !vx_dtype_is_timestamp((const DType *)field[6]));
    CHECK(vx_dtype_time_unit((const DType *)field[6]) == 0);
    for (size_t i = 0; i < 7; ++i) {
        vx_dtype_free(field[i]);
    }
    vx_dtype_free(dtype);
}

static void test_to_arrow_schema(void) {
    const vx_dtype *dtype = sample_dtype();
    struct ArrowSchema schema;
    vx_error *err = NULL;
    CHECK(vx_dtype_to_arrow_schema(dtype, &schema, &err) == 0);
    CHECK_NO_ERROR(err);
    CHECK(strcmp(schema.format, "+s") == 0);
    REQUIRE(schema.n_children == 2);
    CHECK(strcmp(schema.children[0]->format, "C") == 0 && strcmp(schema.children[0]->name, "age") == 0);
    CHECK((schema.children[0]->flags & ARROW_FLAG_NULLABLE) == 0);
    CHECK(strcmp(schema.children[1]->format, "S") == 0 && strcmp(schema.children[1]->name, "height") == 0);
    CHECK((schema.children[1]->flags & ARROW_FLAG_NULLABLE) != 0);
    schema.release(&schema);
    /* The dtype is untouched. */
    CHECK(vx_dtype_get_variant(dtype) == DTYPE_STRUCT);
    vx_dtype_free(dtype);

    /* Strings and byte strings are exported as views. */
    vx_struct_fields_builder *builder = vx_struct_fields_builder_new();
    vx_struct_fields_builder_add_field(builder, vx_string_new_from_cstr("s"), vx_dtype_new_utf8(true));
    vx_struct_fields_builder_add_field(builder, vx_string_new_from_cstr("b"), vx_dtype_new_binary(false));
    const vx_dtype *strings = vx_dtype_new_struct(vx_struct_fields_builder_finalize(builder), false);
    CHECK(vx_dtype_to_arrow_schema(strings, &schema, &err) == 0);
    CHECK(strcmp(schema.children[0]->format, "vu") == 0 && strcmp(schema.children[1]->format, "vz") == 0);
    schema.release(&schema);
    vx_dtype_free(strings);

    const vx_dtype *primitive = vx_dtype_new_primitive(PTYPE_I32, false);
    CHECK(vx_dtype_to_arrow_schema(primitive, &schema, &err) == 1);
    CHECK_ERROR(err, "only a struct dtype");
    vx_dtype_free(primitive);
    const vx_dtype *nullable =
        vx_dtype_new_struct(vx_struct_fields_builder_finalize(vx_struct_fields_builder_new()), true);
    CHECK(vx_dtype_to_arrow_schema(nullable, &schema, &err) == 1);
    CHECK_ERROR(err, "non-nullable");
    CHECK(vx_dtype_to_arrow_schema(nullable, NULL, &err) == 1);
    CHECK_ERROR(err, "schema is NULL");
    vx_dtype_free(nullable);
    CHECK(vx_dtype_to_arrow_schema(NULL, &schema, &err) == 1);
    CHECK_ERROR(err, "dtype is NULL");
    CHECK(vx_dtype_to_arrow_schema(NULL, &schema, NULL) == 1);
}

static void test_from_arrow_schema(void) {
    const char *formats[] = {"C", "vu", "z"};
    const char *names[] = {"a", "b", "c"};
    struct ArrowSchema schema;
    schema_of(&schema, formats, names, 3);
    const int releases = arrow_releases;
    vx_error *err = NULL;
    const vx_dtype *dtype = vx_dtype_from_arrow_schema(&schema, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(dtype != NULL);
    CHECK(schema.release == NULL);
    CHECK(arrow_releases == releases + 4); /* the top node and its three children, once each */
    CHECK(vx_dtype_get_variant(dtype) == DTYPE_STRUCT && !vx_dtype_is_nullable(dtype));
    const vx_struct_fields *fields = vx_dtype_struct_dtype(dtype);
    CHECK(string_equals(vx_struct_fields_field_name(fields, 1), "b"));
    const vx_dtype *b = vx_struct_fields_field_dtype(fields, 1);
    CHECK(vx_dtype_get_variant(b) == DTYPE_UTF8 && vx_dtype_is_nullable(b));
    vx_dtype_free(b);
    const vx_dtype *c = vx_struct_fields_field_dtype(fields, 2);
    CHECK(vx_dtype_get_variant(c) == DTYPE_BINARY);
    vx_dtype_free(c);
    vx_dtype_free(dtype);

    /* Not a record batch: an error, and the schema is consumed all the same. */
    struct ArrowSchema single;
    arrow_schema_init(&single, "i", "x", 0, 0, NULL);
    CHECK(vx_dtype_from_arrow_schema(&single, &err) == NULL);
    CHECK_ERROR(err, "struct");
    CHECK(single.release == NULL);

    /* An unsupported type (a month interval). */
    const char *bad_formats[] = {"tiM"};
    const char *bad_names[] = {"interval"};
    schema_of(&schema, bad_formats, bad_names, 1);
    CHECK(vx_dtype_from_arrow_schema(&schema, &err) == NULL);
    CHECK(err != NULL);
    vx_error_free(err);
    err = NULL;
    CHECK(schema.release == NULL);

    CHECK(vx_dtype_from_arrow_schema(NULL, &err) == NULL);
    CHECK_ERROR(err, "Arrow schema is NULL");
}

int main(void) {
    RUN(test_simple_types);
    RUN(test_decimal);
    RUN(test_lists);
    RUN(test_clone_identity);
    RUN(test_null_dtype_accessors);
    RUN(test_struct_fields);
    RUN(test_struct_fields_ownership);
    RUN(test_temporal_helpers);
    RUN(test_to_arrow_schema);
    RUN(test_from_arrow_schema);
    return harness_report();
}
