/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */
#define _XOPEN_SOURCE 700
#include "harness.h"

#include <ftw.h>
#include <unistd.h>

int harness_checks = 0;
int harness_failures = 0;

static void print_message(const vx_error *err) {
    const vx_string *message = vx_error_get_message(err);
    fprintf(stderr, "%.*s", (int)vx_string_len(message), vx_string_ptr(message));
}

void harness_check_error(vx_error **err, const char *substring, const char *file, int line) {
    ++harness_checks;
    if (*err == NULL) {
        ++harness_failures;
        fprintf(stderr, "%s:%d: expected an error containing \"%s\", got none\n", file, line, substring);
        return;
    }
    const vx_string *message = vx_error_get_message(*err);
    const size_t len = vx_string_len(message);
    char *text = malloc(len + 1);
    memcpy(text, vx_string_ptr(message), len);
    text[len] = '\0';
    if (strstr(text, substring) == NULL) {
        ++harness_failures;
        fprintf(stderr, "%s:%d: expected an error containing \"%s\", got \"%s\"\n", file, line, substring,
                text);
    }
    free(text);
    vx_error_free(*err);
    *err = NULL;
}

void harness_check_no_error(vx_error **err, const char *file, int line) {
    ++harness_checks;
    if (*err != NULL) {
        ++harness_failures;
        fprintf(stderr, "%s:%d: unexpected error: ", file, line);
        print_message(*err);
        fprintf(stderr, "\n");
        vx_error_free(*err);
        *err = NULL;
    }
}

void harness_run(const char *name, void (*test)(void)) {
    const int before = harness_failures;
    test();
    printf("%s %s\n", harness_failures == before ? "ok  " : "FAIL", name);
}

int harness_report(void) {
    printf("%d passed, %d failed\n", harness_checks - harness_failures, harness_failures);
    return harness_failures == 0 ? 0 : 1;
}

bool string_equals(const vx_string *string, const char *text) {
    return string != NULL && vx_string_len(string) == strlen(text) &&
           memcmp(vx_string_ptr(string), text, strlen(text)) == 0;
}

char *harness_temp_dir(void) {
    const char *base = getenv("TMPDIR");
    char *dir = harness_path(base != NULL && base[0] != '\0' ? base : "/tmp", "vortex-capi-test-XXXXXX");
    REQUIRE(mkdtemp(dir) != NULL);
    return dir;
}

static int remove_entry(const char *path, const struct stat *info, int type, struct FTW *ftw) {
    (void)info;
    (void)type;
    (void)ftw;
    return remove(path);
}

void harness_remove_dir(char *dir) {
    nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    free(dir);
}

char *harness_path(const char *dir, const char *name) {
    const size_t len = strlen(dir) + strlen(name) + 2;
    char *path = malloc(len);
    REQUIRE(path != NULL);
    snprintf(path, len, "%s/%s", dir, name);
    return path;
}

const vx_dtype *sample_dtype(void) {
    vx_struct_fields_builder *builder = vx_struct_fields_builder_new();
    vx_struct_fields_builder_add_field(builder, vx_string_new_from_cstr("age"),
                                       vx_dtype_new_primitive(PTYPE_U8, false));
    vx_struct_fields_builder_add_field(builder, vx_string_new_from_cstr("height"),
                                       vx_dtype_new_primitive(PTYPE_U16, true));
    return vx_dtype_new_struct(vx_struct_fields_builder_finalize(builder), false);
}

const vx_array *sample_array(size_t rows, size_t offset) {
    uint8_t *age = malloc(rows + 1);
    uint16_t *height = malloc(sizeof(uint16_t) * (rows + 1));
    for (size_t i = 0; i < rows; ++i) {
        age[i] = (uint8_t)((i + offset) % 256);
        height[i] = (uint16_t)(i + 1);
    }
    vx_error *err = NULL;
    vx_validity validity = {.type = VX_VALIDITY_NON_NULLABLE, .array = NULL};
    vx_struct_column_builder *builder = vx_struct_column_builder_new(&validity, 2);
    const vx_array *age_array = vx_array_new_primitive(PTYPE_U8, age, rows, &validity, &err);
    REQUIRE(err == NULL && age_array != NULL);
    vx_struct_column_builder_add_field(builder, "age", age_array, &err);
    REQUIRE(err == NULL);
    vx_array_free(age_array);
    validity.type = VX_VALIDITY_ALL_VALID;
    const vx_array *height_array = vx_array_new_primitive(PTYPE_U16, height, rows, &validity, &err);
    REQUIRE(err == NULL && height_array != NULL);
    vx_struct_column_builder_add_field(builder, "height", height_array, &err);
    REQUIRE(err == NULL);
    vx_array_free(height_array);
    const vx_array *array = vx_struct_column_builder_finalize(builder, &err);
    REQUIRE(err == NULL && array != NULL);
    free(age);
    free(height);
    return array;
}

