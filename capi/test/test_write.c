/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */

/* Writing files: the array sink, vx_file_write_array, and vx_file handles. */

#include "harness.h"

static vx_session *session;
static char *dir;

/* The row count and array count of the file at `path` (-1 when it does not open). */
static long read_back(const char *path, size_t *arrays) {
    vx_error *err = NULL;
    vx_data_source_options options = {.paths = path};
    const vx_data_source *source = vx_data_source_new(session, &options, &err);
    if (source == NULL) {
        vx_error_free(err);
        return -1;
    }
    vx_scan *scan = vx_data_source_scan(source, NULL, NULL, &err);
    long rows = 0;
    *arrays = 0;
    vx_partition *partition;
    while ((partition = vx_scan_next_partition(scan, &err)) != NULL) {
        const vx_array *array;
        while ((array = vx_partition_next(partition, &err)) != NULL) {
            rows += (long)vx_array_len(array);
            ++*arrays;
            vx_array_free(array);
        }
        vx_partition_free(partition);
    }
    CHECK_NO_ERROR(err);
    vx_scan_free(scan);
    vx_data_source_free(source);
    return rows;
}

static void test_sink_writes_every_push(void) {
    vx_error *err = NULL;
    char *path = harness_path(dir, "pushed.vortex");
    const vx_dtype *dtype = sample_dtype();
    vx_array_sink *sink = vx_array_sink_open_file(session, path, dtype, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(sink != NULL);
    vx_dtype_free(dtype); /* the sink keeps a copy */
    for (size_t i = 0; i < 3; ++i) {
        const vx_array *array = sample_array(200, i);
        vx_array_sink_push(sink, array, &err);
        CHECK_NO_ERROR(err);
        vx_array_free(array);
    }
    /* An array of another dtype is refused; the sink goes on. */
    const vx_array *nulls = vx_array_new_null(5);
    vx_array_sink_push(sink, nulls, &err);
    CHECK_ERROR(err, "the sink writes");
    vx_array_free(nulls);
    vx_array_sink_push(sink, NULL, &err);
    CHECK_ERROR(err, "array is NULL");
    vx_array_sink_close(sink, &err);
    CHECK_NO_ERROR(err);
    size_t arrays = 0;
    CHECK(read_back(path, &arrays) == 600);
    CHECK(arrays >= 1);
    free(path);
}

static void test_one_push_reads_back_as_one_array(void) {
    vx_error *err = NULL;
    char *path = harness_path(dir, "single.vortex");
    write_sample(session, path, 100, 0);
    size_t arrays = 0;
    CHECK(read_back(path, &arrays) == 100);
    CHECK(arrays == 1);
    /* Writing again replaces the file. */
    write_sample(session, path, 10, 0);
    CHECK(read_back(path, &arrays) == 10);
    CHECK_NO_ERROR(err);
    free(path);
}

static void test_sink_errors(void) {
    vx_error *err = NULL;
    const vx_dtype *dtype = sample_dtype();
    CHECK(vx_array_sink_open_file(session, NULL, dtype, &err) == NULL);
    CHECK_ERROR(err, "null path");
    char *path = harness_path(dir, "never.vortex");
    CHECK(vx_array_sink_open_file(NULL, path, dtype, &err) == NULL);
    CHECK_ERROR(err, "session is NULL");
    CHECK(vx_array_sink_open_file(session, path, NULL, &err) == NULL);
    CHECK_ERROR(err, "dtype is NULL");
    /* A folder that does not exist. */
    char *nowhere = harness_path(dir, "no/such/folder/x.vortex");
    CHECK(vx_array_sink_open_file(session, nowhere, dtype, &err) == NULL);
    CHECK(err != NULL);
    vx_error_free(err);
    err = NULL;
    free(nowhere);

    /* Closed without a push: an empty file of the dtype. */
    vx_array_sink *sink = vx_array_sink_open_file(session, path, dtype, &err);
    CHECK_NO_ERROR(err);
    vx_array_sink_close(sink, &err);
    CHECK_NO_ERROR(err);
    size_t arrays = 0;
    CHECK(read_back(path, &arrays) == 0);
    CHECK(arrays == 0);

    vx_array_sink_push(NULL, NULL, &err);
    CHECK_ERROR(err, "sink is NULL");
    vx_array_sink_close(NULL, &err);
    CHECK_ERROR(err, "sink is NULL");
    vx_dtype_free(dtype);
    free(path);
}

static void test_write_array(void) {
    vx_error *err = NULL;
    char *path = harness_path(dir, "whole.vortex");
    const vx_array *array = sample_array(50, 3);
    vx_file_write_array(session, path, array, &err);
    CHECK_NO_ERROR(err);
    size_t arrays = 0;
    CHECK(read_back(path, &arrays) == 50);

    /* A primitive array is a file too. */
    const int64_t values[] = {1, 2, 3};
    const vx_array *numbers =
        vx_array_new_primitive(PTYPE_I64, values, 3, &(vx_validity){VX_VALIDITY_NON_NULLABLE, NULL}, &err);
    char *numbers_path = harness_path(dir, "numbers.vortex");
    vx_file_write_array(session, numbers_path, numbers, &err);
    CHECK_NO_ERROR(err);
    CHECK(read_back(numbers_path, &arrays) == 3);
    vx_array_free(numbers);
    free(numbers_path);

    char *nowhere = harness_path(dir, "missing/x.vortex");
    vx_file_write_array(session, nowhere, array, &err);
    CHECK(err != NULL);
    vx_error_free(err);
    err = NULL;
    free(nowhere);
    vx_file_write_array(NULL, path, array, &err);
    CHECK_ERROR(err, "session is NULL");
    vx_file_write_array(session, NULL, array, &err);
    CHECK_ERROR(err, "path is NULL");
    vx_file_write_array(session, path, NULL, &err);
    CHECK_ERROR(err, "array is NULL");
    vx_array_free(array);
    free(path);
}

static void test_file_handles(void) {
    /* No function returns a vx_file; NULL is handled. */
    CHECK(vx_file_clone(NULL) == NULL);
    vx_file_free(NULL);
}

int main(void) {
    session = vx_session_new();
    dir = harness_temp_dir();
    RUN(test_sink_writes_every_push);
    RUN(test_one_push_reads_back_as_one_array);
    RUN(test_sink_errors);
    RUN(test_write_array);
    RUN(test_file_handles);
    harness_remove_dir(dir);
    vx_session_free(session);
    return harness_report();
}
