// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: Copyright the vortex-cpp contributors
#include "vortex/expr/parse.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "vortex/base/int128.h"
#include "vortex/dtype/decimal.h"
#include "vortex/dtype/extension.h"

namespace vortex::expr {
namespace {

// ---- Tokens ----------------------------------------------------------------------------

enum class TokenKind : uint8_t {
    End,
    Identifier,       // bare: a column name or a keyword
    QuotedIdentifier, // "name" with "" for a quote
    Integer,          // digits only
    Decimal,          // digits with a '.' or an exponent
    String,           // 'text' with '' for a quote (text holds the unquoted value)
    LeftParen,
    RightParen,
    Comma,
    Minus,
    Plus,
    Operator, // = != <> < <= > >=
};

struct Token {
    TokenKind kind = TokenKind::End;
    std::string text;
    size_t pos = 0; // 0-based byte offset in the input
};

Status ErrorAt(size_t pos, std::string_view message) {
    return Status::InvalidArgument("{} at position {}", message, pos + 1);
}

bool IsIdentifierStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_';
}

bool IsIdentifierPart(char c) {
    return IsIdentifierStart(c) || std::isdigit(static_cast<unsigned char>(c)) != 0;
}

bool IsDigit(char c) {
    return c >= '0' && c <= '9';
}

// Scans `quote`-delimited text starting at text[pos] (the opening quote); a doubled quote
// stands for one. Returns the unquoted value and moves `pos` past the closing quote.
Result<std::string> ScanQuoted(std::string_view text, size_t &pos, char quote) {
    const size_t start = pos;
    std::string value;
    for (++pos; pos < text.size(); ++pos) {
        if (text[pos] != quote) {
            value += text[pos];
        } else if (pos + 1 < text.size() && text[pos + 1] == quote) {
            value += quote;
            ++pos;
        } else {
            ++pos;
            return value;
        }
    }
    return ErrorAt(start, quote == '\'' ? "unterminated string" : "unterminated quoted column name");
}

// Scans digits [. digits] [e [+-] digits] (or . digits ...) starting at text[pos].
Result<Token> ScanNumber(std::string_view text, size_t &pos) {
    Token token{TokenKind::Integer, "", pos};
    const size_t start = pos;
    while (pos < text.size() && IsDigit(text[pos])) {
        ++pos;
    }
    if (pos < text.size() && text[pos] == '.') {
        token.kind = TokenKind::Decimal;
        ++pos;
        while (pos < text.size() && IsDigit(text[pos])) {
            ++pos;
        }
    }
    if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
        token.kind = TokenKind::Decimal;
        ++pos;
        if (pos < text.size() && (text[pos] == '+' || text[pos] == '-')) {
            ++pos;
        }
        if (pos >= text.size() || !IsDigit(text[pos])) {
            return ErrorAt(start, "malformed number (no digits after the exponent)");
        }
        while (pos < text.size() && IsDigit(text[pos])) {
            ++pos;
        }
    }
    if (pos < text.size() && IsIdentifierPart(text[pos])) {
        return ErrorAt(start, "malformed number");
    }
    token.text = std::string(text.substr(start, pos - start));
    return token;
}

Result<std::vector<Token>> Tokenize(std::string_view text) {
    std::vector<Token> tokens;
    size_t pos = 0;
    while (pos < text.size()) {
        const char c = text[pos];
        const size_t start = pos;
        if (std::isspace(static_cast<unsigned char>(c)) != 0) {
            ++pos;
        } else if (IsIdentifierStart(c)) {
            while (pos < text.size() && IsIdentifierPart(text[pos])) {
                ++pos;
            }
            tokens.push_back({TokenKind::Identifier, std::string(text.substr(start, pos - start)), start});
        } else if (c == '"' || c == '\'') {
            VX_ASSIGN_OR_RETURN(std::string value, ScanQuoted(text, pos, c));
            tokens.push_back(
                {c == '"' ? TokenKind::QuotedIdentifier : TokenKind::String, std::move(value), start});
        } else if (IsDigit(c) || (c == '.' && pos + 1 < text.size() && IsDigit(text[pos + 1]))) {
            VX_ASSIGN_OR_RETURN(Token number, ScanNumber(text, pos));
            tokens.push_back(std::move(number));
        } else if (c == '(' || c == ')' || c == ',' || c == '-' || c == '+') {
            const TokenKind kind = c == '('   ? TokenKind::LeftParen
                                   : c == ')' ? TokenKind::RightParen
                                   : c == ',' ? TokenKind::Comma
                                   : c == '-' ? TokenKind::Minus
                                              : TokenKind::Plus;
            tokens.push_back({kind, std::string(1, c), start});
            ++pos;
        } else if (c == '=' || c == '<' || c == '>' || c == '!') {
            std::string op(1, c);
            if (pos + 1 < text.size()) {
                const char next = text[pos + 1];
                if ((next == '=' && c != '=') || (c == '<' && next == '>')) {
                    op += next;
                }
            }
            if (op == "!") {
                return ErrorAt(start, "unexpected '!' (did you mean '!='?)");
            }
            pos += op.size();
            tokens.push_back({TokenKind::Operator, std::move(op), start});
        } else {
            return ErrorAt(start, vortex::format("unexpected character '{}'", c));
        }
    }
    tokens.push_back({TokenKind::End, "", text.size()});
    return tokens;
}

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i]))) {
            return false;
        }
    }
    return true;
}

