/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */

/* Sessions, errors, strings, byte strings and the log level. */

#include "harness.h"

static void test_session_clone_is_a_distinct_handle(void) {
    vx_session *session = vx_session_new();
    REQUIRE(session != NULL);
    vx_session *clone = vx_session_clone(session);
    CHECK(clone != NULL);
    CHECK(clone != session);
    vx_session_free(session);
    /* The clone shares the state and outlives the original. */
    vx_session *again = vx_session_clone(clone);
    CHECK(again != NULL);
    vx_session_free(again);
    vx_session_free(clone);
    CHECK(vx_session_clone(NULL) == NULL);
    vx_session_free(NULL);
}

static void test_error_message(void) {
    vx_error *err = NULL;
    /* Any failing call makes an error: a slice past the end. */
    const vx_array *array = vx_array_new_null(3);
    CHECK(vx_array_slice(array, 2, 9, &err) == NULL);
    REQUIRE(err != NULL);
    const vx_string *message = vx_error_get_message(err);
    CHECK(message != NULL);
    CHECK(vx_string_len(message) > 0);
    /* The message is borrowed: freeing it does nothing. */
    vx_string_free(message);
    const vx_string *copy = vx_string_clone(message);
    CHECK(copy != NULL && copy != message);
    vx_error_free(err);
    /* The clone is owned and outlives the error. */
    CHECK(vx_string_len(copy) > 0);
    vx_string_free(copy);
    /* A success clears an error pointer left from before (without freeing it). */
    vx_error *stale = NULL;
    CHECK(vx_array_slice(array, 0, 9, &stale) == NULL);
    vx_error *kept = stale;
    const vx_array *slice = vx_array_slice(array, 0, 1, &stale);
    CHECK(slice != NULL && stale == NULL);
    vx_error_free(kept);
    vx_array_free(slice);
    vx_array_free(array);
    CHECK(vx_error_get_message(NULL) == NULL);
    vx_error_free(NULL);
}

static void test_string_round_trips(void) {
    const char *samples[] = {"age", "", "Привет, мир", "مرحبا بالعالم", "日本語 🎉"};
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; ++i) {
        const vx_string *string = vx_string_new(samples[i], strlen(samples[i]));
        REQUIRE(string != NULL);
        CHECK(vx_string_len(string) == strlen(samples[i]));
        CHECK(memcmp(vx_string_ptr(string), samples[i], strlen(samples[i])) == 0);
        const vx_string *clone = vx_string_clone(string);
        CHECK(clone != NULL && clone != string);
        vx_string_free(string);
        CHECK(string_equals(clone, samples[i]));
        vx_string_free(clone);

        const vx_string *from_cstr = vx_string_new_from_cstr(samples[i]);
        CHECK(string_equals(from_cstr, samples[i]));
        vx_string_free(from_cstr);
    }
    /* Only the given bytes are copied: no NUL needed after them. */
    const char letters[3] = {'a', 'b', 'c'};
    const vx_string *prefix = vx_string_new(letters, 2);
    CHECK(string_equals(prefix, "ab"));
    vx_string_free(prefix);
}

static void test_string_rejects_invalid_utf8_and_null(void) {
    const char invalid[] = {'a', (char)0xC3, 'b'};
    CHECK(vx_string_new(invalid, sizeof invalid) == NULL);
    const char overlong[] = {(char)0xC0, (char)0x80};
    CHECK(vx_string_new(overlong, sizeof overlong) == NULL);
    const char surrogate[] = {(char)0xED, (char)0xA0, (char)0x80};
    CHECK(vx_string_new(surrogate, sizeof surrogate) == NULL);
    CHECK(vx_string_new_from_cstr("\xff") == NULL);
    CHECK(vx_string_new(NULL, 3) == NULL);
    CHECK(vx_string_new_from_cstr(NULL) == NULL);
    const vx_string *empty = vx_string_new(NULL, 0);
    CHECK(empty != NULL && vx_string_len(empty) == 0);
    vx_string_free(empty);
    CHECK(vx_string_clone(NULL) == NULL);
    CHECK(vx_string_len(NULL) == 0);
    CHECK(vx_string_ptr(NULL) == NULL);
    vx_string_free(NULL);
}

static void test_binary_round_trips(void) {
    const char *samples[] = {"plain ascii", "Кириллица", "العربية"};
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; ++i) {
        const vx_binary *binary = vx_binary_new(samples[i], strlen(samples[i]));
        REQUIRE(binary != NULL);
        CHECK(vx_binary_len(binary) == strlen(samples[i]));
        CHECK(memcmp(vx_binary_ptr(binary), samples[i], strlen(samples[i])) == 0);
        const vx_binary *clone = vx_binary_clone(binary);
        CHECK(clone != NULL && clone != binary);
        vx_binary_free(binary);
        CHECK(vx_binary_len(clone) == strlen(samples[i]));
        CHECK(memcmp(vx_binary_ptr(clone), samples[i], strlen(samples[i])) == 0);
        vx_binary_free(clone);
    }
    /* Any bytes, NULs and invalid UTF-8 included. */
    const char bytes[4] = {0, (char)0xFF, 0, 'x'};
    const vx_binary *binary = vx_binary_new(bytes, sizeof bytes);
    CHECK(vx_binary_len(binary) == 4 && memcmp(vx_binary_ptr(binary), bytes, 4) == 0);
    vx_binary_free(binary);
    const vx_binary *empty = vx_binary_new(NULL, 0);
    CHECK(empty != NULL && vx_binary_len(empty) == 0);
    vx_binary_free(empty);
    CHECK(vx_binary_new(NULL, 1) == NULL);
    CHECK(vx_binary_clone(NULL) == NULL);
    CHECK(vx_binary_len(NULL) == 0);
    CHECK(vx_binary_ptr(NULL) == NULL);
    vx_binary_free(NULL);
}

static void test_log_level_is_accepted(void) {
    vx_set_log_level(LOG_LEVEL_OFF);
    vx_set_log_level(LOG_LEVEL_ERROR);
    vx_set_log_level(LOG_LEVEL_WARN);
    vx_set_log_level(LOG_LEVEL_INFO);
    vx_set_log_level(LOG_LEVEL_DEBUG);
    vx_set_log_level(LOG_LEVEL_TRACE);
    vx_set_log_level(LOG_LEVEL_OFF);
    CHECK(true);
}

int main(void) {
    RUN(test_session_clone_is_a_distinct_handle);
    RUN(test_error_message);
    RUN(test_string_round_trips);
    RUN(test_string_rejects_invalid_utf8_and_null);
    RUN(test_binary_round_trips);
    RUN(test_log_level_is_accepted);
    return harness_report();
}
