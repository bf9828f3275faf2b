/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: Copyright the vortex-cpp contributors */

/*
 * The C interface of vortex-cpp. It declares the same types, enumerators, structs and
 * functions as the Vortex reference implementation's C header (vortex-ffi), so that a C
 * program written against that header compiles and runs unchanged against libvortex.
 * docs/c-api.md has a quick start, the ownership and threading rules, and the cases this
 * implementation does not support.
 *
 * Conventions that hold for every function below:
 *  - Handles are opaque. A function that returns a new handle gives it to the caller, who
 *    releases it with the matching *_free (or passes it to a function said to consume it).
 *    Pointers documented as "borrowed" belong to another object and live as long as it.
 *  - Inputs are borrowed unless a function says it consumes them.
 *  - Functions with a `vx_error **` out-parameter set `*err` to NULL on success and to a new
 *    error (freed with vx_error_free) on failure; `err` itself may be NULL. The one exception
 *    is vx_array_new_primitive, which leaves `*err` untouched on success.
 *  - NULL handles and out-of-range arguments never crash: a function with an error
 *    parameter reports them there, others return NULL, 0 or false.
 *  - Strings (vx_string) are UTF-8 and NOT NUL-terminated: use vx_string_len.
 *
 * Arrow: the functions that exchange Arrow C data interface structs name them FFI_ArrowSchema,
 * FFI_ArrowArray and FFI_ArrowArrayStream. By default this header defines them from
 * vortex/arrow_c_abi.h. A program with its own definitions of the Arrow structs (nanoarrow,
 * for example) defines USE_OWN_ARROW and the three FFI_Arrow* typedefs before including it.
 */
#pragma once

#include <stdint.h>

#ifndef USE_OWN_ARROW
#include "vortex/arrow_c_abi.h"
typedef struct ArrowSchema FFI_ArrowSchema;
typedef struct ArrowArray FFI_ArrowArray;
typedef struct ArrowArrayStream FFI_ArrowArrayStream;
#endif

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* The longest string a binary view stores inline (kept for source compatibility). */
#define BinaryView_MAX_INLINED_SIZE 12

/* The kind of a logical type. */
typedef enum {
    DTYPE_NULL = 0,
    DTYPE_BOOL = 1,
    /* An integer or floating-point number: see vx_ptype. */
    DTYPE_PRIMITIVE = 2,
    DTYPE_UTF8 = 3,
    DTYPE_BINARY = 4,
    DTYPE_STRUCT = 5,
    /* A list of any length per row. */
    DTYPE_LIST = 6,
    /* A type stored as another, such as dates, times and timestamps. */
    DTYPE_EXTENSION = 7,
    DTYPE_DECIMAL = 8,
    /* A list of the same length in every row. */
    DTYPE_FIXED_SIZE_LIST = 9,
} vx_dtype_variant;

/* The physical type of a primitive value. */
typedef enum {
    PTYPE_U8 = 0,
    PTYPE_U16 = 1,
    PTYPE_U32 = 2,
    PTYPE_U64 = 3,
    PTYPE_I8 = 4,
    PTYPE_I16 = 5,
    PTYPE_I32 = 6,
    PTYPE_I64 = 7,
    /* IEEE 754 half precision, passed around as its 16 bits. */
    PTYPE_F16 = 8,
    PTYPE_F32 = 9,
    PTYPE_F64 = 10,
} vx_ptype;

/* How the elements of an array may be null. */
typedef enum {
    /* The array's type is not nullable. */
    VX_VALIDITY_NON_NULLABLE = 0,
    /* Nullable, and no element is null. */
    VX_VALIDITY_ALL_VALID = 1,
    /* Nullable, and every element is null. */
    VX_VALIDITY_ALL_INVALID = 2,
    /* Nullable, with a Bool array of the same length that is true where an element is valid. */
    VX_VALIDITY_ARRAY = 3,
} vx_validity_type;

/* How far to trust the number in a vx_estimate. */
typedef enum {
    /* There is no number. */
    VX_ESTIMATE_UNKNOWN = 0,
    /* The number is exact. */
    VX_ESTIMATE_EXACT = 1,
    /* The number is a best guess (before filtering, or extrapolated from opened files). */
    VX_ESTIMATE_INEXACT = 2,
} vx_estimate_type;

