/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */

/*
 * Opens Vortex files and prints their schema and row count with the C interface.
 *
 *   c_inspect_dtype <folder>           writes a small file of nested types into the folder,
 *                                      then inspects it
 *   c_inspect_dtype <folder> <glob>    inspects the files the glob matches
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vortex.h"

static const char *ptype_name(vx_ptype ptype) {
    static const char *const names[] = {"u8",  "u16", "u32", "u64", "i8", "i16",
                                        "i32", "i64", "f16", "f32", "f64"};
    return ptype >= PTYPE_U8 && ptype <= PTYPE_F64 ? names[ptype] : "?";
}

static void print_dtype(const vx_dtype *dtype, int depth) {
    switch (vx_dtype_get_variant(dtype)) {
        case DTYPE_NULL:
            printf("null");
            break;
        case DTYPE_BOOL:
            printf("bool");
            break;
        case DTYPE_PRIMITIVE:
            printf("%s", ptype_name(vx_dtype_primitive_ptype(dtype)));
            break;
        case DTYPE_UTF8:
            printf("utf8");
            break;
        case DTYPE_BINARY:
            printf("binary");
            break;
        case DTYPE_DECIMAL:
            printf("decimal(%u, %d)", vx_dtype_decimal_precision(dtype), vx_dtype_decimal_scale(dtype));
            break;
        case DTYPE_EXTENSION:
            printf(vx_dtype_is_date((const DType *)dtype)        ? "date"
                   : vx_dtype_is_timestamp((const DType *)dtype) ? "timestamp"
                   : vx_dtype_is_time((const DType *)dtype)      ? "time"
                                                                 : "extension");
            break;
        case DTYPE_LIST:
            printf("list<");
            print_dtype(vx_dtype_list_element(dtype), depth);
            printf(">");
            break;
        case DTYPE_FIXED_SIZE_LIST:
            printf("list<");
            print_dtype(vx_dtype_fixed_size_list_element(dtype), depth);
            printf(">[%u]", vx_dtype_fixed_size_list_size(dtype));
            break;
        case DTYPE_STRUCT: {
            /* The fields are borrowed from the dtype; each field's dtype is ours to free. */
            const vx_struct_fields *fields = vx_dtype_struct_dtype(dtype);
            printf("struct {\n");
            for (uint64_t i = 0; i < vx_struct_fields_nfields(fields); ++i) {
                const vx_string *name = vx_struct_fields_field_name(fields, i);
                const vx_dtype *field = vx_struct_fields_field_dtype(fields, i);
                printf("%*s%.*s: ", 2 * (depth + 1), "", (int)vx_string_len(name), vx_string_ptr(name));
                print_dtype(field, depth + 1);
                printf("\n");
                vx_dtype_free(field);
            }
            printf("%*s}", 2 * depth, "");
            break;
        }
    }
    if (vx_dtype_is_nullable(dtype) && vx_dtype_get_variant(dtype) != DTYPE_NULL) {
        printf("?");
    }
}

/* Writes a file of zero rows of struct{name: utf8, tags: list<utf8?>, price: decimal(10, 2)?}. */
static int write_example(vx_session *session, const char *path) {
    vx_struct_fields_builder *fields = vx_struct_fields_builder_new();
    vx_struct_fields_builder_add_field(fields, vx_string_new_from_cstr("name"), vx_dtype_new_utf8(false));
    vx_struct_fields_builder_add_field(fields, vx_string_new_from_cstr("tags"),
                                       vx_dtype_new_list(vx_dtype_new_utf8(true), false));
    vx_struct_fields_builder_add_field(fields, vx_string_new_from_cstr("price"),
                                       vx_dtype_new_decimal(10, 2, true));
    const vx_dtype *dtype = vx_dtype_new_struct(vx_struct_fields_builder_finalize(fields), false);
    vx_error *error = NULL;
    vx_array_sink *sink = vx_array_sink_open_file(session, path, dtype, &error);
    vx_dtype_free(dtype);
    if (sink != NULL) {
        vx_array_sink_close(sink, &error);
    }
    if (error != NULL) {
        const vx_string *message = vx_error_get_message(error);
        fprintf(stderr, "write: %.*s\n", (int)vx_string_len(message), vx_string_ptr(message));
        vx_error_free(error);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: %s <folder> [<glob>]\n", argv[0]);
        return 2;
    }
    vx_session *session = vx_session_new();
    char paths[4096];
    if (argc == 3) {
        snprintf(paths, sizeof paths, "%s", argv[2]);
    } else {
        snprintf(paths, sizeof paths, "%s/c_inspect_dtype.vortex", argv[1]);
        if (write_example(session, paths) != 0) {
            vx_session_free(session);
            return 1;
        }
    }

    vx_error *error = NULL;
    vx_data_source_options options = {.paths = paths};
    const vx_data_source *source = vx_data_source_new(session, &options, &error);
    if (source == NULL) {
        const vx_string *message = vx_error_get_message(error);
        fprintf(stderr, "%.*s\n", (int)vx_string_len(message), vx_string_ptr(message));
        vx_error_free(error);
        vx_session_free(session);
        return 1;
    }
    vx_estimate rows;
    vx_data_source_get_row_count(source, &rows);
    printf("rows: %s%lu\n", rows.type == VX_ESTIMATE_EXACT ? "" : "about ", (unsigned long)rows.estimate);
    /* The data source's dtype is borrowed: not freed. */
    print_dtype(vx_data_source_dtype(source), 0);
    printf("\n");
    vx_data_source_free(source);
    vx_session_free(session);
    return 0;
}