bool IsReservedWord(std::string_view word) {
    for (std::string_view keyword :
         {"AND", "OR", "NOT", "IS", "IN", "BETWEEN", "LIKE", "TRUE", "FALSE", "NULL"}) {
        if (EqualsIgnoringCase(word, keyword)) {
            return true;
        }
    }
    return false;
}

CompareOp OperatorOf(std::string_view symbol) {
    if (symbol == "=") {
        return CompareOp::Eq;
    }
    if (symbol == "!=" || symbol == "<>") {
        return CompareOp::NotEq;
    }
    if (symbol == "<") {
        return CompareOp::Lt;
    }
    if (symbol == "<=") {
        return CompareOp::Lte;
    }
    if (symbol == ">") {
        return CompareOp::Gt;
    }
    return CompareOp::Gte;
}

// ---- Literals ----------------------------------------------------------------------------

// A literal before it meets a column, which decides its type.
struct RawLiteral {
    enum class Kind : uint8_t { Integer, Decimal, String, Bool, Null } kind = Kind::Null;
    std::string text; // the number with its sign, or the string's value
    bool bool_value = false;
};

std::string_view KindName(RawLiteral::Kind kind) {
    switch (kind) {
        case RawLiteral::Kind::Integer:
            return "integer";
        case RawLiteral::Kind::Decimal:
            return "decimal";
        case RawLiteral::Kind::String:
            return "string";
        case RawLiteral::Kind::Bool:
            return "boolean";
        case RawLiteral::Kind::Null:
            return "null";
    }
    return "?";
}

// One side of a comparison: a column of the scope or a literal.
struct Operand {
    size_t pos = 0;
    bool is_column = false;
    std::string column;
    DType dtype; // the column's dtype (i64 for a part of it)
    RawLiteral literal;
    // hour(column), year(column), ...: a part of the column's date or time of day.
    std::optional<DatePartField> part;
    // strlen(column), length(column), len(column): the length of the column's values.
    std::optional<LengthUnit> length;

    ExprRef Subject() const {
        return part ? DatePart(*part, Col(column)) : length ? Length(*length, Col(column)) : Col(column);
    }
    std::string Name() const { return part || length ? Subject()->ToString() : column; }
};

Result<Scalar> IntegerScalar(const std::string &text, size_t pos) {
    int64_t value = 0;
    const char *end = text.data() + text.size();
    auto [ptr, error] = std::from_chars(text.data(), end, value);
    if (error == std::errc() && ptr == end) {
        return Scalar::Primitive<int64_t>(value, Nullability::NonNullable);
    }
    uint64_t unsigned_value = 0;
    auto [uptr, uerror] = std::from_chars(text.data(), end, unsigned_value);
    if (uerror == std::errc() && uptr == end) {
        return Scalar::Primitive<uint64_t>(unsigned_value, Nullability::NonNullable);
    }
    return ErrorAt(pos, vortex::format("integer literal {} is out of range", text));
}

Result<Scalar> FloatScalar(const std::string &text, size_t pos) {
    double value = 0;
    const char *end = text.data() + text.size();
    auto [ptr, error] = std::from_chars(text.data(), end, value);
    if (error != std::errc() || ptr != end) {
        return ErrorAt(pos, vortex::format("number {} is out of range", text));
    }
    return Scalar::Primitive<double>(value, Nullability::NonNullable);
}