/* The operators of vx_expression_binary. */
typedef enum {
    VX_OPERATOR_EQ = 0,
    VX_OPERATOR_NOT_EQ = 1,
    VX_OPERATOR_GT = 2,
    VX_OPERATOR_GTE = 3,
    VX_OPERATOR_LT = 4,
    VX_OPERATOR_LTE = 5,
    /* Three-valued AND: null AND false is false. */
    VX_OPERATOR_KLEENE_AND = 6,
    /* Three-valued OR: null OR true is true. */
    VX_OPERATOR_KLEENE_OR = 7,
    /* Checked arithmetic (not evaluated by this implementation: see docs/c-api.md). */
    VX_OPERATOR_ADD = 8,
    VX_OPERATOR_SUB = 9,
    VX_OPERATOR_MUL = 10,
    VX_OPERATOR_DIV = 11,
} vx_binary_operator;

/* Levels for vx_set_log_level, from silent to everything. */
typedef enum {
    LOG_LEVEL_OFF = 0,
    LOG_LEVEL_ERROR = 1,
    LOG_LEVEL_WARN = 2,
    LOG_LEVEL_INFO = 3,
    LOG_LEVEL_DEBUG = 4,
    LOG_LEVEL_TRACE = 5,
} vx_log_level;

/* How vx_scan_selection uses its row indices. */
typedef enum {
    /* Every row; the indices are ignored. */
    VX_SELECTION_INCLUDE_ALL = 0,
    /* Only the rows whose index is listed. */
    VX_SELECTION_INCLUDE_RANGE = 1,
    /* Every row except those whose index is listed. */
    VX_SELECTION_EXCLUDE_RANGE = 2,
} vx_scan_selection_include;

/* The reference implementation's internal physical type, declared for source compatibility;
 * no function uses it (see vx_ptype). */
enum PType
#if defined(__cplusplus) || __STDC_VERSION__ >= 202311L
    : uint8_t
#endif
{
    U8 = 0,
    U16 = 1,
    U32 = 2,
    U64 = 3,
    I8 = 4,
    I16 = 5,
    I32 = 6,
    I64 = 7,
    F16 = 8,
    F32 = 9,
    F64 = 10,
};
#ifndef __cplusplus
#if __STDC_VERSION__ >= 202311L
typedef enum PType PType;
#else
typedef uint8_t PType;
#endif
#endif

/* The temporal helpers take a `const DType *`: pass a `const vx_dtype *` cast to it. */
typedef struct DType DType;
/* Declared for source compatibility only. */
typedef struct Nullability Nullability;
typedef struct Primitive Primitive;

/* An immutable array of any encoding, reference counted. */
typedef struct vx_array vx_array;
/* Pulls arrays one at a time (no function of this version returns one). */
typedef struct vx_array_iterator vx_array_iterator;
/* Writes pushed arrays into a new file. */
typedef struct vx_array_sink vx_array_sink;
/* An immutable byte string. */
typedef struct vx_binary vx_binary;
/* One or more Vortex files (or one file in memory) that scans read. */
typedef struct vx_data_source vx_data_source;
/* A logical type, reference counted. */
typedef struct vx_dtype vx_dtype;
/* What went wrong in a call: a message. */
typedef struct vx_error vx_error;
/* A node of an expression tree (projection, filter or vx_array_apply). */
typedef struct vx_expression vx_expression;
/* A file handle (no function of this version returns one). */
typedef struct vx_file vx_file;
/* One file's share of a scan, which one thread reads. */
typedef struct vx_partition vx_partition;
/* A typed value, possibly null. */
typedef struct vx_scalar vx_scalar;
/* One pass over a data source, handing out partitions. */
typedef struct vx_scan vx_scan;
/* Shared state of the library (a cache of parsed file footers). */
typedef struct vx_session vx_session;
/* An immutable UTF-8 string, not NUL-terminated. */
typedef struct vx_string vx_string;
/* Assembles a struct array from columns. */
typedef struct vx_struct_column_builder vx_struct_column_builder;
/* The field names and types of a struct type. */
typedef struct vx_struct_fields vx_struct_fields;
/* Assembles a vx_struct_fields. */
typedef struct vx_struct_fields_builder vx_struct_fields_builder;

