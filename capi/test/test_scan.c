/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */

/* Data sources (paths, globs, buffers), scans with every option, partitions (also read on
 * several threads at once) and Arrow streams. */

#define _XOPEN_SOURCE 700
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include "harness.h"

static vx_session *session;
static char *dir;
static char *sample_path; /* 100 rows, age 0..99 */

static const vx_data_source *open_source(const char *paths) {
    vx_error *err = NULL;
    vx_data_source_options options = {.paths = paths};
    const vx_data_source *source = vx_data_source_new(session, &options, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(source != NULL);
    return source;
}

static vx_expression *column(const char *name) {
    vx_expression *root = vx_expression_root();
    vx_expression *item = vx_expression_get_item(name, root);
    vx_expression_free(root);
    return item;
}

static vx_expression *compare_u8(vx_binary_operator op, const char *name, uint8_t value) {
    vx_scalar *scalar = vx_scalar_new_u8(value, false);
    vx_expression *literal = vx_expression_literal(scalar, NULL);
    vx_expression *field = column(name);
    vx_expression *node = vx_expression_binary(op, field, literal);
    vx_expression_free(field);
    vx_expression_free(literal);
    vx_scalar_free(scalar);
    return node;
}

/* Reads every partition of a scan of `source` with `options`; fills the ages read (up to
 * `capacity`) and returns the row count, or -1 (with `*err` set) on an error. `arrays` gets the
 * number of arrays. */
static long scan_ages(const vx_data_source *source,
                      const vx_scan_options *options,
                      uint8_t *ages,
                      size_t capacity,
                      size_t *arrays,
                      vx_error **err) {
    vx_scan *scan = vx_data_source_scan(source, options, NULL, err);
    if (scan == NULL) {
        return -1;
    }
    long rows = 0;
    size_t count = 0;
    vx_partition *partition;
    while ((partition = vx_scan_next_partition(scan, err)) != NULL) {
        const vx_array *array;
        while ((array = vx_partition_next(partition, err)) != NULL) {
            ++count;
            const vx_array *age = vx_array_has_dtype(array, DTYPE_STRUCT) ? vx_array_get_field(array, 0, NULL)
                                                                          : vx_array_clone(array);
            for (size_t i = 0; i < vx_array_len(array); ++i) {
                if ((size_t)rows + i < capacity) {
                    ages[rows + (long)i] = vx_array_get_u8(age, i);
                }
            }
            rows += (long)vx_array_len(array);
            vx_array_free(age);
            vx_array_free(array);
        }
        vx_partition_free(partition);
        if (*err != NULL) {
            vx_scan_free(scan);
            return -1;
        }
    }
    vx_scan_free(scan);
    if (arrays != NULL) {
        *arrays = count;
    }
    return *err == NULL ? rows : -1;
}

static void test_data_source_errors(void) {
    vx_error *err = NULL;
    CHECK(vx_data_source_new(session, NULL, &err) == NULL);
    CHECK_ERROR(err, "options is NULL");
    vx_data_source_options empty = {0};
    CHECK(vx_data_source_new(session, &empty, &err) == NULL);
    CHECK_ERROR(err, "opts.paths");
    vx_data_source_options missing = {.paths = "nonexistent"};
    CHECK(vx_data_source_new(session, &missing, &err) == NULL);
    CHECK_ERROR(err, "No files matched the glob pattern");
    vx_data_source_options no_dir = {.paths = "/tmp2/*.vortex"};
    CHECK(vx_data_source_new(session, &no_dir, &err) == NULL);
    CHECK_ERROR(err, "No files matched the glob pattern(s): [\"/tmp2/*.vortex\"]");
    vx_data_source_options valid = {.paths = sample_path};
    CHECK(vx_data_source_new(NULL, &valid, &err) == NULL);
    CHECK_ERROR(err, "session is NULL");
    CHECK(vx_data_source_new(NULL, NULL, NULL) == NULL);

    /* A file that is not a Vortex file. */
    char *text_path = harness_path(dir, "notes.txt");
    FILE *text = fopen(text_path, "w");
    fputs("not a vortex file at all", text);
    fclose(text);
    vx_data_source_options not_vortex = {.paths = text_path};
    CHECK(vx_data_source_new(session, &not_vortex, &err) == NULL);
    CHECK(err != NULL);
    vx_error_free(err);
    err = NULL;
    remove(text_path);
    free(text_path);

    CHECK(vx_data_source_new_buffer(session, NULL, 0, &err) == NULL);
    CHECK_ERROR(err, "buffer is NULL");
    const char garbage[] = "0123456789abcdef";
    CHECK(vx_data_source_new_buffer(session, garbage, sizeof garbage, &err) == NULL);
    CHECK(err != NULL);
    vx_error_free(err);
    err = NULL;
    CHECK(vx_data_source_new_buffer(session, garbage, 0, &err) == NULL);
    CHECK(err != NULL);
    vx_error_free(err);
    err = NULL;
    CHECK(vx_data_source_new_buffer(NULL, garbage, 1, &err) == NULL);
    CHECK_ERROR(err, "session is NULL");
}

static void check_sample_dtype(const vx_dtype *dtype) {
    CHECK(vx_dtype_get_variant(dtype) == DTYPE_STRUCT && !vx_dtype_is_nullable(dtype));
    const vx_struct_fields *fields = vx_dtype_struct_dtype(dtype);
    REQUIRE(vx_struct_fields_nfields(fields) == 2);
    CHECK(string_equals(vx_struct_fields_field_name(fields, 0), "age"));
    CHECK(string_equals(vx_struct_fields_field_name(fields, 1), "height"));
    const vx_dtype *age = vx_struct_fields_field_dtype(fields, 0);
    const vx_dtype *height = vx_struct_fields_field_dtype(fields, 1);
    CHECK(vx_dtype_primitive_ptype(age) == PTYPE_U8 && !vx_dtype_is_nullable(age));
    CHECK(vx_dtype_primitive_ptype(height) == PTYPE_U16 && vx_dtype_is_nullable(height));
    vx_dtype_free(age);
    vx_dtype_free(height);
}

/* The 100-row sample, checked as the reference's tests check it. */
static void verify_sample_array(const vx_array *array) {
    vx_error *err = NULL;
    CHECK(vx_array_len(array) == 100);
    check_sample_dtype(vx_array_dtype(array));
    vx_validity validity;
    vx_array_get_validity(array, &validity, &err);
    CHECK_NO_ERROR(err);
    CHECK(validity.type == VX_VALIDITY_NON_NULLABLE);
    const vx_array *age = vx_array_get_field(array, 0, &err);
    const vx_array *height = vx_array_get_field(array, 1, &err);
    CHECK_NO_ERROR(err);
    for (size_t i = 0; i < 100; ++i) {
        CHECK(vx_array_get_u8(age, i) == i);
        CHECK(vx_array_get_u16(height, i) > 0);
    }
    vx_array_free(age);
    vx_array_free(height);
    CHECK(vx_array_get_field(array, 2, &err) == NULL);
    CHECK_ERROR(err, "Field index");
}

static void basic_scan(const vx_data_source *source) {
    vx_error *err = NULL;
    vx_estimate row_count = {VX_ESTIMATE_UNKNOWN, 0};
    vx_data_source_get_row_count(source, &row_count);
    CHECK(row_count.type == VX_ESTIMATE_EXACT && row_count.estimate == 100);
    check_sample_dtype(vx_data_source_dtype(source));

    vx_estimate estimate = {VX_ESTIMATE_UNKNOWN, 0};
    vx_scan *scan = vx_data_source_scan(source, NULL, &estimate, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(scan != NULL);
    CHECK(estimate.type == VX_ESTIMATE_EXACT && estimate.estimate == 1);
    vx_partition *partition = vx_scan_next_partition(scan, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(partition != NULL);
    vx_estimate count = {VX_ESTIMATE_UNKNOWN, 0};
    CHECK(vx_partition_row_count(partition, &count, &err) == 0);
    CHECK_NO_ERROR(err);
    CHECK(count.type == VX_ESTIMATE_EXACT && count.estimate == 100);
    /* The scan is exhausted while its one partition is still unread. */
    CHECK(vx_scan_next_partition(scan, &err) == NULL);
    CHECK_NO_ERROR(err);
    CHECK(vx_scan_next_partition(scan, &err) == NULL);
    CHECK_NO_ERROR(err);
    const vx_array *array = vx_partition_next(partition, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(array != NULL);
    verify_sample_array(array);
    vx_array_free(array);
    CHECK(vx_partition_next(partition, &err) == NULL);
    CHECK_NO_ERROR(err);
    CHECK(vx_partition_next(partition, &err) == NULL);
    CHECK_NO_ERROR(err);
    /* Too late for the row count. */
    CHECK(vx_partition_row_count(partition, &count, &err) == 1);
    CHECK_ERROR(err, "row count unavailable");
    vx_partition_free(partition);
    vx_scan_free(scan);
}

static void test_basic_scan_of_a_file_and_a_buffer(void) {
    const vx_data_source *source = open_source(sample_path);
    basic_scan(source);
    const vx_data_source *clone = vx_data_source_clone(source);
    CHECK(clone != NULL && clone != source);
    vx_data_source_free(source);
    basic_scan(clone);
    vx_data_source_free(clone);

    FILE *file = fopen(sample_path, "rb");
    REQUIRE(file != NULL);
    fseek(file, 0, SEEK_END);
    const long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc((size_t)size);
    REQUIRE(fread(bytes, 1, (size_t)size, file) == (size_t)size);
    fclose(file);
    vx_error *err = NULL;
    const vx_data_source *buffer = vx_data_source_new_buffer(session, bytes, (size_t)size, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(buffer != NULL);
    basic_scan(buffer);
    vx_data_source_free(buffer);
    free(bytes);
}

static void test_zeroed_options_and_handles(void) {
    vx_error *err = NULL;
    const vx_data_source *source = open_source(sample_path);
    vx_scan_options options;
    memset(&options, 0, sizeof options);
    uint8_t ages[100];
    size_t arrays = 0;
    CHECK(scan_ages(source, &options, ages, 100, &arrays, &err) == 100);
    CHECK(arrays == 1 && ages[99] == 99);

    /* Freed in any order: the data source, then the scan, then the partition. */
    vx_scan *scan = vx_data_source_scan(source, &options, NULL, &err);
    vx_data_source_free(source);
    const vx_dtype *dtype = vx_scan_dtype(scan, &err);
    CHECK_NO_ERROR(err);
    check_sample_dtype(dtype);
    vx_partition *partition = vx_scan_next_partition(scan, &err);
    /* The scan's dtype stays available, and freeing the borrowed handle does nothing. */
    CHECK(vx_scan_dtype(scan, &err) == dtype);
    vx_dtype_free(dtype);
    vx_scan_free(scan);
    const vx_array *array = vx_partition_next(partition, &err);
    CHECK_NO_ERROR(err);
    CHECK(vx_array_len(array) == 100);
    vx_array_free(array);
    vx_partition_free(partition);

    CHECK(vx_data_source_scan(NULL, NULL, NULL, &err) == NULL);
    CHECK_ERROR(err, "data source is NULL");
    CHECK(vx_scan_dtype(NULL, &err) == NULL);
    CHECK_ERROR(err, "scan is NULL");
    CHECK(vx_scan_next_partition(NULL, &err) == NULL);
    CHECK_ERROR(err, "scan is NULL");
    CHECK(vx_partition_next(NULL, &err) == NULL);
    CHECK_ERROR(err, "partition is NULL");
    vx_estimate count;
    CHECK(vx_partition_row_count(NULL, &count, &err) == 1);
    CHECK_ERROR(err, "partition is NULL");
    CHECK(vx_data_source_dtype(NULL) == NULL);
    vx_data_source_get_row_count(NULL, &count);
    CHECK(vx_data_source_clone(NULL) == NULL);
    vx_data_source_free(NULL);
    vx_scan_free(NULL);
    vx_partition_free(NULL);

    source = open_source(sample_path);
    scan = vx_data_source_scan(source, NULL, NULL, &err);
    partition = vx_scan_next_partition(scan, &err);
    CHECK(vx_partition_row_count(partition, NULL, &err) == 1);
    CHECK_ERROR(err, "count is NULL");
    vx_partition_free(partition); /* unread */
    vx_scan_free(scan);
    vx_data_source_free(source);
}

static void test_projections(void) {
    vx_error *err = NULL;
    const vx_data_source *source = open_source(sample_path);
    vx_scan_options options = {0};

    vx_expression *root = vx_expression_root();
    options.projection = root;
    uint8_t ages[100];
    CHECK(scan_ages(source, &options, ages, 100, NULL, &err) == 100);
    CHECK(ages[42] == 42);

    /* One column: arrays of it alone. */
    vx_expression *age = column("age");
    options.projection = age;
    vx_scan *scan = vx_data_source_scan(source, &options, NULL, &err);
    const vx_dtype *dtype = vx_scan_dtype(scan, &err);
    CHECK(vx_dtype_get_variant(dtype) == DTYPE_PRIMITIVE && vx_dtype_primitive_ptype(dtype) == PTYPE_U8);
    vx_partition *partition = vx_scan_next_partition(scan, &err);
    const vx_array *array = vx_partition_next(partition, &err);
    CHECK_NO_ERROR(err);
    CHECK(vx_array_is_primitive(array, PTYPE_U8) && vx_array_len(array) == 100);
    CHECK(vx_array_get_u8(array, 77) == 77);
    vx_array_free(array);
    vx_partition_free(partition);
    vx_scan_free(scan);

    vx_expression *height = column("height");
    options.projection = height;
    scan = vx_data_source_scan(source, &options, NULL, &err);
    partition = vx_scan_next_partition(scan, &err);
    array = vx_partition_next(partition, &err);
    CHECK(vx_array_is_primitive(array, PTYPE_U16) && vx_array_get_u16(array, 0) == 1);
    vx_array_free(array);
    vx_partition_free(partition);
    vx_scan_free(scan);

    /* select: the named columns in the given order. */
    const char *names[] = {"height", "age"};
    vx_expression *select = vx_expression_select(names, 2, root);
    options.projection = select;
    scan = vx_data_source_scan(source, &options, NULL, &err);
    dtype = vx_scan_dtype(scan, &err);
    CHECK(string_equals(vx_struct_fields_field_name(vx_dtype_struct_dtype(dtype), 0), "height"));
    partition = vx_scan_next_partition(scan, &err);
    array = vx_partition_next(partition, &err);
    const vx_array *first = vx_array_get_field(array, 0, &err);
    CHECK(vx_array_is_primitive(first, PTYPE_U16));
    vx_array_free(first);
    vx_array_free(array);
    vx_partition_free(partition);
    vx_scan_free(scan);

    /* A literal: one value per row. */
    vx_scalar *text = vx_scalar_new_utf8("constant", 8, false, &err);
    vx_expression *literal = vx_expression_literal(text, &err);
    vx_scalar_free(text);
    options.projection = literal;
    scan = vx_data_source_scan(source, &options, NULL, &err);
    CHECK_NO_ERROR(err);
    partition = vx_scan_next_partition(scan, &err);
    array = vx_partition_next(partition, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(array != NULL);
    CHECK(vx_array_len(array) == 100 && vx_array_has_dtype(array, DTYPE_UTF8));
    const vx_string *value = vx_array_get_utf8(array, 0);
    CHECK(string_equals(value, "constant"));
    vx_string_free(value);
    value = vx_array_get_utf8(array, 99);
    CHECK(string_equals(value, "constant"));
    vx_string_free(value);
    vx_array_free(array);
    vx_partition_free(partition);
    vx_scan_free(scan);

    /* A predicate as the projection. */
    vx_expression *predicate = compare_u8(VX_OPERATOR_LT, "age", 10);
    options.projection = predicate;
    scan = vx_data_source_scan(source, &options, NULL, &err);
    CHECK(vx_dtype_get_variant(vx_scan_dtype(scan, &err)) == DTYPE_BOOL);
    partition = vx_scan_next_partition(scan, &err);
    array = vx_partition_next(partition, &err);
    CHECK_NO_ERROR(err);
    CHECK(vx_array_has_dtype(array, DTYPE_BOOL) && vx_array_len(array) == 100);
    vx_array_free(array);
    vx_partition_free(partition);
    vx_scan_free(scan);

    /* Projections that do not fit are errors of vx_data_source_scan. */
    vx_expression *unknown = column("weight");
    options.projection = unknown;
    CHECK(vx_data_source_scan(source, &options, NULL, &err) == NULL);
    CHECK_ERROR(err, "no field named 'weight'");
    vx_expression *sum = vx_expression_binary(VX_OPERATOR_ADD, age, age);
    options.projection = sum;
    CHECK(vx_data_source_scan(source, &options, NULL, &err) == NULL);
    CHECK_ERROR(err, "cannot evaluate arithmetic");
    vx_expression *contains = vx_expression_list_contains(age, age);
    options.projection = contains;
    CHECK(vx_data_source_scan(source, &options, NULL, &err) == NULL);
    CHECK_ERROR(err, "must be a list");

    vx_expression *all[] = {root, age, height, select, literal, predicate, unknown, sum, contains};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) {
        vx_expression_free(all[i]);
    }
    vx_data_source_free(source);
}

static void test_filters(void) {
    vx_error *err = NULL;
    const vx_data_source *source = open_source(sample_path);
    vx_scan_options options = {0};

    vx_expression *at_least_50 = compare_u8(VX_OPERATOR_GTE, "age", 50);
    options.filter = at_least_50;
    uint8_t ages[100];
    size_t arrays = 0;
    CHECK(scan_ages(source, &options, ages, 100, &arrays, &err) == 50);
    CHECK(arrays == 1 && ages[0] == 50 && ages[49] == 99);
    vx_scan *scan = vx_data_source_scan(source, &options, NULL, &err);
    vx_partition *partition = vx_scan_next_partition(scan, &err);
    vx_estimate count;
    CHECK(vx_partition_row_count(partition, &count, &err) == 0);
    CHECK(count.type == VX_ESTIMATE_INEXACT && count.estimate == 100);
    vx_partition_free(partition);
    vx_scan_free(scan);

    /* No row passes: no array at all. */
    vx_expression *above_200 = compare_u8(VX_OPERATOR_GT, "age", 200);
    options.filter = above_200;
    CHECK(scan_ages(source, &options, ages, 100, &arrays, &err) == 0);
    CHECK_NO_ERROR(err);
    CHECK(arrays == 0);

    /* A filter and a projection of other columns. */
    vx_expression *height = column("height");
    options.filter = at_least_50;
    options.projection = height;
    scan = vx_data_source_scan(source, &options, NULL, &err);
    partition = vx_scan_next_partition(scan, &err);
    const vx_array *array = vx_partition_next(partition, &err);
    CHECK(vx_array_len(array) == 50 && vx_array_get_u16(array, 0) == 51);
    vx_array_free(array);
    vx_partition_free(partition);
    vx_scan_free(scan);
    options.projection = NULL;

    /* A filter of the wrong type: the scan and partition start; the first read fails. */
    vx_scalar *wide = vx_scalar_new_i32(50, false);
    vx_expression *wide_literal = vx_expression_literal(wide, &err);
    vx_scalar_free(wide);
    vx_expression *age = column("age");
    vx_expression *mismatch = vx_expression_binary(VX_OPERATOR_EQ, age, wide_literal);
    options.filter = mismatch;
    scan = vx_data_source_scan(source, &options, NULL, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(scan != NULL);
    partition = vx_scan_next_partition(scan, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(partition != NULL);
    CHECK(vx_partition_next(partition, &err) == NULL);
    CHECK_ERROR(err, "cannot compare different dtypes");
    CHECK(vx_partition_next(partition, &err) == NULL);
    CHECK_NO_ERROR(err);
    vx_partition_free(partition);
    vx_scan_free(scan);

    /* Unsupported filters fail at the first read, too. */
    vx_expression *sum = vx_expression_binary(VX_OPERATOR_ADD, age, age);
    vx_expression *sum_test = vx_expression_binary(VX_OPERATOR_GT, sum, age);
    vx_expression *not_bool = column("age");
    vx_expression *root = vx_expression_root();
    vx_expression *root_is_null = vx_expression_is_null(root);
    const vx_expression *bad[] = {sum_test, sum, not_bool, root_is_null};
    const char *messages[] = {"cannot evaluate arithmetic", "boolean expression", "boolean expression",
                              "root expression"};
    for (int k = 0; k < 4; ++k) {
        options.filter = bad[k];
        scan = vx_data_source_scan(source, &options, NULL, &err);
        CHECK_NO_ERROR(err);
        partition = vx_scan_next_partition(scan, &err);
        CHECK(vx_partition_next(partition, &err) == NULL);
        CHECK_ERROR(err, messages[k]);
        vx_partition_free(partition);
        vx_scan_free(scan);
    }

    /* A filter and a limit together are refused (at the first read). */
    options.filter = at_least_50;
    options.limit = 5;
    scan = vx_data_source_scan(source, &options, NULL, &err);
    partition = vx_scan_next_partition(scan, &err);
    CHECK(vx_partition_next(partition, &err) == NULL);
    CHECK_ERROR(err, "both a filter and a limit");
    vx_partition_free(partition);
    vx_scan_free(scan);

    vx_expression *all[] = {at_least_50, above_200, height,   wide_literal, age,         mismatch,
                            sum,         sum_test,  not_bool, root,         root_is_null};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) {
        vx_expression_free(all[i]);
    }
    vx_data_source_free(source);
}

/* Scans the sample with `options`; checks the rows read are `expected` (count `n`) and that the
 * partition's row count said `n` beforehand. */
static void
check_rows(const vx_data_source *source, vx_scan_options *options, const uint8_t *expected, size_t n) {
    vx_error *err = NULL;
    vx_scan *scan = vx_data_source_scan(source, options, NULL, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(scan != NULL);
    vx_partition *partition = vx_scan_next_partition(scan, &err);
    vx_estimate count = {VX_ESTIMATE_UNKNOWN, 0};
    CHECK(vx_partition_row_count(partition, &count, &err) == 0);
    CHECK(count.type == VX_ESTIMATE_EXACT && count.estimate == n);
    vx_partition_free(partition);
    vx_scan_free(scan);

    uint8_t ages[100];
    const long rows = scan_ages(source, options, ages, 100, NULL, &err);
    CHECK_NO_ERROR(err);
    CHECK(rows == (long)n);
    for (size_t i = 0; i < n && (long)i < rows; ++i) {
        CHECK(ages[i] == expected[i]);
    }
}

static void test_row_range_selection_and_limit(void) {
    vx_error *err = NULL;
    const vx_data_source *source = open_source(sample_path);
    uint8_t expected[100];

    vx_scan_options options = {0};
    options.row_range_begin = 10;
    options.row_range_end = 20;
    for (int i = 0; i < 10; ++i) {
        expected[i] = (uint8_t)(10 + i);
    }
    check_rows(source, &options, expected, 10);

    /* A range past the end is clamped; begin > 0 with end 0 is empty. */
    options.row_range_begin = 90;
    options.row_range_end = 150;
    for (int i = 0; i < 10; ++i) {
        expected[i] = (uint8_t)(90 + i);
    }
    check_rows(source, &options, expected, 10);
    options.row_range_begin = 5;
    options.row_range_end = 0;
    check_rows(source, &options, expected, 0);

    /* Rows by index, inside the range. */
    const uint64_t include[] = {50, 1, 3, 1}; /* any order, duplicates once */
    options.row_range_begin = 0;
    options.row_range_end = 0;
    options.selection = (vx_scan_selection){include, 4, VX_SELECTION_INCLUDE_RANGE};
    const uint8_t included[] = {1, 3, 50};
    check_rows(source, &options, included, 3);
    const uint64_t some[] = {1, 3, 4};
    options.selection = (vx_scan_selection){some, 3, VX_SELECTION_INCLUDE_RANGE};
    options.row_range_begin = 2;
    options.row_range_end = 5;
    const uint8_t in_range[] = {3, 4};
    check_rows(source, &options, in_range, 2);
    options.selection = (vx_scan_selection){NULL, 0, VX_SELECTION_INCLUDE_RANGE};
    check_rows(source, &options, in_range, 0);

    /* Every row but the listed ones. */
    uint64_t first_ten[10];
    for (int i = 0; i < 10; ++i) {
        first_ten[i] = (uint64_t)i;
        expected[i] = (uint8_t)(10 + i);
    }
    options.row_range_begin = 0;
    options.row_range_end = 20;
    options.selection = (vx_scan_selection){first_ten, 10, VX_SELECTION_EXCLUDE_RANGE};
    check_rows(source, &options, expected, 10);

    /* A limit, alone and with a range. */
    memset(&options, 0, sizeof options);
    options.limit = 7;
    for (int i = 0; i < 7; ++i) {
        expected[i] = (uint8_t)i;
    }
    check_rows(source, &options, expected, 7);
    options.row_range_begin = 30;
    options.row_range_end = 33;
    for (int i = 0; i < 3; ++i) {
        expected[i] = (uint8_t)(30 + i);
    }
    check_rows(source, &options, expected, 3);
    options.ordered = true;
    check_rows(source, &options, expected, 3);

    /* Selections without their indices, or of an unknown kind. */
    memset(&options, 0, sizeof options);
    options.selection = (vx_scan_selection){NULL, 3, VX_SELECTION_EXCLUDE_RANGE};
    CHECK(vx_data_source_scan(source, &options, NULL, &err) == NULL);
    CHECK_ERROR(err, "selection.idx is NULL");
    options.selection = (vx_scan_selection){NULL, 0, (vx_scan_selection_include)7};
    CHECK(vx_data_source_scan(source, &options, NULL, &err) == NULL);
    CHECK_ERROR(err, "unknown selection.include");
    vx_data_source_free(source);
}

/* Writes sample files under `dir`: name -> first age (10 * index). */
static void write_files(const char *const *names, size_t count) {
    for (size_t i = 0; i < count; ++i) {
        char *path = harness_path(dir, names[i]);
        write_sample(session, path, 100, 10 * i);
        free(path);
    }
}

static void test_globs_and_lists(void) {
    vx_error *err = NULL;
    char *a = harness_path(dir, "a");
    char *sub = harness_path(dir, "a/sub");
    char *b = harness_path(dir, "b");
    REQUIRE(mkdir(a, 0755) == 0 && mkdir(sub, 0755) == 0 && mkdir(b, 0755) == 0);
    const char *names[] = {"a/f1.vortex", "a/f0.vortex", "a/sub/f2.vortex", "b/f3.vortex"};
    write_files(names, 4);
    char *text_path = harness_path(dir, "a/notes.txt");
    FILE *text = fopen(text_path, "w");
    fputs("not matched", text);
    fclose(text);
    free(text_path);

    /* `*` matches `/`: the subfolder's file too, and matches are sorted. */
    char pattern[4096];
    snprintf(pattern, sizeof pattern, "%s/a/*.vortex", dir);
    const vx_data_source *source = open_source(pattern);
    vx_estimate estimate;
    vx_data_source_get_row_count(source, &estimate);
    CHECK(estimate.type == VX_ESTIMATE_INEXACT && estimate.estimate == 300);
    vx_scan *scan = vx_data_source_scan(source, NULL, &estimate, &err);
    CHECK(estimate.type == VX_ESTIMATE_INEXACT && estimate.estimate == 3);
    vx_scan_free(scan);
    uint8_t ages[400];
    size_t arrays = 0;
    CHECK(scan_ages(source, NULL, ages, 400, &arrays, &err) == 300);
    CHECK_NO_ERROR(err);
    CHECK(arrays == 3);
    /* a/f0 (written second: ages from 10), a/f1 (from 0), a/sub/f2 (from 20). */
    CHECK(ages[0] == 10 && ages[100] == 0 && ages[200] == 20);
    /* Every file is open now: the counts are exact. */
    vx_data_source_get_row_count(source, &estimate);
    CHECK(estimate.type == VX_ESTIMATE_EXACT && estimate.estimate == 300);
    scan = vx_data_source_scan(source, NULL, &estimate, &err);
    CHECK(estimate.type == VX_ESTIMATE_EXACT && estimate.estimate == 3);
    vx_scan_free(scan);

    /* The limit applies to each file. */
    vx_scan_options options = {0};
    options.limit = 5;
    CHECK(scan_ages(source, &options, ages, 400, &arrays, &err) == 15);
    vx_data_source_free(source);

    /* Comma-separated pieces keep their order; `?` and `[...]` are wildcards. */
    snprintf(pattern, sizeof pattern, "%s/b/f3.vortex,%s/a/f?.vortex,%s/a/sub/f[0-2].vortex", dir, dir, dir);
    source = open_source(pattern);
    CHECK(scan_ages(source, NULL, ages, 400, &arrays, &err) == 400);
    CHECK(ages[0] == 30 && ages[100] == 10 && ages[200] == 0 && ages[300] == 20);
    vx_data_source_free(source);

    /* Relative patterns are resolved against the working folder when the source is made. */
    char cwd[4096];
    REQUIRE(getcwd(cwd, sizeof cwd) != NULL);
    REQUIRE(chdir(dir) == 0);
    source = open_source("b/*.vortex");
    REQUIRE(chdir(cwd) == 0);
    CHECK(scan_ages(source, NULL, ages, 400, &arrays, &err) == 100);
    CHECK(ages[0] == 30);
    vx_data_source_free(source);

    /* Files of another dtype: the source opens; reading that file fails. */
    char *c = harness_path(dir, "c");
    REQUIRE(mkdir(c, 0755) == 0);
    char *good = harness_path(dir, "c/1.vortex");
    char *other = harness_path(dir, "c/2.vortex");
    write_sample(session, good, 10, 0);
    const vx_array *nulls = vx_array_new_null(10);
    vx_file_write_array(session, other, nulls, &err);
    CHECK_NO_ERROR(err);
    vx_array_free(nulls);
    snprintf(pattern, sizeof pattern, "%s/c/*", dir);
    source = open_source(pattern);
    CHECK(scan_ages(source, NULL, ages, 400, &arrays, &err) == -1);
    CHECK_ERROR(err, "but the data source's first file holds");
    vx_data_source_free(source);

    free(good);
    free(other);
    free(c);
    free(a);
    free(sub);
    free(b);
}

#define THREADS 4
#define FILES 10

struct worker {
    vx_scan *scan;
    pthread_mutex_t *mutex;
    long rows;
    long arrays;
    long partitions;
    int bad_values;
    vx_error *error;
};

static void *consume(void *argument) {
    struct worker *worker = argument;
    while (true) {
        pthread_mutex_lock(worker->mutex);
        vx_partition *partition = vx_scan_next_partition(worker->scan, &worker->error);
        pthread_mutex_unlock(worker->mutex);
        if (partition == NULL) {
            return NULL;
        }
        ++worker->partitions;
        vx_estimate count;
        if (vx_partition_row_count(partition, &count, &worker->error) != 0 || count.estimate != 100) {
            ++worker->bad_values;
        }
        const vx_array *array;
        while ((array = vx_partition_next(partition, &worker->error)) != NULL) {
            ++worker->arrays;
            worker->rows += (long)vx_array_len(array);
            const vx_array *age = vx_array_get_field(array, 0, NULL);
            const uint8_t first = vx_array_get_u8(age, 0);
            for (size_t i = 0; i < vx_array_len(age); ++i) {
                worker->bad_values += vx_array_get_u8(age, i) != (uint8_t)(first + i);
            }
            vx_array_free(age);
            vx_array_free(array);
        }
        vx_partition_free(partition);
        if (worker->error != NULL) {
            return NULL;
        }
    }
}

static void test_partitions_on_several_threads(void) {
    char *folder = harness_path(dir, "many");
    REQUIRE(mkdir(folder, 0755) == 0);
    char list[8192] = "";
    for (int i = 0; i < FILES; ++i) {
        char name[64];
        snprintf(name, sizeof name, "many/part-%d.vortex", i);
        char *path = harness_path(dir, name);
        write_sample(session, path, 100, (size_t)i);
        strcat(list, i == 0 ? "" : ",");
        strcat(list, path);
        free(path);
    }
    const vx_data_source *source = open_source(list);
    vx_error *err = NULL;
    vx_estimate estimate;
    vx_scan *scan = vx_data_source_scan(source, NULL, &estimate, &err);
    CHECK(estimate.type == VX_ESTIMATE_INEXACT && estimate.estimate == FILES);

    pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
    struct worker workers[THREADS];
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; ++t) {
        workers[t] = (struct worker){scan, &mutex, 0, 0, 0, 0, NULL};
        REQUIRE(pthread_create(&threads[t], NULL, consume, &workers[t]) == 0);
    }
    long rows = 0;
    long arrays = 0;
    long partitions = 0;
    for (int t = 0; t < THREADS; ++t) {
        pthread_join(threads[t], NULL);
        CHECK_NO_ERROR(workers[t].error);
        CHECK(workers[t].bad_values == 0);
        rows += workers[t].rows;
        arrays += workers[t].arrays;
        partitions += workers[t].partitions;
    }
    CHECK(rows == 100 * FILES);
    CHECK(arrays == FILES);
    CHECK(partitions == FILES);
    CHECK(vx_scan_next_partition(scan, &err) == NULL);
    CHECK_NO_ERROR(err);
    vx_scan_free(scan);
    vx_data_source_free(source);
    free(folder);
}

/* Reads an Arrow stream to its end: the number of batches and rows, and the first age. */
static int read_stream(struct ArrowArrayStream *stream, long *batches, long *rows, int *first_age) {
    *batches = 0;
    *rows = 0;
    while (true) {
        struct ArrowArray batch;
        memset(&batch, 0, sizeof batch);
        const int code = stream->get_next(stream, &batch);
        if (code != 0) {
            return code;
        }
        if (batch.release == NULL) {
            return 0;
        }
        if (*batches == 0 && batch.n_children > 0 && batch.children[0]->length > 0) {
            const uint8_t *values = batch.children[0]->buffers[1];
            *first_age = values[batch.children[0]->offset];
        }
        ++*batches;
        *rows += batch.length;
        batch.release(&batch);
    }
}

static void test_scan_to_arrow(void) {
    vx_error *err = NULL;
    const vx_data_source *source = open_source(sample_path);

    vx_scan *scan = vx_data_source_scan(source, NULL, NULL, &err);
    const vx_dtype *dtype = vx_scan_dtype(scan, &err);
    struct ArrowSchema schema;
    CHECK(vx_dtype_to_arrow_schema(dtype, &schema, &err) == 0);
    CHECK(strcmp(schema.format, "+s") == 0 && schema.n_children == 2);
    CHECK(strcmp(schema.children[0]->format, "C") == 0 && strcmp(schema.children[1]->format, "S") == 0);
    schema.release(&schema);
    vx_dtype_free(dtype); /* borrowed: harmless */

    vx_partition *partition = vx_scan_next_partition(scan, &err);
    struct ArrowArrayStream stream;
    CHECK(vx_partition_scan_arrow(session, partition, &stream, &err) == 0);
    CHECK_NO_ERROR(err);
    CHECK(stream.get_schema(&stream, &schema) == 0);
    CHECK(strcmp(schema.format, "+s") == 0 && schema.n_children == 2);
    CHECK(strcmp(schema.children[0]->name, "age") == 0 && strcmp(schema.children[1]->name, "height") == 0);
    schema.release(&schema);
    long batches = 0;
    long rows = 0;
    int first_age = -1;
    CHECK(read_stream(&stream, &batches, &rows, &first_age) == 0);
    CHECK(batches == 1 && rows == 100 && first_age == 0);
    stream.release(&stream);
    vx_scan_free(scan);

    /* With a filter and a select (returned as read), and with a projection evaluated per batch. */
    vx_scan_options options = {0};
    vx_expression *filter = compare_u8(VX_OPERATOR_GTE, "age", 50);
    vx_expression *root = vx_expression_root();
    const char *names[] = {"age"};
    const char *both[] = {"age", "height"};
    vx_expression *select = vx_expression_select(names, 1, root);
    vx_expression *inner = vx_expression_select(both, 2, root);
    vx_expression *nested = vx_expression_select(names, 1, inner);
    vx_expression *projections[] = {select, nested};
    for (int k = 0; k < 2; ++k) {
        options.filter = filter;
        options.projection = projections[k];
        scan = vx_data_source_scan(source, &options, NULL, &err);
        CHECK_NO_ERROR(err);
        partition = vx_scan_next_partition(scan, &err);
        CHECK(vx_partition_scan_arrow(session, partition, &stream, &err) == 0);
        CHECK_NO_ERROR(err);
        CHECK(stream.get_schema(&stream, &schema) == 0);
        CHECK(schema.n_children == 1 && strcmp(schema.children[0]->name, "age") == 0);
        schema.release(&schema);
        first_age = -1;
        CHECK(read_stream(&stream, &batches, &rows, &first_age) == 0);
        CHECK(batches == 1 && rows == 50 && first_age == 50);
        stream.release(&stream);
        vx_scan_free(scan);
    }

    /* A projection that is not a struct cannot become an Arrow stream; the partition is
     * consumed all the same. */
    vx_expression *age = column("age");
    options.filter = NULL;
    options.projection = age;
    scan = vx_data_source_scan(source, &options, NULL, &err);
    partition = vx_scan_next_partition(scan, &err);
    CHECK(vx_partition_scan_arrow(session, partition, &stream, &err) == 1);
    CHECK_ERROR(err, "non-nullable struct");
    vx_scan_free(scan);

    /* Other errors: a started partition, a NULL session, stream or partition. */
    options.projection = NULL;
    scan = vx_data_source_scan(source, &options, NULL, &err);
    partition = vx_scan_next_partition(scan, &err);
    const vx_array *array = vx_partition_next(partition, &err);
    vx_array_free(array);
    CHECK(vx_partition_scan_arrow(session, partition, &stream, &err) == 1);
    CHECK_ERROR(err, "already being consumed");
    vx_scan_free(scan);
    scan = vx_data_source_scan(source, &options, NULL, &err);
    CHECK(vx_partition_scan_arrow(NULL, vx_scan_next_partition(scan, &err), &stream, &err) == 1);
    CHECK_ERROR(err, "session is NULL");
    vx_scan_free(scan);
    scan = vx_data_source_scan(source, &options, NULL, &err);
    CHECK(vx_partition_scan_arrow(session, vx_scan_next_partition(scan, &err), NULL, &err) == 1);
    CHECK_ERROR(err, "stream is NULL");
    vx_scan_free(scan);
    CHECK(vx_partition_scan_arrow(session, NULL, &stream, &err) == 1);
    CHECK_ERROR(err, "partition is NULL");

    vx_expression *all[] = {filter, root, select, inner, nested, age};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i) {
        vx_expression_free(all[i]);
    }
    vx_data_source_free(source);
}

int main(void) {
    session = vx_session_new();
    dir = harness_temp_dir();
    sample_path = harness_path(dir, "sample.vortex");
    write_sample(session, sample_path, 100, 0);

    RUN(test_data_source_errors);
    RUN(test_basic_scan_of_a_file_and_a_buffer);
    RUN(test_zeroed_options_and_handles);
    RUN(test_projections);
    RUN(test_filters);
    RUN(test_row_range_selection_and_limit);
    RUN(test_globs_and_lists);
    RUN(test_partitions_on_several_threads);
    RUN(test_scan_to_arrow);

    free(sample_path);
    harness_remove_dir(dir);
    vx_session_free(session);
    return harness_report();
}