// The exact unscaled value of a number at the decimal column's scale; a number with more
// fractional digits than the scale, or more digits than the precision, is an error.
Result<Scalar> DecimalScalar(const std::string &text, const DType &column, size_t pos) {
    const DecimalDType decimal = column.decimal();
    std::string_view rest = text;
    const bool negative = !rest.empty() && rest[0] == '-';
    if (negative) {
        rest.remove_prefix(1);
    }
    std::string digits;
    int64_t exponent = 0; // value = digits * 10^exponent
    bool after_point = false;
    size_t i = 0;
    for (; i < rest.size() && rest[i] != 'e' && rest[i] != 'E'; ++i) {
        if (rest[i] == '.') {
            after_point = true;
        } else {
            digits += rest[i];
            exponent -= after_point ? 1 : 0;
        }
    }
    if (i < rest.size()) {
        int64_t written = 0;
        std::string_view exp_text = rest.substr(i + 1);
        if (!exp_text.empty() && exp_text[0] == '+') {
            exp_text.remove_prefix(1);
        }
        auto [ptr, error] = std::from_chars(exp_text.data(), exp_text.data() + exp_text.size(), written);
        if (error != std::errc() || written > 1000 || written < -1000) {
            return ErrorAt(pos, vortex::format("exponent of {} is out of range", text));
        }
        exponent += written;
    }
    // Shift to the column's scale: append zeros, or drop trailing zeros that must all be 0.
    int64_t shift = exponent + decimal.scale;
    while (shift < 0) {
        if (digits.empty() || digits.back() != '0') {
            if (digits.find_first_not_of('0') == std::string::npos) {
                digits = "0";
                break;
            }
            return ErrorAt(pos, vortex::format("{} has more fractional digits than column type {}", text,
                                               column.ToString()));
        }
        digits.pop_back();
        ++shift;
    }
    const size_t first = digits.find_first_not_of('0');
    digits = first == std::string::npos ? "" : digits.substr(first);
    if (shift > 0 && !digits.empty()) {
        digits.append(static_cast<size_t>(shift), '0');
    }
    if (digits.size() > decimal.precision) {
        return ErrorAt(pos, vortex::format("{} does not fit column type {}", text, column.ToString()));
    }
    // At most 76 digits (the widest precision), so the 256-bit arithmetic cannot overflow.
    I256 unscaled;
    for (char d : digits) {
        I256 twice, four, eight;
        I256::CheckedAdd(unscaled, unscaled, &twice);
        I256::CheckedAdd(twice, twice, &four);
        I256::CheckedAdd(four, four, &eight);
        I256::CheckedAdd(eight, twice, &unscaled);
        I256::CheckedAdd(unscaled, I256::FromInt128(d - '0'), &unscaled);
    }
    if (negative) {
        // Two's complement negation: invert and add one.
        for (uint64_t &limb : unscaled.limbs) {
            limb = ~limb;
        }
        I256::CheckedAdd(unscaled, I256::FromInt128(1), &unscaled);
    }
    return Scalar::Decimal(unscaled, MinDecimalTypeForPrecision(decimal.precision), column.AsNonNullable());
}

// ---- Dates and times ---------------------------------------------------------------------

// Days since 1970-01-01 of a proleptic Gregorian date (the civil-from-days inverse).
int64_t DaysFromCivil(int64_t year, int64_t month, int64_t day) {
    year -= month <= 2 ? 1 : 0;
    const int64_t era = (year >= 0 ? year : year - 399) / 400;
    const int64_t year_of_era = year - era * 400;
    const int64_t day_of_year = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1;
    const int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + day_of_era - 719468;
}