/* The nullability of an array: an input to constructors, an output of vx_array_get_validity. */
typedef struct {
    vx_validity_type type;
    /* VX_VALIDITY_ARRAY only (NULL otherwise): the Bool mask, true where valid. Borrowed when
     * passed in; owned by the caller (free it) when returned by vx_array_get_validity. */
    const vx_array *array;
} vx_validity;

/* Where a data source's files are. */
typedef struct {
    /* Required. Local paths or glob patterns (`*`, `?`, `[...]`), separated by commas, with no
     * spaces trimmed. In a pattern `*` matches any characters, `/` included, so `*.vortex`
     * after a folder name also finds the .vortex files in its subfolders. */
    const char *paths;
} vx_data_source_options;

/* A number and how far to trust it. */
typedef struct {
    vx_estimate_type type;
    /* Meaningful unless type is VX_ESTIMATE_UNKNOWN (then left as it was). */
    uint64_t estimate;
} vx_estimate;

/* Rows of each file chosen by index. */
typedef struct {
    /* Row indices within each file (ascending for portability; any order is accepted here).
     * Read only when include is not VX_SELECTION_INCLUDE_ALL; copied by vx_data_source_scan. */
    const uint64_t *idx;
    size_t idx_len;
    vx_scan_selection_include include;
} vx_scan_selection;

/* What a scan reads. Every field may be left zero: `vx_scan_options options = {0};`. */
typedef struct {
    /* The values to return per row; NULL returns every column. */
    const vx_expression *projection;
    /* Rows where this is not true are dropped; NULL keeps every row. */
    const vx_expression *filter;
    /* Only rows [begin, end) of each file; both 0 means every row. */
    uint64_t row_range_begin;
    uint64_t row_range_end;
    /* Rows by index, applied inside the row range. */
    vx_scan_selection selection;
    /* At most this many rows per file; 0 means no limit. */
    uint64_t limit;
    /* Return rows in storage order (this implementation always does). */
    bool ordered;
} vx_scan_options;

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Arrays ---------------------------------------------------------------------------- */

/* Returns another reference to `ptr`: the same pointer, freed once per reference. */
const vx_array *vx_array_clone(const vx_array *ptr);
/* Drops one reference to the array. */
void vx_array_free(const vx_array *ptr);
/* True if the array's type is nullable (false for NULL). */
bool vx_array_is_nullable(const vx_array *array);
/* True if the array's type is of kind `variant` (false for NULL). */
bool vx_array_has_dtype(const vx_array *array, vx_dtype_variant variant);
/* True if the array is primitive of physical type `ptype`, nullable or not (false for NULL). */
bool vx_array_is_primitive(const vx_array *array, vx_ptype ptype);
/* Describes which elements are null into `*validity`; a VX_VALIDITY_ARRAY mask is the
 * caller's to free. */
void vx_array_get_validity(const vx_array *array, vx_validity *validity, vx_error **error);
/* The number of elements (0 for NULL). */
size_t vx_array_len(const vx_array *array);
/* The array's type, borrowed from the array. */
const vx_dtype *vx_array_dtype(const vx_array *array);
/* Field `index` of a struct array, without the struct's own nulls applied. */
const vx_array *vx_array_get_field(const vx_array *array, size_t index, vx_error **error_out);
/* Elements [start, stop), sharing the array's data. */
const vx_array *vx_array_slice(const vx_array *array, size_t start, size_t stop, vx_error **error_out);
/* True if element `index` is null; an index past the end is an error (and false). */
bool vx_array_element_is_invalid(const vx_array *array, size_t index, vx_error **error);
/* The number of null elements. */
size_t vx_array_invalid_count(const vx_array *array, vx_error **error_out);
/* `len` nulls of the Null type. */
const vx_array *vx_array_new_null(size_t len);
/* Copies `len` values of the C type of `ptype` (uint16_t bits for F16) from `ptr`. `validity`
 * is required and sets the nullability; a VX_VALIDITY_ARRAY mask needs `len` elements and is
 * referenced, not consumed. Leaves `*error` untouched on success. */
const vx_array *vx_array_new_primitive(
    vx_ptype ptype, const void *ptr, size_t len, const vx_validity *validity, vx_error **error);
/* Imports an Arrow array and its schema, consuming both (their release callbacks are taken
 * over, even on failure). `nullable` sets the nullability of the result's type; pass false for
 * a record batch, which becomes a struct array. */
