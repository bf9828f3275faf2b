/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */

/*
 * Scans Vortex files with a filter and a projection, one partition (file) per thread.
 *
 *   c_filter_scan <folder>     writes four files <folder>/c_filter_scan/part-N.vortex of
 *                              struct{id: u32, score: u16}, then reads the ids of the rows
 *                              whose score >= 900 from all of them, on two threads
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "vortex.h"

#define FILES 4
#define ROWS 5000
#define THREADS 2

static void print_error(const char *what, const vx_error *error) {
    const vx_string *message = vx_error_get_message(error);
    fprintf(stderr, "%s: %.*s\n", what, (int)vx_string_len(message), vx_string_ptr(message));
}

/* Part `part`: ids part * ROWS + i, scores (id * 37) % 1000. */
static int write_part(vx_session *session, const char *path, uint32_t part) {
    uint32_t *ids = malloc(ROWS * sizeof *ids);
    uint16_t *scores = malloc(ROWS * sizeof *scores);
    for (uint32_t i = 0; i < ROWS; ++i) {
        ids[i] = part * ROWS + i;
        scores[i] = (uint16_t)((ids[i] * 37u) % 1000u);
    }
    vx_error *error = NULL;
    const vx_validity required = {VX_VALIDITY_NON_NULLABLE, NULL};
    const vx_array *id = vx_array_new_primitive(PTYPE_U32, ids, ROWS, &required, &error);
    const vx_array *score = vx_array_new_primitive(PTYPE_U16, scores, ROWS, &required, &error);
    vx_struct_column_builder *columns = vx_struct_column_builder_new(&required, 2);
    vx_struct_column_builder_add_field(columns, "id", id, &error);
    vx_struct_column_builder_add_field(columns, "score", score, &error);
    const vx_array *table = vx_struct_column_builder_finalize(columns, &error);
    if (table != NULL) {
        vx_file_write_array(session, path, table, &error);
    }
    vx_array_free(table);
    vx_array_free(id);
    vx_array_free(score);
    free(ids);
    free(scores);
    if (error != NULL) {
        print_error("write", error);
        vx_error_free(error);
        return 1;
    }
    return 0;
}

struct worker {
    vx_scan *scan;
    pthread_mutex_t *lock;
    unsigned long rows;
    unsigned long long id_sum;
    vx_error *error;
};

static void *read_partitions(void *argument) {
    struct worker *worker = argument;
    while (true) {
        /* Taking a partition is serialized; reading it is not. */
        pthread_mutex_lock(worker->lock);
        vx_partition *partition = vx_scan_next_partition(worker->scan, &worker->error);
        pthread_mutex_unlock(worker->lock);
        if (partition == NULL) {
            return NULL;
        }
        const vx_array *ids;
        while ((ids = vx_partition_next(partition, &worker->error)) != NULL) {
            for (size_t i = 0; i < vx_array_len(ids); ++i) {
                worker->id_sum += vx_array_get_u32(ids, i);
            }
            worker->rows += vx_array_len(ids);
            vx_array_free(ids);
        }
        vx_partition_free(partition);
        if (worker->error != NULL) {
            return NULL;
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s <folder>\n", argv[0]);
        return 2;
    }
    char folder[4096];
    snprintf(folder, sizeof folder, "%s/c_filter_scan", argv[1]);
    mkdir(folder, 0755);
    vx_session *session = vx_session_new();
    for (uint32_t part = 0; part < FILES; ++part) {
        char path[4200];
        snprintf(path, sizeof path, "%s/part-%u.vortex", folder, part);
        if (write_part(session, path, part) != 0) {
            vx_session_free(session);
            return 1;
        }
    }

    char pattern[4200];
    snprintf(pattern, sizeof pattern, "%s/part-*.vortex", folder);
    vx_error *error = NULL;
    vx_data_source_options source_options = {.paths = pattern};
    const vx_data_source *source = vx_data_source_new(session, &source_options, &error);
    if (source == NULL) {
        print_error("open", error);
        vx_error_free(error);
        vx_session_free(session);
        return 1;
    }

    /* score >= 900 (a u16 literal for a u16 column: types must match), returning only id. */
    vx_expression *root = vx_expression_root();
    vx_expression *score = vx_expression_get_item("score", root);
    vx_scalar *threshold = vx_scalar_new_u16(900, false);
    vx_expression *literal = vx_expression_literal(threshold, &error);
    vx_expression *filter = vx_expression_binary(VX_OPERATOR_GTE, score, literal);
    vx_expression *id = vx_expression_get_item("id", root);
    vx_scan_options options;
    memset(&options, 0, sizeof options);
    options.filter = filter;
    options.projection = id;
    vx_estimate partitions;
    vx_scan *scan = vx_data_source_scan(source, &options, &partitions, &error);
    int status = 1;
    if (scan == NULL) {
        print_error("scan", error);
        vx_error_free(error);
    } else {
        pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
        struct worker workers[THREADS];
        pthread_t threads[THREADS];
        for (int t = 0; t < THREADS; ++t) {
            workers[t] = (struct worker){scan, &lock, 0, 0, NULL};
            pthread_create(&threads[t], NULL, read_partitions, &workers[t]);
        }
        unsigned long rows = 0;
        unsigned long long id_sum = 0;
        status = 0;
        for (int t = 0; t < THREADS; ++t) {
            pthread_join(threads[t], NULL);
            if (workers[t].error != NULL) {
                print_error("read", workers[t].error);
                vx_error_free(workers[t].error);
                status = 1;
            }
            rows += workers[t].rows;
            id_sum += workers[t].id_sum;
        }
        printf("%lu partitions, %lu rows with score >= 900, sum of their ids %llu\n",
               (unsigned long)partitions.estimate, rows, id_sum);
        vx_scan_free(scan);
    }
    vx_expression_free(id);
    vx_expression_free(filter);
    vx_expression_free(literal);
    vx_expression_free(score);
    vx_expression_free(root);
    vx_scalar_free(threshold);
    vx_data_source_free(source);
    vx_session_free(session);
    return status;
}
