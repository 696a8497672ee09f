"""Jinja's sandbox for designers' card-text templates, with every size a template can ask for
bounded before the work is done.

The sandbox keeps templates away from Python's objects; it does not stop `'%300000000d'|format(1)`,
`'a'|indent(300000000)` or `'x'.ljust(300000000)` allocating a gigabyte in one call, too fast for
any timer. Widths, counts and repetitions are checked here as they are asked for.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable
from typing import Any

from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment

TEMPLATE_OUTPUT = 2000  # characters of one card text
TEMPLATE_LOOP = 200  # items a template's range() may give
PRINTF_WIDTH = re.compile(r"%[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?")
SIZED_FILTERS = frozenset({"format", "indent", "center", "slice", "batch", "wordwrap", "truncate"})
SIZED_METHODS = frozenset({"ljust", "rjust", "center", "zfill", "expandtabs"})


class TemplateLimit(Exception):
    """A template went past one of the sandbox's limits."""


def _bounded_range(*args: int) -> range:
    span = range(*args)
    if len(span) > TEMPLATE_LOOP:
        raise TemplateLimit(f"a range of {len(span)} items; templates may loop over {TEMPLATE_LOOP} at most")
    return span


def _check_size(value: Any, what: str) -> None:
    """Refuse a width or count larger than a card text holds (a text argument by its length)."""
    size = len(value) if isinstance(value, str) else value if isinstance(value, int) else 0
    if size > TEMPLATE_OUTPUT:
        raise TemplateLimit(f"{what} of {size}: more than a card text holds ({TEMPLATE_OUTPUT} characters)")


def _check_printf(text: str) -> None:
    for width in (w for match in PRINTF_WIDTH.finditer(text) for w in match.groups() if w):
        if width == "*":
            raise TemplateLimit("a width taken from an argument ('*'): write the width in the format")
        _check_size(int(width), "a width")


def _check_format(text: str) -> None:
    try:
        specs = [spec for _, name, spec, _ in string.Formatter().parse(text) if name is not None and spec]
    except ValueError as exc:
        raise TemplateLimit(f"a format string that cannot be read: {exc}") from None
    for spec in specs:
        if "{" in spec:
            raise TemplateLimit("a width taken from an argument: write the width in the format")
        for width in re.findall(r"\d+", spec):
            _check_size(int(width), "a width")


def _sized(name: str, apply: Callable[..., Any]) -> Callable[..., Any]:
    """The filter `name` refusing a width or count past a card text (`format`: in its format)."""

    @functools.wraps(apply)  # keeps jinja's mark of what the filter is passed first
    def bounded(*args: Any, **kwargs: Any) -> Any:
        if name == "format":
            _check_printf(next((a for a in args if isinstance(a, str)), ""))
        else:
            for arg in [*args[1:], *kwargs.values()]:
                _check_size(arg, f"|{name} with a size")
        return apply(*args, **kwargs)

    return bounded


def _replaced_length(text: Any, old: Any, new: Any, count: Any = -1) -> int:
    """How long `text.replace(old, new, count)` would be, worked out without building it."""
    if not all(isinstance(value, str) for value in (text, old, new)):
        return 0
    times = len(text) + 1 if not old else text.count(old)
    if isinstance(count, int) and count >= 0:
        times = min(times, count)
    return len(text) + times * (len(new) - len(old))


def _joined_length(separator: Any, items: Any) -> int:
    """How long `separator.join(items)` would be; a generator is not measured (it is bounded where
    it is made)."""
    if not isinstance(items, (list, tuple, str)) or not isinstance(separator, str):
        return 0
    return sum(len(str(item)) for item in items) + len(separator) * max(len(items) - 1, 0)


def _check_growth(name: str, length: int) -> None:
    if length > TEMPLATE_OUTPUT:
        raise TemplateLimit(f"{name} making {length:,} characters or items: more than a card text holds")


def _bounded_replace(apply: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(apply)
    def replace(eval_ctx: Any, text: Any, old: Any, new: Any, count: Any = None) -> Any:
        _check_growth("|replace", _replaced_length(str(text), str(old), str(new), -1 if count is None else count))
        return apply(eval_ctx, text, old, new, count)

    return replace


def _bounded_join(apply: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(apply)
    def join(eval_ctx: Any, value: Any, d: str = "", attribute: Any = None) -> Any:
        _check_growth("|join", _joined_length(d, list(value) if isinstance(value, (list, tuple)) else value))
        return apply(eval_ctx, value, d, attribute)

    return join


def _bounded_sum(apply: Callable[..., Any]) -> Callable[..., Any]:
    """|sum of texts or lists (start=[] joins lists, copying each time): their length is bounded
    first, as Python's sum runs in C where no timer rings."""

    @functools.wraps(apply)
    def total(environment: Any, iterable: Any, attribute: Any = None, start: Any = 0) -> Any:
        if isinstance(start, (list, tuple, str)) and isinstance(iterable, (list, tuple)):
            _check_growth("|sum", len(start) + sum(len(x) for x in iterable if isinstance(x, (list, tuple, str))))
        return apply(environment, iterable, attribute, start)

    return total


class BoundedSandbox(SandboxedEnvironment):
    """Jinja's sandbox (no attributes of Python objects) with limits: short ranges, no lipsum,
    `*`, `**`, `+` and `%` refused where they would make a huge string, list or number, and no
    width or count past a card text's length in filters, string methods and formats."""

    intercepted_binops = frozenset(["*", "**", "+", "%"])

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.globals = {"range": _bounded_range, "dict": dict}
        self.filters = {**self.filters, **{name: _sized(name, self.filters[name]) for name in SIZED_FILTERS}}
        self.filters["replace"] = _bounded_replace(self.filters["replace"])
        self.filters["join"] = _bounded_join(self.filters["join"])
        self.filters["sum"] = _bounded_sum(self.filters["sum"])

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > 64:
            raise TemplateLimit(f"a power of {right}: too large for a card text")
        if operator == "*":
            for seq, times in ((left, right), (right, left)):
                sized = isinstance(seq, (str, list, tuple)) and isinstance(times, int)
                if sized and len(seq) * times > TEMPLATE_OUTPUT:
                    raise TemplateLimit(f"a repetition {len(seq) * times} long: more than a card text holds")
        if (
            operator == "+"
            and isinstance(left, (str, list))
            and isinstance(right, (str, list))
            and len(left) + len(right) > TEMPLATE_OUTPUT
        ):
            raise TemplateLimit("a joined text longer than a card text holds")
        if operator == "%" and isinstance(left, str):
            _check_printf(left)
        return super().call_binop(context, operator, left, right)

    def call(__self, __context: Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # jinja's own signature
        owner, name = getattr(__obj, "__self__", None), getattr(__obj, "__name__", "")
        if isinstance(owner, str) and name in SIZED_METHODS:
            for arg in [*args, *kwargs.values()]:
                _check_size(arg, f".{name}() with a size")
        if isinstance(owner, str) and name == "replace" and len(args) >= 2:
            _check_growth(".replace()", _replaced_length(owner, *args[:3]))
        if isinstance(owner, str) and name == "join" and args:
            _check_growth(".join()", _joined_length(owner, args[0]))
        return super().call(__context, __obj, *args, **kwargs)

    def wrap_str_format(self, value: Any) -> Any:
        wrapped = super().wrap_str_format(value)
        if wrapped is not None:
            _check_format(value.__self__)
        return wrapped
