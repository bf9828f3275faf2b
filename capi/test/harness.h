/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */
#pragma once

/*
 * A tiny test harness for the C interface's tests, plus the helpers they share.
 *
 *   static void test_something(void) { CHECK(vx_array_len(a) == 3); ... }
 *   int main(void) { RUN(test_something); return harness_report(); }
 *
 * CHECK records a failure and goes on; REQUIRE stops the process (for preconditions whose
 * failure would make the rest crash). harness_report prints "N passed, N failed" and returns
 * the exit code.
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vortex.h"

extern int harness_checks;
extern int harness_failures;

#define CHECK(cond)                                                                                          \
    do {                                                                                                     \
        ++harness_checks;                                                                                    \
        if (!(cond)) {                                                                                       \
            ++harness_failures;                                                                              \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);                         \
        }                                                                                                    \
    } while (0)

#define REQUIRE(cond)                                                                                        \
    do {                                                                                                     \
        if (!(cond)) {                                                                                       \
            fprintf(stderr, "%s:%d: REQUIRE failed: %s\n", __FILE__, __LINE__, #cond);                       \
            exit(2);                                                                                         \
        }                                                                                                    \
    } while (0)

/* Checks that `err` holds an error whose message contains `substring`, then frees it. */
#define CHECK_ERROR(err, substring) harness_check_error(&(err), (substring), __FILE__, __LINE__)
/* Checks that `err` is NULL (printing the message otherwise, and freeing it). */
#define CHECK_NO_ERROR(err) harness_check_no_error(&(err), __FILE__, __LINE__)

#define RUN(test) harness_run(#test, test)

void harness_check_error(vx_error **err, const char *substring, const char *file, int line);
void harness_check_no_error(vx_error **err, const char *file, int line);
void harness_run(const char *name, void (*test)(void));
int harness_report(void);

/* True if the string handle holds exactly `text`. */
bool string_equals(const vx_string *string, const char *text);

/* A new empty temporary folder (freed and removed by harness_remove_dir). */
char *harness_temp_dir(void);
/* Removes a folder and everything in it, and frees `dir`. */
void harness_remove_dir(char *dir);
/* `dir`/`name`, malloc'ed. */
char *harness_path(const char *dir, const char *name);

/* The sample table: `rows` rows of age (u8, non-nullable, = (i + offset) % 256) and height
 * (u16, nullable, all valid, = i + 1). */
const vx_array *sample_array(size_t rows, size_t offset);
/* Its dtype: struct{age: u8, height: u16?}, non-nullable. */
const vx_dtype *sample_dtype(void);
/* Writes sample_array(rows, offset) to `path` with a sink (one push). */
void write_sample(vx_session *session, const char *path, size_t rows, size_t offset);

/* Arrow C data interface structs made by hand, with release callbacks that free what they
 * own and count themselves in arrow_releases (to check that consumers release exactly once). */
extern int arrow_releases;
/* A schema node of `format` named `name` (both copied); the `n_children` structs at `children`
 * are moved in. */
void arrow_schema_init(struct ArrowSchema *schema,
                       const char *format,
                       const char *name,
                       int64_t flags,
                       int64_t n_children,
                       struct ArrowSchema *children);
/* An array node of `length` elements: `n_buffers` buffers copied from `buffers` (`sizes`
 * bytes each; a NULL buffer stays NULL) and the `n_children` structs at `children` moved in. */
void arrow_array_init(struct ArrowArray *array,
                      int64_t length,
                      int64_t null_count,
                      int64_t n_buffers,
                      const void *const *buffers,
                      const size_t *sizes,
                      int64_t n_children,
                      struct ArrowArray *children);