void write_sample(vx_session *session, const char *path, size_t rows, size_t offset) {
    vx_error *err = NULL;
    const vx_dtype *dtype = sample_dtype();
    vx_array_sink *sink = vx_array_sink_open_file(session, path, dtype, &err);
    vx_dtype_free(dtype);
    REQUIRE(err == NULL && sink != NULL);
    const vx_array *array = sample_array(rows, offset);
    vx_array_sink_push(sink, array, &err);
    REQUIRE(err == NULL);
    vx_array_free(array);
    vx_array_sink_close(sink, &err);
    REQUIRE(err == NULL);
}

int arrow_releases = 0;

struct schema_private {
    char *format;
    char *name;
};

static void release_schema(struct ArrowSchema *schema) {
    for (int64_t i = 0; i < schema->n_children; ++i) {
        struct ArrowSchema *child = schema->children[i];
        if (child->release != NULL) {
            child->release(child);
        }
        free(child);
    }
    free((void *)schema->children);
    struct schema_private *owned = schema->private_data;
    free(owned->format);
    free(owned->name);
    free(owned);
    schema->release = NULL;
    ++arrow_releases;
}

static char *copy_text(const char *text) {
    if (text == NULL) {
        return NULL;
    }
    char *copy = malloc(strlen(text) + 1);
    REQUIRE(copy != NULL);
    strcpy(copy, text);
    return copy;
}

void arrow_schema_init(struct ArrowSchema *schema,
                       const char *format,
                       const char *name,
                       int64_t flags,
                       int64_t n_children,
                       struct ArrowSchema *children) {
    struct schema_private *owned = malloc(sizeof *owned);
    REQUIRE(owned != NULL);
    owned->format = copy_text(format);
    owned->name = copy_text(name);
    memset(schema, 0, sizeof *schema);
    schema->format = owned->format;
    schema->name = owned->name;
    schema->flags = flags;
    schema->n_children = n_children;
    schema->children = n_children > 0 ? malloc(sizeof(struct ArrowSchema *) * (size_t)n_children) : NULL;
    for (int64_t i = 0; i < n_children; ++i) {
        schema->children[i] = malloc(sizeof(struct ArrowSchema));
        *schema->children[i] = children[i];
        children[i].release = NULL;
    }
    schema->release = release_schema;
    schema->private_data = owned;
}

static void release_array(struct ArrowArray *array) {
    for (int64_t i = 0; i < array->n_children; ++i) {
        struct ArrowArray *child = array->children[i];
        if (child->release != NULL) {
            child->release(child);
        }
        free(child);
    }
    free((void *)array->children);
    for (int64_t i = 0; i < array->n_buffers; ++i) {
        free((void *)array->buffers[i]);
    }
    free((void *)array->buffers);
    array->release = NULL;
    ++arrow_releases;
}

void arrow_array_init(struct ArrowArray *array,
                      int64_t length,
                      int64_t null_count,
                      int64_t n_buffers,
                      const void *const *buffers,
                      const size_t *sizes,
                      int64_t n_children,
                      struct ArrowArray *children) {
    memset(array, 0, sizeof *array);
    array->length = length;
    array->null_count = null_count;
    array->n_buffers = n_buffers;
    const void **copies = calloc((size_t)n_buffers + 1, sizeof(void *));
    for (int64_t i = 0; i < n_buffers; ++i) {
        if (buffers[i] != NULL) {
            /* 64 bytes of slack, zeroed: readers may round sizes up. */
            void *copy = calloc(1, sizes[i] + 64);
            memcpy(copy, buffers[i], sizes[i]);
            copies[i] = copy;
        }
    }
    array->buffers = copies;
    array->n_children = n_children;
    array->children = n_children > 0 ? malloc(sizeof(struct ArrowArray *) * (size_t)n_children) : NULL;
    for (int64_t i = 0; i < n_children; ++i) {
        array->children[i] = malloc(sizeof(struct ArrowArray));
        *array->children[i] = children[i];
        children[i].release = NULL;
    }
    array->release = release_array;
}
