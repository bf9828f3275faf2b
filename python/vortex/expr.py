# SPDX-License-Identifier: Apache-2.0
"""Filter expressions: ``vortex.col("a") > 3``, ``&``, ``|``, ``~``, ``isin``, ``is_null``.

An expression is written out in the scan's text syntax (docs/scan-expressions.md) and parsed
against the file's dtype when the scan starts, so every literal takes the type of the column it
meets (``col("day") < datetime.date(2001, 3, 1)`` compares dates) and every filter pushes down
and prunes with zone maps exactly as ``vx scan --filter`` does.
"""

import datetime
import decimal
import math

import numpy as np

__all__ = ["Expr", "col", "lit", "filter_text"]


def _quote_name(name):
    return '"' + str(name).replace('"', '""') + '"'


def _literal(value):
    """The text syntax of a Python value."""
    if value is None:
        return "NULL"
    if isinstance(value, (bool, np.bool_)):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, decimal.Decimal):
        if not value.is_finite():
            raise ValueError(f"a filter cannot compare with {value}")
        return format(value, "f")
    if isinstance(value, (float, np.floating)):
        value = float(value)
        if not math.isfinite(value):
            raise ValueError(f"a filter cannot compare with {value}")
        return repr(value).replace("e+", "e")
    if isinstance(value, str):
        return "'" + value.replace("'", "''") + "'"
    if isinstance(value, bytes):
        return _literal(value.decode("utf-8"))
    if isinstance(value, np.datetime64):
        if np.isnat(value):
            return "NULL"
        return _literal(str(value))
    if isinstance(value, datetime.datetime):
        if value.tzinfo is not None:
            # Timestamps with a zone compare in UTC.
            value = value.astimezone(datetime.timezone.utc).replace(tzinfo=None)
        return _literal(value.isoformat(sep=" "))
    if isinstance(value, datetime.date):
        return _literal(value.isoformat())
    if isinstance(value, datetime.time):
        return _literal(value.isoformat())
    # pandas.Timestamp is a datetime; anything else is refused rather than guessed.
    raise TypeError(f"a filter cannot hold a {type(value).__name__}")


class Expr:
    """A filter over a file's columns. Build with :func:`col` and Python operators."""

    __slots__ = ("_text",)

    def __init__(self, text):
        self._text = text

    def to_text(self):
        """The expression in the text syntax that ``vx scan --filter`` parses."""
        return self._text

    def __repr__(self):
        return f"Expr({self._text})"

    # comparisons ---------------------------------------------------------------------------
    def _compare(self, op, other):
        right = other._text if isinstance(other, Expr) else _literal(other)
        return Expr(f"({self._text} {op} {right})")

    def __eq__(self, other):  # type: ignore[override]
        return self._compare("=", other)

    def __ne__(self, other):  # type: ignore[override]
        return self._compare("!=", other)

    def __lt__(self, other):
        return self._compare("<", other)

    def __le__(self, other):
        return self._compare("<=", other)

    def __gt__(self, other):
        return self._compare(">", other)

    def __ge__(self, other):
        return self._compare(">=", other)

    __hash__ = None

    # boolean logic ---------------------------------------------------------------------------
    def __and__(self, other):
        return Expr(f"({self._text} AND {_condition(other)})")

    def __or__(self, other):
        return Expr(f"({self._text} OR {_condition(other)})")

    def __invert__(self):
        return Expr(f"(NOT {self._text})")

    def __bool__(self):
        raise TypeError("use & | ~ to combine filters, not and / or / not")

    # predicates ------------------------------------------------------------------------------
    def isin(self, values):
        values = list(values)
        if not values:
            return Expr("FALSE")
        return Expr(f"({self._text} IN ({', '.join(_literal(v) for v in values)}))")

    def is_null(self):
        return Expr(f"({self._text} IS NULL)")

    def is_not_null(self):
        return Expr(f"({self._text} IS NOT NULL)")

    def between(self, lower, upper):
        """Inclusive on both ends."""
        return Expr(f"({self._text} BETWEEN {_literal(lower)} AND {_literal(upper)})")

    def startswith(self, prefix):
        if "%" in prefix or "_" in prefix:
            raise ValueError("startswith takes a literal prefix without % or _")
        return Expr(f"({self._text} LIKE {_literal(prefix + '%')})")


def _condition(other):
    if isinstance(other, Expr):
        return other._text
    if isinstance(other, (bool, np.bool_)):
        return "TRUE" if other else "FALSE"
    raise TypeError(f"cannot combine a filter with a {type(other).__name__}")


def col(name):
    """The column ``name`` of the scanned file."""
    return Expr(_quote_name(name))


def lit(value):
    """A literal, for a comparison whose left side is a value: ``lit(3) < col("a")``."""
    return Expr(_literal(value))


def filter_text(filter):
    """A scan's ``filter`` argument (None, an :class:`Expr` or the text syntax) as text or None."""
    if filter is None or isinstance(filter, str):
        return filter
    if isinstance(filter, Expr):
        return filter.to_text()
    raise TypeError(f"filter is a vortex expression or a string, not a {type(filter).__name__}")
