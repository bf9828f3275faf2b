/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */

/*
 * Reads a Vortex file as Arrow C stream record batches, one stream per partition.
 *
 *   c_scan_to_arrow <folder>          writes <folder>/c_scan_to_arrow.vortex, then reads it
 *   c_scan_to_arrow <folder> <glob>   reads the files the glob matches
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vortex.h"

static void print_error(const char *what, const vx_error *error) {
    const vx_string *message = vx_error_get_message(error);
    fprintf(stderr, "%s: %.*s\n", what, (int)vx_string_len(message), vx_string_ptr(message));
}

static void print_schema(const struct ArrowSchema *schema) {
    printf("%s", schema->format);
    if (schema->n_children > 0) {
        printf("{");
        for (int64_t i = 0; i < schema->n_children; ++i) {
            printf("%s%s: ", i == 0 ? "" : ", ", schema->children[i]->name);
            print_schema(schema->children[i]);
        }
        printf("}");
    }
}

/* struct{n: i32, half: f32} of 10000 rows. */
static int write_example(vx_session *session, const char *path) {
    int32_t n[10000];
    float half[10000];
    for (int i = 0; i < 10000; ++i) {
        n[i] = i;
        half[i] = (float)i / 2.0f;
    }
    vx_error *error = NULL;
    const vx_validity required = {VX_VALIDITY_NON_NULLABLE, NULL};
    const vx_array *n_array = vx_array_new_primitive(PTYPE_I32, n, 10000, &required, &error);
    const vx_array *half_array = vx_array_new_primitive(PTYPE_F32, half, 10000, &required, &error);
    vx_struct_column_builder *columns = vx_struct_column_builder_new(&required, 2);
    vx_struct_column_builder_add_field(columns, "n", n_array, &error);
    vx_struct_column_builder_add_field(columns, "half", half_array, &error);
    const vx_array *table = vx_struct_column_builder_finalize(columns, &error);
    if (table != NULL) {
        vx_file_write_array(session, path, table, &error);
    }
    vx_array_free(table);
    vx_array_free(n_array);
    vx_array_free(half_array);
    if (error != NULL) {
        print_error("write", error);
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
    snprintf(paths, sizeof paths, "%s", argc == 3 ? argv[2] : argv[1]);
    if (argc == 2) {
        snprintf(paths, sizeof paths, "%s/c_scan_to_arrow.vortex", argv[1]);
        if (write_example(session, paths) != 0) {
            vx_session_free(session);
            return 1;
        }
    }

    vx_error *error = NULL;
    vx_data_source_options options = {.paths = paths};
    const vx_data_source *source = vx_data_source_new(session, &options, &error);
    if (source == NULL) {
        print_error("open", error);
        vx_error_free(error);
        vx_session_free(session);
        return 1;
    }
    vx_scan *scan = vx_data_source_scan(source, NULL, NULL, &error);
    if (scan == NULL) {
        print_error("scan", error);
        vx_error_free(error);
        vx_data_source_free(source);
        vx_session_free(session);
        return 1;
    }

    int status = 0;
    vx_partition *partition;
    while ((partition = vx_scan_next_partition(scan, &error)) != NULL) {
        struct ArrowArrayStream stream;
        /* Consumes the partition, also when it fails. */
        if (vx_partition_scan_arrow(session, partition, &stream, &error) != 0) {
            print_error("arrow", error);
            vx_error_free(error);
            status = 1;
            break;
        }
        struct ArrowSchema schema;
        if (stream.get_schema(&stream, &schema) == 0) {
            printf("schema: ");
            print_schema(&schema);
            printf("\n");
            schema.release(&schema);
        }
        long batches = 0;
        long rows = 0;
        while (true) {
            struct ArrowArray batch;
            memset(&batch, 0, sizeof batch);
            if (stream.get_next(&stream, &batch) != 0) {
                fprintf(stderr, "get_next: %s\n", stream.get_last_error(&stream));
                status = 1;
                break;
            }
            if (batch.release == NULL) {
                break; /* the end of the stream */
            }
            ++batches;
            rows += batch.length;
            batch.release(&batch);
        }
        printf("partition: %ld record batches, %ld rows\n", batches, rows);
        stream.release(&stream);
    }
    if (error != NULL) {
        print_error("partition", error);
        vx_error_free(error);
        status = 1;
    }
    vx_scan_free(scan);
    vx_data_source_free(source);
    vx_session_free(session);
    return status;
}