const vx_array *
vx_array_from_arrow(FFI_ArrowArray *array, FFI_ArrowSchema *schema, bool nullable, vx_error **error_out);
/*
 * Element `index` of a primitive array, converted to the C type when the value fits (an i32
 * array's 30 reads as a uint8_t 30). vx_array_get_storage_* read the stored number of an
 * extension array (days of a date, ticks of a timestamp). These functions have no error
 * parameter: a NULL array, an index past the end, a null element, another kind of array or a
 * value that does not fit returns 0. Check vx_array_element_is_invalid first where 0 is a
 * possible value.
 */
uint8_t vx_array_get_u8(const vx_array *array, size_t index);
uint8_t vx_array_get_storage_u8(const vx_array *array, size_t index);
uint16_t vx_array_get_u16(const vx_array *array, size_t index);
uint16_t vx_array_get_storage_u16(const vx_array *array, size_t index);
uint32_t vx_array_get_u32(const vx_array *array, size_t index);
uint32_t vx_array_get_storage_u32(const vx_array *array, size_t index);
uint64_t vx_array_get_u64(const vx_array *array, size_t index);
uint64_t vx_array_get_storage_u64(const vx_array *array, size_t index);
int8_t vx_array_get_i8(const vx_array *array, size_t index);
int8_t vx_array_get_storage_i8(const vx_array *array, size_t index);
int16_t vx_array_get_i16(const vx_array *array, size_t index);
int16_t vx_array_get_storage_i16(const vx_array *array, size_t index);
int32_t vx_array_get_i32(const vx_array *array, size_t index);
int32_t vx_array_get_storage_i32(const vx_array *array, size_t index);
int64_t vx_array_get_i64(const vx_array *array, size_t index);
int64_t vx_array_get_storage_i64(const vx_array *array, size_t index);
/* The half-precision bits of an F16 element. */
uint16_t vx_array_get_f16(const vx_array *array, size_t index);
uint16_t vx_array_get_storage_f16(const vx_array *array, size_t index);
float vx_array_get_f32(const vx_array *array, size_t index);
float vx_array_get_storage_f32(const vx_array *array, size_t index);
double vx_array_get_f64(const vx_array *array, size_t index);
double vx_array_get_storage_f64(const vx_array *array, size_t index);
/* A new copy of element `index` of a Utf8 array; NULL if it is null (or on misuse). */
const vx_string *vx_array_get_utf8(const vx_array *array, uint32_t index);
/* A new copy of element `index` of a Binary array; NULL if it is null (or on misuse). */
const vx_binary *vx_array_get_binary(const vx_array *array, uint32_t index);
/* Evaluates `expression` with the array as its root; type errors are reported here. */
const vx_array *vx_array_apply(const vx_array *array, const vx_expression *expression, vx_error **error);

/* ---- Array iterators ------------------------------------------------------------------- */

/* Frees an iterator. */
void vx_array_iterator_free(vx_array_iterator *ptr);
/* The next array (the caller's), or NULL at the end or on error. */
const vx_array *vx_array_iterator_next(vx_array_iterator *iter, vx_error **error_out);

/* ---- Byte strings ---------------------------------------------------------------------- */

/* Another handle (a new pointer) to the same bytes; free each handle. */
const vx_binary *vx_binary_clone(const vx_binary *ptr);
/* Frees one handle. */
void vx_binary_free(const vx_binary *ptr);
/* Copies `len` bytes of any value (NULL only with `len` 0). */
const vx_binary *vx_binary_new(const char *ptr, size_t len);
/* The number of bytes. */
size_t vx_binary_len(const vx_binary *ptr);
/* The bytes, valid as long as the handle. */
const char *vx_binary_ptr(const vx_binary *ptr);

/* ---- Data sources ---------------------------------------------------------------------- */

/* Another handle (a new pointer) to the same data source; free each handle. */
const vx_data_source *vx_data_source_clone(const vx_data_source *ptr);
/* Frees one handle. Scans and partitions taken from it stay usable. */
void vx_data_source_free(const vx_data_source *ptr);
/* The files `options->paths` names (see vx_data_source_options). The first file is opened
 * here and gives the type of them all; the others are opened by the scans that read them. */
