/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */

/* Expressions: every constructor, applied to arrays with vx_array_apply, and their errors. */

#include "harness.h"

/* The values of a non-nullable Bool array, read through the one door the C interface has for
 * them: as the validity mask of another array. Returns false when that is not possible. */
static bool bool_values(const vx_array *bools, bool *out, size_t len) {
    uint8_t *zeros = calloc(len + 1, 1);
    vx_error *err = NULL;
    const vx_array *masked =
        vx_array_new_primitive(PTYPE_U8, zeros, len, &(vx_validity){VX_VALIDITY_ARRAY, bools}, &err);
    free(zeros);
    if (masked == NULL) {
        vx_error_free(err);
        return false;
    }
    for (size_t i = 0; i < len; ++i) {
        out[i] = !vx_array_element_is_invalid(masked, i, &err);
    }
    vx_array_free(masked);
    return err == NULL;
}

static vx_expression *column(const char *name) {
    vx_expression *root = vx_expression_root();
    vx_expression *item = vx_expression_get_item(name, root);
    vx_expression_free(root);
    return item;
}

static vx_expression *literal_u8(uint8_t value) {
    vx_scalar *scalar = vx_scalar_new_u8(value, false);
    vx_expression *literal = vx_expression_literal(scalar, NULL);
    vx_scalar_free(scalar);
    return literal;
}

/* `lhs op rhs`, consuming both operands. */
static vx_expression *binary(vx_binary_operator op, vx_expression *lhs, vx_expression *rhs) {
    vx_expression *node = vx_expression_binary(op, lhs, rhs);
    vx_expression_free(lhs);
    vx_expression_free(rhs);
    return node;
}

/* Applies `expression` (freed) to `array`; NULL and the error in `*err` on failure. */
static const vx_array *apply(const vx_array *array, vx_expression *expression, vx_error **err) {
    const vx_array *result = vx_array_apply(array, expression, err);
    vx_expression_free(expression);
    return result;
}

