"""The source lines of a kernel function, found without tokenizing its file.

`inspect.getsourcelines` finds where a function ends by running the tokenizer over its lines; the
first use in a process compiles the tokenizer's regular expressions, about 5 ms of a warm start
(first launch from the disk cache) of 10. The code object already knows: every instruction carries
the lines it came from, so the function's text runs from `co_firstlineno` (its first decorator) to
the last line any of its instructions (or of the functions nested in it) ends on, plus what follows
that the compiler leaves no instruction for (a trailing `pass`, an indented comment). The result
must parse as exactly one function; anything else falls back to inspect.
"""

from __future__ import annotations

import ast
import inspect
import linecache
import textwrap
from types import CodeType
from typing import Any, Callable


def source_lines(fn: Callable[..., Any]) -> tuple[list[str], int]:
    """Like `inspect.getsourcelines(fn)` for a plain function: its lines (with their line ends)
    and the file line of the first. Raises what inspect raises where the source is unavailable."""
    lines, first, _ = parsed_source(fn)
    return lines, first


def parsed_source(fn: Callable[..., Any]) -> tuple[list[str], int, ast.Module]:
    """`source_lines(fn)` and the module its dedented text parses to (the check that the lines are
    the whole function is that parse: a caller reading the AST need not parse again)."""
    code = fn.__code__
    file = code.co_filename
    linecache.checkcache(file)  # as inspect does: a file changed on disk is read again
    lines = linecache.getlines(file, fn.__globals__)
    first = code.co_firstlineno
    if not lines or first < 1 or first > len(lines):
        return _from_inspect(fn)
    last = _last_line(code)
    if last < first or last > len(lines):
        return _from_inspect(fn)
    header = lines[first - 1]
    indent = len(header) - len(header.lstrip())
    end = last
    # Lines after the last instruction that still belong to the body (more indented, or blank).
    while end < len(lines):
        text = lines[end]
        if text.strip() and len(text) - len(text.lstrip()) <= indent:
            break
        end += 1
    # Without trailing blank lines; indented comments stay, as inspect keeps them.
    while end > last and not lines[end - 1].strip():
        end -= 1
    block = lines[first - 1:end]
    module = _one_function(block)
    if module is None:
        return _from_inspect(fn)
    return block, first, module


def _from_inspect(fn: Callable[..., Any]) -> tuple[list[str], int, ast.Module]:
    lines, first = inspect.getsourcelines(fn)
    return lines, first, ast.parse(textwrap.dedent("".join(lines)))


def _last_line(code: CodeType) -> int:
    last = 0
    for _, end, _, _ in code.co_positions():
        if end is not None and end > last:
            last = end
    for const in code.co_consts:
        if isinstance(const, CodeType):
            last = max(last, _last_line(const))
    return last


def _one_function(block: list[str]) -> ast.Module | None:
    """The parse of `block` if it is exactly one function, else None."""
    try:
        module = ast.parse(textwrap.dedent("".join(block)))
    except SyntaxError:
        return None
    one = len(module.body) == 1 and isinstance(module.body[0], (ast.FunctionDef, ast.AsyncFunctionDef))
    return module if one else None