const vx_data_source *
vx_data_source_new(const vx_session *session, const vx_data_source_options *options, vx_error **err);
/* One file held in memory. The memory is not copied: keep it alive and unchanged until the
 * data source and every array read from it are freed. */
const vx_data_source *
vx_data_source_new_buffer(const vx_session *session, const void *buffer, size_t buffer_len, vx_error **err);
/* The type of the rows, borrowed from the data source. */
const vx_dtype *vx_data_source_dtype(const vx_data_source *ds);
/* The number of rows: exact once every file has been opened, else extrapolated. */
void vx_data_source_get_row_count(const vx_data_source *ds, vx_estimate *row_count);

/* ---- Logical types --------------------------------------------------------------------- */

/* Another reference to the type. For an owned type this is the same pointer; for a borrowed
 * one it is a new owned handle. Free each. */
const vx_dtype *vx_dtype_clone(const vx_dtype *ptr);
/* Drops one reference; does nothing for a borrowed type. */
void vx_dtype_free(const vx_dtype *ptr);
/* The Null type (always nullable). */
const vx_dtype *vx_dtype_new_null(void);
const vx_dtype *vx_dtype_new_bool(bool is_nullable);
const vx_dtype *vx_dtype_new_primitive(vx_ptype ptype, bool is_nullable);
const vx_dtype *vx_dtype_new_utf8(bool is_nullable);
const vx_dtype *vx_dtype_new_binary(bool is_nullable);
/* A list of `element`, which this consumes. */
const vx_dtype *vx_dtype_new_list(const vx_dtype *element, bool is_nullable);
/* A list of `size` `element`s per row; consumes `element`. */
const vx_dtype *vx_dtype_new_fixed_size_list(const vx_dtype *element, uint32_t size, bool is_nullable);
/* A struct of the fields, which this consumes; NULL if two fields share a name. */
const vx_dtype *vx_dtype_new_struct(vx_struct_fields *struct_dtype, bool is_nullable);
/* NULL unless 1 <= precision <= 76 and scale <= 76 (and scale <= precision when positive). */
const vx_dtype *vx_dtype_new_decimal(uint8_t precision, int8_t scale, bool is_nullable);
/* The kind of the type (DTYPE_NULL for NULL). */
vx_dtype_variant vx_dtype_get_variant(const vx_dtype *dtype);
/* True if the type admits nulls. */
bool vx_dtype_is_nullable(const vx_dtype *dtype);
/* The physical type of a primitive type (PTYPE_U8 for anything else). */
vx_ptype vx_dtype_primitive_ptype(const vx_dtype *dtype);
/* A decimal type's precision and scale (0 for anything else). */
uint8_t vx_dtype_decimal_precision(const vx_dtype *dtype);
int8_t vx_dtype_decimal_scale(const vx_dtype *dtype);
/* A struct type's fields, borrowed from the type; NULL for anything else. */
const vx_struct_fields *vx_dtype_struct_dtype(const vx_dtype *dtype);
/* A list type's element type, borrowed from the type; NULL for anything else. */
const vx_dtype *vx_dtype_list_element(const vx_dtype *dtype);
/* A fixed-size list type's element type, borrowed; NULL for anything else. */
const vx_dtype *vx_dtype_fixed_size_list_element(const vx_dtype *dtype);
/* A fixed-size list type's number of elements per row (0 for anything else). */
uint32_t vx_dtype_fixed_size_list_size(const vx_dtype *dtype);
/* True for the vortex.time, vortex.date and vortex.timestamp extension types. */
bool vx_dtype_is_time(const DType *dtype);
bool vx_dtype_is_date(const DType *dtype);
bool vx_dtype_is_timestamp(const DType *dtype);
/* A temporal type's unit: 0 ns, 1 us, 2 ms, 3 s, 4 days (0 for anything else). */
uint8_t vx_dtype_time_unit(const DType *dtype);
/* A timestamp type's time zone as a new string (the caller's), or NULL when it has none. */
const vx_string *vx_dtype_time_zone(const DType *dtype);
/* Writes the Arrow schema of a non-nullable struct type into `*schema` (the caller releases
 * it). Returns 0, or 1 with `*err` set. */
int vx_dtype_to_arrow_schema(const vx_dtype *dtype, FFI_ArrowSchema *schema, vx_error **err);
/* The type of an Arrow record batch schema: a non-nullable struct. Consumes `schema`. */
const vx_dtype *vx_dtype_from_arrow_schema(FFI_ArrowSchema *schema, vx_error **err);