static void test_root_get_item_and_select(void) {
    vx_error *err = NULL;
    const vx_array *table = sample_array(10, 0);

    const vx_array *same = apply(table, vx_expression_root(), &err);
    CHECK_NO_ERROR(err);
    CHECK(same != NULL && vx_array_len(same) == 10 && vx_array_has_dtype(same, DTYPE_STRUCT));
    vx_array_free(same);

    const vx_array *age = apply(table, column("age"), &err);
    CHECK_NO_ERROR(err);
    REQUIRE(age != NULL);
    CHECK(vx_array_is_primitive(age, PTYPE_U8));
    CHECK(vx_array_get_u8(age, 7) == 7);
    vx_array_free(age);

    const char *names[] = {"height", "age"};
    vx_expression *root = vx_expression_root();
    vx_expression *select = vx_expression_select(names, 2, root);
    vx_expression_free(root);
    const vx_array *selected = apply(table, select, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(selected != NULL);
    const vx_struct_fields *fields = vx_dtype_struct_dtype(vx_array_dtype(selected));
    CHECK(vx_struct_fields_nfields(fields) == 2);
    CHECK(string_equals(vx_struct_fields_field_name(fields, 0), "height"));
    const vx_array *height = vx_array_get_field(selected, 0, &err);
    CHECK(vx_array_get_u16(height, 0) == 1);
    vx_array_free(height);
    vx_array_free(selected);

    /* A field of a select: the select is evaluated first. */
    root = vx_expression_root();
    select = vx_expression_select(names, 2, root);
    vx_expression *nested = vx_expression_get_item("age", select);
    vx_expression_free(root);
    vx_expression_free(select);
    const vx_array *nested_age = apply(table, nested, &err);
    CHECK_NO_ERROR(err);
    CHECK(vx_array_get_u8(nested_age, 9) == 9);
    vx_array_free(nested_age);

    /* Unknown fields and non-structs are errors when applied. */
    CHECK(apply(table, column("weight"), &err) == NULL);
    CHECK_ERROR(err, "no field named 'weight'");
    const char *missing[] = {"age", "weight"};
    root = vx_expression_root();
    select = vx_expression_select(missing, 2, root);
    vx_expression_free(root);
    CHECK(apply(table, select, &err) == NULL);
    CHECK_ERROR(err, "no field named 'weight'");
    const vx_array *nulls = vx_array_new_null(3);
    CHECK(apply(nulls, column("age"), &err) == NULL);
    CHECK_ERROR(err, "needs a struct");
    vx_array_free(nulls);
    vx_array_free(table);
}

static void test_literals(void) {
    vx_error *err = NULL;
    const vx_array *table = sample_array(100, 0);
    vx_scalar *text = vx_scalar_new_utf8("constant", 8, false, &err);
    vx_expression *literal = vx_expression_literal(text, &err);
    CHECK_NO_ERROR(err);
    vx_scalar_free(text); /* the expression holds a copy */
    const vx_array *constant = apply(table, literal, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(constant != NULL);
    CHECK(vx_array_len(constant) == 100 && vx_array_has_dtype(constant, DTYPE_UTF8));
    const vx_string *first = vx_array_get_utf8(constant, 0);
    const vx_string *last = vx_array_get_utf8(constant, 99);
    CHECK(string_equals(first, "constant") && string_equals(last, "constant"));
    vx_string_free(first);
    vx_string_free(last);
    vx_array_free(constant);

    /* Over a non-struct array too. */
    const vx_array *nulls = vx_array_new_null(4);
    const vx_array *sevens = apply(nulls, literal_u8(7), &err);
    CHECK_NO_ERROR(err);
    CHECK(vx_array_len(sevens) == 4 && vx_array_get_u8(sevens, 3) == 7);
    vx_array_free(sevens);
    vx_array_free(nulls);

    CHECK(vx_expression_literal(NULL, &err) == NULL);
    CHECK_ERROR(err, "scalar literal is NULL");
    vx_array_free(table);
}

static void test_comparisons_and_logic(void) {
    vx_error *err = NULL;
    const vx_array *table = sample_array(6, 0); /* age 0..5 */
    bool values[6];

    const vx_binary_operator ops[] = {VX_OPERATOR_EQ,  VX_OPERATOR_NOT_EQ, VX_OPERATOR_GT,
                                      VX_OPERATOR_GTE, VX_OPERATOR_LT,     VX_OPERATOR_LTE};
    for (size_t k = 0; k < 6; ++k) {
        const vx_array *result = apply(table, binary(ops[k], column("age"), literal_u8(3)), &err);
        CHECK_NO_ERROR(err);
        REQUIRE(result != NULL);
        CHECK(vx_array_has_dtype(result, DTYPE_BOOL));
        REQUIRE(bool_values(result, values, 6));
        for (int i = 0; i < 6; ++i) {
            const bool expected[] = {i == 3, i != 3, i > 3, i >= 3, i < 3, i <= 3};
            CHECK(values[i] == expected[k]);
        }
        vx_array_free(result);
    }

    /* and / or fold any number of operands. */
    vx_expression *parts[3] = {binary(VX_OPERATOR_GTE, column("age"), literal_u8(1)),
                               binary(VX_OPERATOR_LTE, column("age"), literal_u8(4)),
                               binary(VX_OPERATOR_NOT_EQ, column("age"), literal_u8(2))};
    vx_expression *all = vx_expression_and((const vx_expression *const *)parts, 3);
    vx_expression *any = vx_expression_or((const vx_expression *const *)parts, 2);
    vx_expression *single = vx_expression_and((const vx_expression *const *)parts, 1);
    for (int i = 0; i < 3; ++i) {
        vx_expression_free(parts[i]);
    }
    const vx_array *all_result = apply(table, all, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(bool_values(all_result, values, 6));
    for (int i = 0; i < 6; ++i) {
        CHECK(values[i] == (i >= 1 && i <= 4 && i != 2));
    }
    vx_array_free(all_result);
    const vx_array *any_result = apply(table, any, &err);
    REQUIRE(bool_values(any_result, values, 6));
    for (int i = 0; i < 6; ++i) {
        CHECK(values[i]); /* i >= 1 or i <= 4 */
    }
    vx_array_free(any_result);
    const vx_array *single_result = apply(table, single, &err);
    REQUIRE(bool_values(single_result, values, 6));
    CHECK(!values[0] && values[1]);
    vx_array_free(single_result);

    /* not */
    vx_expression *greater = binary(VX_OPERATOR_GT, column("age"), literal_u8(2));
    const vx_expression *negated = vx_expression_not(greater);
    vx_expression_free(greater);
    const vx_array *not_result = vx_array_apply(table, negated, &err);
    vx_expression_free((vx_expression *)negated);
    CHECK_NO_ERROR(err);
    REQUIRE(bool_values(not_result, values, 6));
    for (int i = 0; i < 6; ++i) {
        CHECK(values[i] == (i <= 2));
    }
    vx_array_free(not_result);

    /* is_null: never null itself. */
    vx_expression *height = column("height");
    const vx_array *nulls = apply(table, vx_expression_is_null(height), &err);
    vx_expression_free(height);
    CHECK_NO_ERROR(err);
    CHECK(!vx_array_is_nullable(nulls));
    REQUIRE(bool_values(nulls, values, 6));
    CHECK(!values[0] && !values[5]);
    vx_array_free(nulls);

    /* is_null of the root of a nullable primitive array. */
    const int32_t numbers[] = {1, 2};
    const vx_array *all_null =
        vx_array_new_primitive(PTYPE_I32, numbers, 2, &(vx_validity){VX_VALIDITY_ALL_INVALID, NULL}, &err);
    vx_expression *root = vx_expression_root();
    const vx_array *root_nulls = apply(all_null, vx_expression_is_null(root), &err);
    vx_expression_free(root);
    CHECK_NO_ERROR(err);
    REQUIRE(bool_values(root_nulls, values, 2));
    CHECK(values[0] && values[1]);
    vx_array_free(root_nulls);
    vx_array_free(all_null);
    vx_array_free(table);
}

static void test_type_errors(void) {
    vx_error *err = NULL;
    const vx_array *table = sample_array(4, 0);

    /* No implicit cast: u8 against an i32 literal. */
    vx_scalar *wide = vx_scalar_new_i32(2, false);
    vx_expression *wide_literal = vx_expression_literal(wide, &err);
    vx_scalar_free(wide);
    CHECK(apply(table, binary(VX_OPERATOR_EQ, column("age"), wide_literal), &err) == NULL);
    CHECK_ERROR(err, "cannot compare different dtypes");

    /* Nullability aside, the types match: u16? against a u16 literal. */
    vx_scalar *two = vx_scalar_new_u16(2, false);
    vx_expression *two_literal = vx_expression_literal(two, &err);
    vx_scalar_free(two);
    const vx_array *matched = apply(table, binary(VX_OPERATOR_EQ, column("height"), two_literal), &err);
    CHECK_NO_ERROR(err);
    CHECK(matched != NULL);
    vx_array_free(matched);

    CHECK(apply(table, binary(VX_OPERATOR_KLEENE_AND, column("age"), column("age")), &err) == NULL);
    CHECK_ERROR(err, "boolean operands");
    vx_expression *operand = column("age");
    const vx_expression *not_u8 = vx_expression_not(operand);
    CHECK(vx_array_apply(table, not_u8, &err) == NULL);
    CHECK_ERROR(err, "not needs a boolean");
    /* vx_expression_not copied its operand: free both. */
    vx_expression_free((vx_expression *)not_u8);
    vx_expression_free(operand);

    /* Arithmetic type-checks, but is not evaluated. */
    CHECK(apply(table, binary(VX_OPERATOR_ADD, column("age"), column("height")), &err) == NULL);
    CHECK_ERROR(err, "incompatible types for arithmetic");
    const vx_binary_operator arithmetic[] = {VX_OPERATOR_ADD, VX_OPERATOR_SUB, VX_OPERATOR_MUL,
                                             VX_OPERATOR_DIV};
    for (int k = 0; k < 4; ++k) {
        CHECK(apply(table, binary(arithmetic[k], column("age"), literal_u8(1)), &err) == NULL);
        CHECK_ERROR(err, "cannot evaluate arithmetic");
    }

    /* list_contains: type-checked (a list first), then not evaluated. */
    vx_expression *list = column("age");
    vx_expression *value = literal_u8(1);
    vx_expression *contains = vx_expression_list_contains(list, value);
    vx_expression_free(list);
    vx_expression_free(value);
    CHECK(contains != NULL);
    CHECK(apply(table, contains, &err) == NULL);
    CHECK_ERROR(err, "must be a list");

    CHECK(vx_array_apply(NULL, NULL, &err) == NULL);
    CHECK_ERROR(err, "array is NULL");
    CHECK(vx_array_apply(table, NULL, &err) == NULL);
    CHECK_ERROR(err, "expression is NULL");
    vx_array_free(table);
}

static void test_null_operands(void) {
    vx_expression *root = vx_expression_root();
    const char *names[] = {"a"};
    const char *bad_names[] = {"\xff"};
    CHECK(vx_expression_select(names, 1, NULL) == NULL);
    CHECK(vx_expression_select(NULL, 1, root) == NULL);
    CHECK(vx_expression_select(bad_names, 1, root) == NULL);
    vx_expression *none = vx_expression_select(NULL, 0, root);
    CHECK(none != NULL);
    vx_expression_free(none);
    CHECK(vx_expression_and(NULL, 2) == NULL);
    CHECK(vx_expression_or(NULL, 1) == NULL);
    const vx_expression *operands[] = {root, NULL};
    CHECK(vx_expression_and(operands, 0) == NULL);
    CHECK(vx_expression_and(operands, 2) == NULL);
    CHECK(vx_expression_or(operands, 2) == NULL);
    CHECK(vx_expression_binary(VX_OPERATOR_EQ, root, NULL) == NULL);
    CHECK(vx_expression_binary(VX_OPERATOR_EQ, NULL, root) == NULL);
    CHECK(vx_expression_binary((vx_binary_operator)99, root, root) == NULL);
    CHECK(vx_expression_not(NULL) == NULL);
    CHECK(vx_expression_is_null(NULL) == NULL);
    CHECK(vx_expression_get_item(NULL, root) == NULL);
    CHECK(vx_expression_get_item("a", NULL) == NULL);
    CHECK(vx_expression_get_item("\xc3", root) == NULL);
    CHECK(vx_expression_list_contains(NULL, root) == NULL);
    CHECK(vx_expression_list_contains(root, NULL) == NULL);
    vx_expression_free(root);
    vx_expression_free(NULL);
}

static void test_nested_struct_fields(void) {
    /* struct{inner: struct{age, height}?} where the inner struct is null at row 1. */
    vx_error *err = NULL;
    const vx_array *table = sample_array(3, 10);
    const uint8_t flags[] = {1, 0, 1};
    const vx_array *flag_values =
        vx_array_new_primitive(PTYPE_U8, flags, 3, &(vx_validity){VX_VALIDITY_NON_NULLABLE, NULL}, &err);
    vx_expression *root = vx_expression_root();
    const vx_array *mask = apply(flag_values, binary(VX_OPERATOR_EQ, root, literal_u8(1)), &err);
    CHECK_NO_ERROR(err);
    vx_struct_column_builder *inner =
        vx_struct_column_builder_new(&(vx_validity){VX_VALIDITY_ARRAY, mask}, 2);
    const vx_array *age = vx_array_get_field(table, 0, &err);
    const vx_array *height = vx_array_get_field(table, 1, &err);
    vx_struct_column_builder_add_field(inner, "age", age, &err);
    vx_struct_column_builder_add_field(inner, "height", height, &err);
    const vx_array *inner_array = vx_struct_column_builder_finalize(inner, &err);
    CHECK_NO_ERROR(err);
    vx_struct_column_builder *outer =
        vx_struct_column_builder_new(&(vx_validity){VX_VALIDITY_NON_NULLABLE, NULL}, 1);
    vx_struct_column_builder_add_field(outer, "inner", inner_array, &err);
    const vx_array *nested = vx_struct_column_builder_finalize(outer, &err);
    CHECK_NO_ERROR(err);

    /* get_item through a nullable struct: null where the struct is. */
    vx_expression *inner_item = column("inner");
    const vx_array *inner_age = apply(nested, vx_expression_get_item("age", inner_item), &err);
    vx_expression_free(inner_item);
    CHECK_NO_ERROR(err);
    REQUIRE(inner_age != NULL);
    CHECK(vx_array_is_nullable(inner_age));
    CHECK(vx_array_get_u8(inner_age, 0) == 10 && vx_array_get_u8(inner_age, 2) == 12);
    CHECK(vx_array_element_is_invalid(inner_age, 1, &err));
    vx_array_free(inner_age);

    /* The same over the nullable struct as the root. */
    vx_expression *root_age = column("age");
    const vx_array *masked_age = apply(inner_array, root_age, &err);
    CHECK_NO_ERROR(err);
    CHECK(vx_array_element_is_invalid(masked_age, 1, &err) &&
          !vx_array_element_is_invalid(masked_age, 0, &err));
    vx_array_free(masked_age);

    vx_array_free(nested);
    vx_array_free(inner_array);
    vx_array_free(age);
    vx_array_free(height);
    vx_array_free(mask);
    vx_array_free(flag_values);
    vx_array_free(table);
}

static void test_list_contains_is_not_evaluated(void) {
    /* struct{l: list<i32>} of lists [1, 2], [3], [] from Arrow. */
    vx_error *err = NULL;
    const int32_t offsets[] = {0, 2, 3, 3};
    const int32_t values[] = {1, 2, 3};
    struct ArrowArray elements;
    const void *element_buffers[] = {NULL, values};
    const size_t element_sizes[] = {0, sizeof values};
    arrow_array_init(&elements, 3, 0, 2, element_buffers, element_sizes, 0, NULL);
    struct ArrowArray lists;
    const void *list_buffers[] = {NULL, offsets};
    const size_t list_sizes[] = {0, sizeof offsets};
    arrow_array_init(&lists, 3, 0, 2, list_buffers, list_sizes, 1, &elements);
    struct ArrowArray batch;
    const void *batch_buffers[] = {NULL};
    const size_t batch_sizes[] = {0};
    arrow_array_init(&batch, 3, 0, 1, batch_buffers, batch_sizes, 1, &lists);
    struct ArrowSchema element_schema;
    arrow_schema_init(&element_schema, "i", "item", 0, 0, NULL);
    struct ArrowSchema list_schema;
    arrow_schema_init(&list_schema, "+l", "l", 0, 1, &element_schema);
    struct ArrowSchema schema;
    arrow_schema_init(&schema, "+s", "", 0, 1, &list_schema);
    const vx_array *table = vx_array_from_arrow(&batch, &schema, false, &err);
    CHECK_NO_ERROR(err);
    REQUIRE(table != NULL);

    vx_expression *list = column("l");
    vx_scalar *one = vx_scalar_new_i32(1, false);
    vx_expression *literal = vx_expression_literal(one, &err);
    vx_expression *contains = vx_expression_list_contains(list, literal);
    CHECK(apply(table, contains, &err) == NULL);
    CHECK_ERROR(err, "vx_expression_list_contains is not supported");
    vx_expression_free(list);
    vx_expression_free(literal);
    vx_scalar_free(one);
    vx_array_free(table);
}

int main(void) {
    RUN(test_root_get_item_and_select);
    RUN(test_literals);
    RUN(test_comparisons_and_logic);
    RUN(test_type_errors);
    RUN(test_null_operands);
    RUN(test_nested_struct_fields);
    RUN(test_list_contains_is_not_evaluated);
    return harness_report();
}
