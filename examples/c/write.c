/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */

/*
 * Writes a Vortex file with the C interface: a struct column per chunk, pushed into a sink.
 *
 *   c_write <folder>      writes <folder>/c_write.vortex and reads back its row count
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vortex.h"

static int fail(const char *what, vx_error *error) {
    const vx_string *message = vx_error_get_message(error);
    fprintf(stderr, "%s: %.*s\n", what, (int)vx_string_len(message), vx_string_ptr(message));
    vx_error_free(error);
    return 1;
}

/* struct{id: i64, temperature: f64?} */
static const vx_dtype *table_dtype(void) {
    vx_struct_fields_builder *fields = vx_struct_fields_builder_new();
    vx_struct_fields_builder_add_field(fields, vx_string_new_from_cstr("id"),
                                       vx_dtype_new_primitive(PTYPE_I64, false));
    vx_struct_fields_builder_add_field(fields, vx_string_new_from_cstr("temperature"),
                                       vx_dtype_new_primitive(PTYPE_F64, true));
    return vx_dtype_new_struct(vx_struct_fields_builder_finalize(fields), false);
}

/* Rows [first, first + rows) of the table; every tenth temperature is missing. */
static const vx_array *chunk(int64_t first, size_t rows, vx_error **error) {
    int64_t *ids = malloc(rows * sizeof *ids);
    double *temperatures = malloc(rows * sizeof *temperatures);
    uint8_t *known = malloc(rows);
    for (size_t i = 0; i < rows; ++i) {
        ids[i] = first + (int64_t)i;
        temperatures[i] = 15.0 + (double)(ids[i] % 20) / 2.0;
        known[i] = ids[i] % 10 != 0;
    }
    const vx_validity required = {VX_VALIDITY_NON_NULLABLE, NULL};
    const vx_array *id = vx_array_new_primitive(PTYPE_I64, ids, rows, &required, error);
    /* The nulls: a Bool mask, true where a value is present (known != 0). */
    const vx_array *flags = vx_array_new_primitive(PTYPE_U8, known, rows, &required, error);
    vx_scalar *zero = vx_scalar_new_u8(0, false);
    vx_expression *root = vx_expression_root();
    vx_expression *literal = vx_expression_literal(zero, error);
    vx_expression *present = vx_expression_binary(VX_OPERATOR_NOT_EQ, root, literal);
    const vx_array *mask = vx_array_apply(flags, present, error);
    const vx_validity some_missing = {VX_VALIDITY_ARRAY, mask};
    const vx_array *temperature = vx_array_new_primitive(PTYPE_F64, temperatures, rows, &some_missing, error);

    const vx_array *table = NULL;
    if (*error == NULL) {
        vx_struct_column_builder *columns = vx_struct_column_builder_new(&required, 2);
        vx_struct_column_builder_add_field(columns, "id", id, error);
        if (*error == NULL) {
            vx_struct_column_builder_add_field(columns, "temperature", temperature, error);
        }
        if (*error == NULL) {
            table = vx_struct_column_builder_finalize(columns, error);
        } else {
            vx_struct_column_builder_free(columns);
        }
    }
    vx_array_free(id);
    vx_array_free(flags);
    vx_array_free(mask);
    vx_array_free(temperature);
    vx_expression_free(present);
    vx_expression_free(literal);
    vx_expression_free(root);
    vx_scalar_free(zero);
    free(ids);
    free(temperatures);
    free(known);
    return table;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s <folder>\n", argv[0]);
        return 2;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/c_write.vortex", argv[1]);

    vx_session *session = vx_session_new();
    vx_error *error = NULL;
    const vx_dtype *dtype = table_dtype();
    vx_array_sink *sink = vx_array_sink_open_file(session, path, dtype, &error);
    vx_dtype_free(dtype);
    if (sink == NULL) {
        vx_session_free(session);
        return fail("open", error);
    }
    /* Three chunks of 1000 rows; a chunk can be freed as soon as it is pushed. */
    for (int64_t first = 0; first < 3000; first += 1000) {
        const vx_array *table = chunk(first, 1000, &error);
        if (table == NULL) {
            vx_array_sink_close(sink, NULL);
            vx_session_free(session);
            return fail("chunk", error);
        }
        vx_array_sink_push(sink, table, &error);
        vx_array_free(table);
        if (error != NULL) {
            vx_array_sink_close(sink, NULL);
            vx_session_free(session);
            return fail("push", error);
        }
    }
    vx_array_sink_close(sink, &error);
    if (error != NULL) {
        vx_session_free(session);
        return fail("close", error);
    }

    /* Read back the row count. */
    vx_data_source_options options = {.paths = path};
    const vx_data_source *source = vx_data_source_new(session, &options, &error);
    if (source == NULL) {
        vx_session_free(session);
        return fail("open for reading", error);
    }
    vx_estimate rows;
    vx_data_source_get_row_count(source, &rows);
    printf("wrote %s: %lu rows\n", path, (unsigned long)rows.estimate);
    vx_data_source_free(source);
    vx_session_free(session);
    return rows.type == VX_ESTIMATE_EXACT && rows.estimate == 3000 ? 0 : 1;
}