bool IsLeapYear(int64_t year) {
    return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

// Reads exactly `width` digits at text[pos].
std::optional<int64_t> ReadDigits(std::string_view text, size_t &pos, size_t width) {
    if (pos + width > text.size()) {
        return std::nullopt;
    }
    int64_t value = 0;
    for (size_t i = 0; i < width; ++i) {
        if (!IsDigit(text[pos + i])) {
            return std::nullopt;
        }
        value = value * 10 + (text[pos + i] - '0');
    }
    pos += width;
    return value;
}

bool Expect(std::string_view text, size_t &pos, char c) {
    if (pos < text.size() && text[pos] == c) {
        ++pos;
        return true;
    }
    return false;
}

// 'YYYY-MM-DD' as days since the epoch.
std::optional<int64_t> ParseDate(std::string_view text, size_t &pos) {
    auto year = ReadDigits(text, pos, 4);
    if (!year || !Expect(text, pos, '-')) {
        return std::nullopt;
    }
    auto month = ReadDigits(text, pos, 2);
    if (!month || !Expect(text, pos, '-')) {
        return std::nullopt;
    }
    auto day = ReadDigits(text, pos, 2);
    static constexpr int64_t kDaysInMonth[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (!day || *month < 1 || *month > 12 || *day < 1) {
        return std::nullopt;
    }
    const int64_t month_days = kDaysInMonth[*month - 1] + (*month == 2 && IsLeapYear(*year) ? 1 : 0);
    if (*day > month_days) {
        return std::nullopt;
    }
    return DaysFromCivil(*year, *month, *day);
}

// 'HH:MM:SS[.fffffffff]' as nanoseconds since midnight.
std::optional<int128_t> ParseTimeOfDay(std::string_view text, size_t &pos) {
    auto hour = ReadDigits(text, pos, 2);
    if (!hour || !Expect(text, pos, ':')) {
        return std::nullopt;
    }
    auto minute = ReadDigits(text, pos, 2);
    if (!minute || !Expect(text, pos, ':')) {
        return std::nullopt;
    }
    auto second = ReadDigits(text, pos, 2);
    if (!second || *hour > 23 || *minute > 59 || *second > 59) {
        return std::nullopt;
    }
    int128_t nanos = ((*hour * 60 + *minute) * 60 + *second) * int128_t{1'000'000'000};
    if (Expect(text, pos, '.')) {
        int128_t scale = 100'000'000;
        size_t digits = 0;
        for (; pos < text.size() && IsDigit(text[pos]); ++pos, ++digits) {
            if (digits >= 9) {
                return std::nullopt;
            }
            nanos += (text[pos] - '0') * scale;
            scale /= 10;
        }
        if (digits == 0) {
            return std::nullopt;
        }
    }
    return nanos;
}

int128_t NanosPerUnit(TimeUnit unit) {
    switch (unit) {
        case TimeUnit::Nanoseconds:
            return 1;
        case TimeUnit::Microseconds:
            return 1'000;
        case TimeUnit::Milliseconds:
            return 1'000'000;
        case TimeUnit::Seconds:
            return 1'000'000'000;
        case TimeUnit::Days:
            return int128_t{86'400} * 1'000'000'000;
    }
    return 1;
}

// The value of a temporal literal in the column's storage: the text is a date, a time or a
// timestamp as the column's kind asks, converted exactly to its unit. Time zones are not
// parsed: a timestamp with a zone is read as UTC.
Result<Scalar> TemporalScalar(const std::string &text, const DType &column, size_t pos) {
    VX_ASSIGN_OR_RETURN(TemporalMetadata metadata, ParseTemporalMetadata(column.extension()));
    std::string_view view = text;
    size_t at = 0;
    std::optional<int128_t> nanos;
    std::string_view expected;
    switch (metadata.kind) {
        case TemporalMetadata::Kind::Date: {
            expected = "'YYYY-MM-DD'";
            if (auto days = ParseDate(view, at)) {
                nanos = *days * NanosPerUnit(TimeUnit::Days);
            }
            break;
        }
        case TemporalMetadata::Kind::Time:
            expected = "'HH:MM:SS[.fffffffff]'";
            nanos = ParseTimeOfDay(view, at);
            break;
        case TemporalMetadata::Kind::Timestamp: {
            expected = "'YYYY-MM-DD[ HH:MM:SS[.fffffffff]]'";
            if (auto days = ParseDate(view, at)) {
                nanos = *days * NanosPerUnit(TimeUnit::Days);
                if (at < view.size() && (view[at] == ' ' || view[at] == 'T')) {
                    ++at;
                    auto time_of_day = ParseTimeOfDay(view, at);
                    nanos = time_of_day ? std::optional<int128_t>(*nanos + *time_of_day) : std::nullopt;
                }
            }
            break;
        }
    }
    if (!nanos || at != view.size()) {
        return ErrorAt(pos, vortex::format("'{}' is not a valid {} literal for column type {}: expected {}",
                                           text, column.extension().id, column.ToString(), expected));
    }
    const int128_t per_unit = NanosPerUnit(metadata.unit);
    if (*nanos % per_unit != 0) {
        return ErrorAt(pos, vortex::format("'{}' is finer than the column's unit ({})", text,
                                           TimeUnitName(metadata.unit)));
    }
    const int128_t value = *nanos / per_unit;
    const DType &storage = column.extension().storage;
    const PType ptype = storage.ptype();
    const bool fits =
        ptype == PType::I32
            ? value >= std::numeric_limits<int32_t>::min() && value <= std::numeric_limits<int32_t>::max()
            : value >= std::numeric_limits<int64_t>::min() && value <= std::numeric_limits<int64_t>::max();
    VX_ENSURE(ptype == PType::I32 || ptype == PType::I64, InvalidArgument, "unexpected storage {} of {}",
              storage.ToString(), column.ToString());
    if (!fits) {
        return ErrorAt(pos,
                       vortex::format("'{}' is out of range for column type {}", text, column.ToString()));
    }
    const Scalar stored =
        ptype == PType::I32
            ? Scalar::Primitive<int32_t>(static_cast<int32_t>(value), Nullability::NonNullable)
            : Scalar::Primitive<int64_t>(static_cast<int64_t>(value), Nullability::NonNullable);
    return Scalar::Extension(column.AsNonNullable(), stored);
}

// Types `literal` against the column it is compared with (see ParseExpr).
Result<Scalar> TypeLiteral(const Operand &literal, const Operand &column) {
    const RawLiteral &raw = literal.literal;
    const DType &dtype = column.dtype;
    using Kind = RawLiteral::Kind;
    if (raw.kind == Kind::Null) {
        return Scalar::Null(dtype.AsNullable());
    }
    const bool number = raw.kind == Kind::Integer || raw.kind == Kind::Decimal;
    if (dtype.is_primitive() && number) {
        if (IsInt(dtype.ptype()) && raw.kind == Kind::Integer) {
            return IntegerScalar(raw.text, literal.pos);
        }
        // A float column, or a fractional number against integers (compared as f64).
        return FloatScalar(raw.text, literal.pos);
    }
    if (dtype.is_decimal() && number) {
        return DecimalScalar(raw.text, dtype, literal.pos);
    }
    if (dtype.is_bool() && raw.kind == Kind::Bool) {
        return Scalar::Bool(raw.bool_value, Nullability::NonNullable);
    }
    if (dtype.is_utf8() && raw.kind == Kind::String) {
        auto out = Scalar::TryNew(DType::Utf8(Nullability::NonNullable), ScalarValue(raw.text));
        if (!out.ok()) {
            return ErrorAt(literal.pos, "string literal is not valid UTF-8");
        }
        return out;
    }
    if (dtype.is_binary() && raw.kind == Kind::String) {
        return Scalar::Binary(std::vector<uint8_t>(raw.text.begin(), raw.text.end()),
                              Nullability::NonNullable);
    }
    if (dtype.is_extension() && IsTemporal(dtype) && raw.kind == Kind::String) {
        return TemporalScalar(raw.text, dtype, literal.pos);
    }
    return ErrorAt(literal.pos, vortex::format("cannot compare column {} of type {} with {} literal",
                                               column.Name(), dtype.ToString(), KindName(raw.kind)));
}

// ---- Parser ------------------------------------------------------------------------------

// Recursive descent, loosest first: OR < AND < NOT < predicate.
class Parser {
public:
    static constexpr size_t kMaxNesting = 256;

    Parser(std::vector<Token> tokens, const DType &scope) : tokens_(std::move(tokens)), scope_(scope) {}

    Result<ExprRef> ParseAll() {
        VX_ASSIGN_OR_RETURN(ExprRef expr, ParseOr());
        if (Peek().kind != TokenKind::End) {
            return ErrorAt(Peek().pos,
                           vortex::format("expected AND, OR or the end, found '{}'", Peek().text));
        }
        return expr;
    }

private:
    const Token &Peek(size_t ahead = 0) const { return tokens_[std::min(next_ + ahead, tokens_.size() - 1)]; }
    const Token &Advance() {
        const Token &token = Peek();
        next_ = std::min(next_ + 1, tokens_.size() - 1);
        return token;
    }
    bool IsKeyword(const Token &token, std::string_view keyword) const {
        return token.kind == TokenKind::Identifier && EqualsIgnoringCase(token.text, keyword);
    }
    bool AcceptKeyword(std::string_view keyword) {
        if (IsKeyword(Peek(), keyword)) {
            Advance();
            return true;
        }
        return false;
    }
    Status ExpectKeyword(std::string_view keyword) {
        if (!AcceptKeyword(keyword)) {
            return ErrorAt(Peek().pos, vortex::format("expected {}, found '{}'", keyword, Describe(Peek())));
        }
        return Status::OK();
    }
    Status Expect(TokenKind kind, std::string_view what) {
        if (Peek().kind != kind) {
            return ErrorAt(Peek().pos, vortex::format("expected {}, found '{}'", what, Describe(Peek())));
        }
        Advance();
        return Status::OK();
    }
    static std::string Describe(const Token &token) {
        return token.kind == TokenKind::End ? "end" : token.text;
    }

    Result<ExprRef> ParseOr() {
        std::vector<ExprRef> operands;
        do {
            VX_ASSIGN_OR_RETURN(ExprRef operand, ParseAnd());
            operands.push_back(std::move(operand));
        } while (AcceptKeyword("OR"));
        return Or(std::move(operands));
    }

    Result<ExprRef> ParseAnd() {
        std::vector<ExprRef> operands;
        do {
            VX_ASSIGN_OR_RETURN(ExprRef operand, ParseNot());
            operands.push_back(std::move(operand));
        } while (AcceptKeyword("AND"));
        return And(std::move(operands));
    }

    Result<ExprRef> ParseNot() {
        // Every nesting (NOT, parentheses) recurses through here: bound it so hostile input
        // is an error, not a stack overflow.
        if (++depth_ > kMaxNesting) {
            return ErrorAt(Peek().pos, vortex::format("conditions nested deeper than {}", kMaxNesting));
        }
        Result<ExprRef> out = ParseNotUnbounded();
        --depth_;
        return out;
    }

    Result<ExprRef> ParseNotUnbounded() {
        if (AcceptKeyword("NOT")) {
            VX_ASSIGN_OR_RETURN(ExprRef operand, ParseNot());
            return Not(std::move(operand));
        }
        return ParsePredicate();
    }

    Result<Operand> ParseColumn(const Token &token) {
        Operand out;
        out.pos = token.pos;
        out.is_column = true;
        std::optional<size_t> index;
        if (scope_.is_struct()) {
            const StructFields &fields = scope_.struct_fields();
            index = fields.FindField(token.text);
            // Bare names also match regardless of case, as SQL identifiers do, when unambiguous.
            if (!index && token.kind == TokenKind::Identifier) {
                for (size_t i = 0; i < fields.size(); ++i) {
                    if (EqualsIgnoringCase(fields.names[i], token.text)) {
                        if (index) {
                            return ErrorAt(token.pos, vortex::format("column name {} is ambiguous; quote it",
                                                                     token.text));
                        }
                        index = i;
                    }
                }
            }
        }
        if (!index) {
            return ErrorAt(token.pos, vortex::format("unknown column {}", token.text));
        }
        out.column = scope_.struct_fields().names[*index];
        out.dtype = scope_.struct_fields().dtypes[*index];
        return out;
    }

    // A function of one column: a date part (hour(), ..., year(), month(), day()) of a temporal
    // column or a length (strlen(), length(), len()) of a string or list column; `name` is the
    // function's token, the '(' comes next.
    Result<Operand> ParseFunction(const Token &name) {
        std::optional<DatePartField> part;
        for (const DatePartField field : {DatePartField::Hour, DatePartField::Minute, DatePartField::Second,
                                          DatePartField::Year, DatePartField::Month, DatePartField::Day}) {
            if (EqualsIgnoringCase(name.text, DatePartName(field))) {
                part = field;
            }
        }
        const bool byte_length = EqualsIgnoringCase(name.text, "strlen");
        const bool length =
            byte_length || EqualsIgnoringCase(name.text, "length") || EqualsIgnoringCase(name.text, "len");
        if (!part && !length) {
            return ErrorAt(name.pos,
                           vortex::format("unknown function {}; the functions there are hour(), minute(), "
                                          "second(), year(), month(), day(), strlen(), length() and len()",
                                          name.text));
        }
        Advance(); // '('
        const Token column = Advance();
        if (column.kind != TokenKind::Identifier && column.kind != TokenKind::QuotedIdentifier) {
            return ErrorAt(column.pos, vortex::format("{}() takes a column", name.text));
        }
        VX_ASSIGN_OR_RETURN(Operand out, ParseColumn(column));
        VX_RETURN_NOT_OK(Expect(TokenKind::RightParen, "')'"));
        if (part) {
            std::optional<TemporalMetadata::Kind> kind;
            if (IsTemporal(out.dtype)) {
                auto metadata = ParseTemporalMetadata(out.dtype.extension());
                kind = metadata.ok() ? std::optional(metadata->kind) : std::nullopt;
            }
            const bool applies = kind && (IsCalendarField(*part) ? *kind != TemporalMetadata::Kind::Time
                                                                 : *kind != TemporalMetadata::Kind::Date);
            if (!applies) {
                return ErrorAt(
                    column.pos,
                    vortex::format("{}() needs a {} column, {} is {}", DatePartName(*part),
                                   IsCalendarField(*part) ? "date or timestamp" : "time or timestamp",
                                   out.column, out.dtype.ToString()));
            }
            out.part = part;
        } else {
            const DType &dtype = out.dtype;
            if (byte_length && (dtype.is_utf8() || dtype.is_binary())) {
                out.length = LengthUnit::Bytes;
            } else if (!byte_length && dtype.is_utf8()) {
                out.length = LengthUnit::CodePoints;
            } else if (!byte_length && (dtype.is_list() || dtype.is_fixed_size_list())) {
                out.length = LengthUnit::Elements;
            } else {
                return ErrorAt(column.pos, vortex::format("{}() needs a {} column, {} is {}", name.text,
                                                          byte_length ? "string or binary" : "string or list",
                                                          out.column, dtype.ToString()));
            }
        }
        out.pos = name.pos;
        out.dtype = DType::Primitive(PType::I64, Nullability::Nullable);
        return out;
    }

    Result<Operand> ParseOperand() {
        const Token token = Advance();
        Operand out;
        out.pos = token.pos;
        using Kind = RawLiteral::Kind;
        switch (token.kind) {
            case TokenKind::QuotedIdentifier:
                return ParseColumn(token);
            case TokenKind::Identifier:
                if (EqualsIgnoringCase(token.text, "TRUE") || EqualsIgnoringCase(token.text, "FALSE")) {
                    out.literal = {Kind::Bool, "", EqualsIgnoringCase(token.text, "TRUE")};
                    return out;
                }
                if (EqualsIgnoringCase(token.text, "NULL")) {
                    out.literal = {Kind::Null, "", false};
                    return out;
                }
                if (IsReservedWord(token.text)) {
                    break;
                }
                if (Peek().kind == TokenKind::LeftParen) {
                    return ParseFunction(token);
                }
                return ParseColumn(token);
            case TokenKind::Minus:
            case TokenKind::Plus: {
                const Token &number = Peek();
                if (number.kind != TokenKind::Integer && number.kind != TokenKind::Decimal) {
                    return ErrorAt(number.pos, "expected a number after the sign");
                }
                Advance();
                const Kind kind = number.kind == TokenKind::Integer ? Kind::Integer : Kind::Decimal;
                out.literal = {kind, (token.kind == TokenKind::Minus ? "-" : "") + number.text, false};
                return out;
            }
            case TokenKind::Integer:
                out.literal = {Kind::Integer, token.text, false};
                return out;
            case TokenKind::Decimal:
                out.literal = {Kind::Decimal, token.text, false};
                return out;
            case TokenKind::String:
                out.literal = {Kind::String, token.text, false};
                return out;
            default:
                break;
        }
        return ErrorAt(token.pos,
                       vortex::format("expected a column or a literal, found '{}'", Describe(token)));
    }

    // A literal typed against `column`, for IN, BETWEEN and LIKE.
    Result<Scalar> ParseLiteralFor(const Operand &column) {
        VX_ASSIGN_OR_RETURN(Operand literal, ParseOperand());
        if (literal.is_column) {
            return ErrorAt(literal.pos, "expected a literal, found a column");
        }
        return TypeLiteral(literal, column);
    }

    Result<ExprRef> MakeCompare(const Operand &lhs, CompareOp op, const Operand &rhs, size_t pos) {
        if (lhs.is_column && rhs.is_column) {
            if (!lhs.dtype.EqualsIgnoringNullability(rhs.dtype)) {
                return ErrorAt(
                    pos, vortex::format("cannot compare column {} of type {} with column {} of type {}",
                                        lhs.Name(), lhs.dtype.ToString(), rhs.Name(), rhs.dtype.ToString()));
            }
            return Compare(op, lhs.Subject(), rhs.Subject());
        }
        if (lhs.is_column) {
            VX_ASSIGN_OR_RETURN(Scalar value, TypeLiteral(rhs, lhs));
            return Compare(op, lhs.Subject(), Lit(std::move(value)));
        }
        if (rhs.is_column) {
            VX_ASSIGN_OR_RETURN(Scalar value, TypeLiteral(lhs, rhs));
            return Compare(op, Lit(std::move(value)), rhs.Subject());
        }
        return ErrorAt(pos, "a comparison needs a column on one side");
    }

    Result<ExprRef> ParseLike(const Operand &column) {
        const Token &pattern = Peek();
        if (pattern.kind != TokenKind::String) {
            return ErrorAt(pattern.pos, "LIKE needs a string pattern");
        }
        if (!column.dtype.is_utf8() && !column.dtype.is_binary()) {
            return ErrorAt(column.pos, vortex::format("LIKE needs a string column, {} is {}", column.Name(),
                                                      column.dtype.ToString()));
        }
        const std::string &text = pattern.text;
        // 'text%', '%text', '%text%' or 'text', where text holds neither % nor _.
        const bool leading = text.starts_with('%');
        const bool trailing = text.size() > (leading ? 1 : 0) && text.ends_with('%');
        const std::string inner =
            text.substr(leading ? 1 : 0, text.size() - (leading ? 1 : 0) - (trailing ? 1 : 0));
        if (inner.find_first_of("%_") != std::string::npos) {
            return ErrorAt(pattern.pos,
                           "only LIKE 'text%', '%text' and '%text%' (no other % and no _) are supported");
        }
        if (leading || trailing) {
            Advance();
            if (leading && trailing) {
                return Contains(column.Subject(), inner);
            }
            return leading ? EndsWith(column.Subject(), inner) : StartsWith(column.Subject(), inner);
        }
        VX_ASSIGN_OR_RETURN(Scalar value, ParseLiteralFor(column));
        return Eq(column.Subject(), Lit(std::move(value)));
    }

    Result<ExprRef> ParsePredicate() {
        if (Peek().kind == TokenKind::LeftParen) {
            Advance();
            VX_ASSIGN_OR_RETURN(ExprRef inner, ParseOr());
            VX_RETURN_NOT_OK(Expect(TokenKind::RightParen, "')'"));
            return inner;
        }
        VX_ASSIGN_OR_RETURN(Operand lhs, ParseOperand());
        const Token &next = Peek();
        if (next.kind == TokenKind::Operator) {
            const size_t pos = next.pos;
            const CompareOp op = OperatorOf(Advance().text);
            VX_ASSIGN_OR_RETURN(Operand rhs, ParseOperand());
            return MakeCompare(lhs, op, rhs, pos);
        }
        const bool is_test = IsKeyword(next, "IS") || IsKeyword(next, "IN") || IsKeyword(next, "BETWEEN") ||
                             IsKeyword(next, "LIKE") || IsKeyword(next, "NOT");
        if (is_test && !lhs.is_column) {
            return ErrorAt(lhs.pos, vortex::format("{} needs a column on its left", next.text));
        }
        if (AcceptKeyword("IS")) {
            const bool negated = AcceptKeyword("NOT");
            VX_RETURN_NOT_OK(ExpectKeyword("NULL"));
            return negated ? IsNotNull(lhs.Subject()) : IsNull(lhs.Subject());
        }
        const bool negated = AcceptKeyword("NOT");
        ExprRef test;
        if (AcceptKeyword("IN")) {
            VX_RETURN_NOT_OK(Expect(TokenKind::LeftParen, "'(' after IN"));
            std::vector<Scalar> values;
            do {
                VX_ASSIGN_OR_RETURN(Scalar value, ParseLiteralFor(lhs));
                values.push_back(std::move(value));
            } while (Peek().kind == TokenKind::Comma && (Advance(), true));
            VX_RETURN_NOT_OK(Expect(TokenKind::RightParen, "',' or ')' in the IN list"));
            test = InList(lhs.Subject(), std::move(values));
        } else if (AcceptKeyword("BETWEEN")) {
            VX_ASSIGN_OR_RETURN(Scalar lower, ParseLiteralFor(lhs));
            VX_RETURN_NOT_OK(ExpectKeyword("AND"));
            VX_ASSIGN_OR_RETURN(Scalar upper, ParseLiteralFor(lhs));
            test = Between(lhs.Subject(), std::move(lower), std::move(upper));
        } else if (AcceptKeyword("LIKE")) {
            VX_ASSIGN_OR_RETURN(test, ParseLike(lhs));
        } else if (negated) {
            return ErrorAt(Peek().pos, vortex::format("expected IN, BETWEEN or LIKE after NOT, found '{}'",
                                                      Describe(Peek())));
        }
        if (test) {
            return negated ? Not(std::move(test)) : test;
        }
        // A bare operand is a condition by itself: a boolean column, true, false or null.
        if (lhs.is_column) {
            if (!lhs.dtype.is_bool()) {
                return ErrorAt(lhs.pos, vortex::format("column {} of type {} is not a condition; compare it",
                                                       lhs.Name(), lhs.dtype.ToString()));
            }
            return Col(lhs.column);
        }
        if (lhs.literal.kind == RawLiteral::Kind::Bool) {
            return Lit(Scalar::Bool(lhs.literal.bool_value, Nullability::NonNullable));
        }
        if (lhs.literal.kind == RawLiteral::Kind::Null) {
            return Lit(Scalar::Null(DType::Bool(Nullability::Nullable)));
        }
        return ErrorAt(lhs.pos, "a literal is not a condition; compare it with a column");
    }

    std::vector<Token> tokens_;
    size_t next_ = 0;
    size_t depth_ = 0; // ParseNot calls in progress
    const DType &scope_;
};

} // namespace

Result<ExprRef> ParseExpr(std::string_view text, const DType &scope) {
    VX_ASSIGN_OR_RETURN(std::vector<Token> tokens, Tokenize(text));
    if (tokens.size() == 1) {
        return ErrorAt(0, "empty expression");
    }
    return Parser(std::move(tokens), scope).ParseAll();
}

} // namespace vortex::expr