/* ---- Errors ---------------------------------------------------------------------------- */

/* Frees an error. */
void vx_error_free(vx_error *ptr);
/* The error's message, borrowed from the error. */
const vx_string *vx_error_get_message(const vx_error *error);

/* ---- Expressions ----------------------------------------------------------------------- *
 * Every constructor returns a new expression (free it with vx_expression_free) and copies
 * its operands, which stay the caller's. They return NULL when an operand is NULL. */

/* Frees an expression. */
void vx_expression_free(vx_expression *ptr);
/* The whole row: every column as a projection, the array itself in vx_array_apply. */
vx_expression *vx_expression_root(void);
/* A constant; copies the scalar. */
vx_expression *vx_expression_literal(const vx_scalar *scalar, vx_error **err);
/* A struct of the named fields of `child` (a struct), in the order given. */
vx_expression *vx_expression_select(const char *const *names, size_t len, const vx_expression *child);
/* The three-valued AND of `len` (>= 1) expressions. */
vx_expression *vx_expression_and(const vx_expression *const *expressions, size_t len);
/* The three-valued OR of `len` (>= 1) expressions. */
vx_expression *vx_expression_or(const vx_expression *const *expressions, size_t len);
/* `lhs operator_ rhs`. Comparisons need both sides of one type (nullability aside). */
vx_expression *
vx_expression_binary(vx_binary_operator operator_, const vx_expression *lhs, const vx_expression *rhs);
/* The negation of a Bool expression (free the result, casting the const away). */
const vx_expression *vx_expression_not(const vx_expression *child);
/* True where `child` is null (never null itself). */
vx_expression *vx_expression_is_null(const vx_expression *child);
/* Field `item` of `child` (a struct), null where the struct is. */
vx_expression *vx_expression_get_item(const char *item, const vx_expression *child);
/* Whether each row's list holds `value` (not evaluated by this implementation). */
vx_expression *vx_expression_list_contains(const vx_expression *list, const vx_expression *value);

/* ---- Files ----------------------------------------------------------------------------- */

/* Another reference to the file (no function of this version returns a vx_file). */
const vx_file *vx_file_clone(const vx_file *ptr);
/* Drops one reference to the file. */
void vx_file_free(const vx_file *ptr);
/* Writes `array` as a whole new file at `path` (replaced if it exists) and waits until done. */
void vx_file_write_array(const vx_session *session,
                         const char *path,
                         const vx_array *array,
                         vx_error **error_out);

/* ---- Logging --------------------------------------------------------------------------- */

/* Sets the level of the library's diagnostics on stderr (it prints none at present). */
void vx_set_log_level(vx_log_level level);

/* ---- Scalars --------------------------------------------------------------------------- */

/* Frees a scalar. */
void vx_scalar_free(vx_scalar *ptr);
/* A new, independent copy (NULL for NULL). */
vx_scalar *vx_scalar_clone(const vx_scalar *scalar);
/* The scalar's type, borrowed from the scalar (NULL for NULL). */
const vx_dtype *vx_scalar_dtype(const vx_scalar *scalar);
/* True for a null value (false for NULL). */
bool vx_scalar_is_null(const vx_scalar *scalar);
vx_scalar *vx_scalar_new_bool(bool value, bool is_nullable);
vx_scalar *vx_scalar_new_u8(uint8_t value, bool is_nullable);
vx_scalar *vx_scalar_new_u16(uint16_t value, bool is_nullable);
vx_scalar *vx_scalar_new_u32(uint32_t value, bool is_nullable);
vx_scalar *vx_scalar_new_u64(uint64_t value, bool is_nullable);
vx_scalar *vx_scalar_new_i8(int8_t value, bool is_nullable);
vx_scalar *vx_scalar_new_i16(int16_t value, bool is_nullable);
vx_scalar *vx_scalar_new_i32(int32_t value, bool is_nullable);
vx_scalar *vx_scalar_new_i64(int64_t value, bool is_nullable);
vx_scalar *vx_scalar_new_f32(float value, bool is_nullable);
vx_scalar *vx_scalar_new_f64(double value, bool is_nullable);
/* An F16 from its IEEE 754 half-precision bits. */
vx_scalar *vx_scalar_new_f16_bits(uint16_t bits, bool is_nullable);
/* Copies `len` bytes of valid UTF-8 (`ptr` may be NULL when `len` is 0). */
vx_scalar *vx_scalar_new_utf8(const char *ptr, size_t len, bool is_nullable, vx_error **err);
/* Copies `len` bytes (`ptr` may be NULL when `len` is 0). */
vx_scalar *vx_scalar_new_binary(const uint8_t *ptr, size_t len, bool is_nullable, vx_error **err);
/* A null of the nullable form of `dtype`. */
vx_scalar *vx_scalar_new_null(const vx_dtype *dtype, vx_error **err);
/* A decimal from its unscaled value, which must have at most `precision` digits. */
vx_scalar *
vx_scalar_new_decimal_i8(int8_t value, uint8_t precision, int8_t scale, bool is_nullable, vx_error **err);
vx_scalar *
vx_scalar_new_decimal_i16(int16_t value, uint8_t precision, int8_t scale, bool is_nullable, vx_error **err);
vx_scalar *
vx_scalar_new_decimal_i32(int32_t value, uint8_t precision, int8_t scale, bool is_nullable, vx_error **err);
vx_scalar *
vx_scalar_new_decimal_i64(int64_t value, uint8_t precision, int8_t scale, bool is_nullable, vx_error **err);
/* The unscaled value as 16 bytes, little-endian two's complement. */
vx_scalar *vx_scalar_new_decimal_i128_le(
    const uint8_t *bytes16, uint8_t precision, int8_t scale, bool is_nullable, vx_error **err);
/* The unscaled value as 32 bytes, little-endian two's complement. */
vx_scalar *vx_scalar_new_decimal_i256_le(
    const uint8_t *bytes32, uint8_t precision, int8_t scale, bool is_nullable, vx_error **err);
/* A list of copies of `len` scalars, each of `element_dtype` (or a null where it is nullable). */
vx_scalar *vx_scalar_new_list(const vx_dtype *element_dtype,
                              const vx_scalar *const *elements,
                              size_t len,
                              bool is_nullable,
                              vx_error **err);
/* A fixed-size list of `len` elements, as vx_scalar_new_list. */
vx_scalar *vx_scalar_new_fixed_size_list(const vx_dtype *element_dtype,
                                         const vx_scalar *const *elements,
                                         size_t len,
                                         bool is_nullable,
                                         vx_error **err);
/* A value of `struct_dtype` from copies of one scalar per field, in field order. */
vx_scalar *vx_scalar_new_struct(const vx_dtype *struct_dtype,
                                const vx_scalar *const *fields,
                                size_t len,
                                vx_error **err);

/* ---- Scans and partitions -------------------------------------------------------------- */

/* Frees a scan, in any state; its partitions stay usable. */
void vx_scan_free(vx_scan *ptr);
/* Frees a partition, read or not. */
void vx_partition_free(vx_partition *ptr);
/* Starts a scan; `options` and `estimate` may be NULL. `*estimate` receives the number of
 * partitions (one per file). A projection that does not fit the data is an error here; a
 * filter is checked by the first vx_partition_next. */
vx_scan *vx_data_source_scan(const vx_data_source *data_source,
                             const vx_scan_options *options,
                             vx_estimate *estimate,
                             vx_error **err);
/* The type of the arrays the scan returns, borrowed from the scan. */
const vx_dtype *vx_scan_dtype(const vx_scan *scan, vx_error **err);
/* The next partition (the caller's), or NULL with `*err` NULL when there are no more. Not
 * thread-safe: serialize the calls on one scan; partitions may then be read on any thread. */
vx_partition *vx_scan_next_partition(vx_scan *scan, vx_error **err);
/* The number of rows the partition returns (before any filter), before the first
 * vx_partition_next. Returns 0, or 1 with `*err` set. */
int vx_partition_row_count(const vx_partition *partition, vx_estimate *count, vx_error **err);
/* Consumes the partition (also on failure) and writes an Arrow stream of its rows into
 * `*stream` (the caller releases it). The scan's type must be a non-nullable struct.
 * Returns 0, or 1 with `*err` set. */
int vx_partition_scan_arrow(const vx_session *session,
                            vx_partition *partition,
                            FFI_ArrowArrayStream *stream,
                            vx_error **err);
/* The next non-empty array of the partition (the caller's), or NULL with `*err` NULL at the
 * end. One thread at a time per partition. */
const vx_array *vx_partition_next(vx_partition *partition, vx_error **err);

/* ---- Sessions -------------------------------------------------------------------------- */

/* Frees a session handle. Data sources keep what they need of it. */
void vx_session_free(vx_session *ptr);
/* A new session. */
vx_session *vx_session_new(void);
/* A new handle (a new pointer) sharing the session's state. */
vx_session *vx_session_clone(const vx_session *session);

/* ---- Writing --------------------------------------------------------------------------- */

/* Starts writing a file of type `dtype` (copied) at `path`; close the sink to finish it. */
vx_array_sink *vx_array_sink_open_file(const vx_session *session,
                                       const char *path,
                                       const vx_dtype *dtype,
                                       vx_error **error_out);
/* Appends an array of the sink's type (referenced, not consumed). */
void vx_array_sink_push(vx_array_sink *sink, const vx_array *array, vx_error **error_out);
/* Finishes the file and frees the sink (also on failure). Until then the file is incomplete. */
void vx_array_sink_close(vx_array_sink *sink, vx_error **error_out);

/* ---- Strings --------------------------------------------------------------------------- */

/* Another handle (a new pointer) to the same string; free each handle. */
const vx_string *vx_string_clone(const vx_string *ptr);
/* Frees one handle; does nothing for a borrowed string. */
void vx_string_free(const vx_string *ptr);
/* Copies `len` bytes of UTF-8; NULL if they are not valid UTF-8. */
const vx_string *vx_string_new(const char *ptr, size_t len);
/* Copies a NUL-terminated UTF-8 string; NULL if it is not valid UTF-8. */
const vx_string *vx_string_new_from_cstr(const char *ptr);
/* The number of bytes. */
size_t vx_string_len(const vx_string *ptr);
/* The bytes (no NUL at the end), valid as long as the handle. */
const char *vx_string_ptr(const vx_string *ptr);

/* ---- Struct arrays --------------------------------------------------------------------- */

/* Frees a builder that was not finalized. */
void vx_struct_column_builder_free(vx_struct_column_builder *ptr);
/* A builder of a struct array whose own nulls `*validity` describes (a mask is referenced).
 * `capacity` is a hint. NULL if `validity` is NULL. */
vx_struct_column_builder *vx_struct_column_builder_new(const vx_validity *validity, size_t capacity);
/* Appends a column named `name` (NUL-terminated UTF-8); the array is referenced, not consumed,
 * and must be as long as the first column. On error the builder is unchanged. */
void vx_struct_column_builder_add_field(vx_struct_column_builder *builder,
                                        const char *name,
                                        const vx_array *field,
                                        vx_error **error);
/* The struct array of the columns added; consumes the builder, also on failure. */
const vx_array *vx_struct_column_builder_finalize(vx_struct_column_builder *builder, vx_error **error);

/* ---- Struct types ---------------------------------------------------------------------- */

/* Frees fields the caller owns; does nothing for borrowed ones. */
void vx_struct_fields_free(vx_struct_fields *ptr);
/* The number of fields. */
uint64_t vx_struct_fields_nfields(const vx_struct_fields *dtype);
/* The name of field `idx`, borrowed from the fields; NULL past the end. */
const vx_string *vx_struct_fields_field_name(const vx_struct_fields *dtype, size_t idx);
/* The type of field `idx`, the caller's to free; NULL past the end. */
const vx_dtype *vx_struct_fields_field_dtype(const vx_struct_fields *dtype, size_t idx);
/* Frees a builder that was not finalized, with the names and types it holds. */
void vx_struct_fields_builder_free(vx_struct_fields_builder *ptr);
/* An empty builder. */
vx_struct_fields_builder *vx_struct_fields_builder_new(void);
/* Appends a field; consumes `name` and `dtype`. */
void vx_struct_fields_builder_add_field(vx_struct_fields_builder *builder,
                                        const vx_string *name,
                                        const vx_dtype *dtype);
/* The fields in the order added; consumes the builder. */
vx_struct_fields *vx_struct_fields_builder_finalize(vx_struct_fields_builder *builder);

#ifdef __cplusplus
} /* extern "C" */
#endif
