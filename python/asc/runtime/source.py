"""The source lines of a kernel function, found without tokenizing its file.

`inspect.getsourcelines` finds where a function ends by running the tokenizer over its lines; the
first use in a process compiles the tokenizer's regular expressions, about 5 ms of a warm start
(first launch from the disk cache) of 10. The code object already knows: every instruction carries
the lines it came from, so the function's text runs from `co_firstlineno` (its first decorator) to
the last line any of its instructions (or of the functions nested in it) ends on, plus what follows
that the compiler leaves no instruction for (a trailing `pass`, an indented comment). The result
must parse as exactly one function; anything else falls back to inspect's way of finding the end of a
block (`inspect.getblock`).

The lines are those of the file when the function was decorated (`snapshot`, taken by `@asc.jit`), as
Triton does: a file edited while a process that imported it runs (a notebook, a REPL, a test run) does not
change what the old function object compiles to, as it does not change what a plain Python function runs;
reloading the module (or restarting) picks up the new text. Where even the snapshot does not hold the
function (a kernel decorated inside a factory called after its file was edited), `StaleSource` says so.
"""

from __future__ import annotations

import ast
import inspect
import linecache
import textwrap
from types import CodeType
from typing import Any, Callable


class StaleSource(Exception):
    """The file's text at `line` is not the function's `def`: the file changed after Python compiled it."""

    def __init__(self, file: str, line: int) -> None:
        super().__init__(file, line)
        self.file, self.line = file, line


def snapshot(fn: Callable[..., Any]) -> list[str]:
    """The lines of the file `fn` was defined in, as they are now (empty where Python keeps no source).
    linecache's own list, never changed in place (a changed file gets a new list): no copy is needed."""
    file = fn.__code__.co_filename
    linecache.checkcache(file)  # as inspect does: a file changed on disk is read again
    return linecache.getlines(file, fn.__globals__)


def source_lines(fn: Callable[..., Any]) -> tuple[list[str], int]:
    """Like `inspect.getsourcelines(fn)` for a plain function: its lines (with their line ends)
    and the file line of the first. Raises what inspect raises where the source is unavailable."""
    lines, first, _ = parsed_source(fn)
    return lines, first


def parsed_source(fn: Callable[..., Any], lines: list[str] | None = None) -> tuple[list[str], int, ast.Module]:
    """`source_lines(fn)` and the module its dedented text parses to (the check that the lines are
    the whole function is that parse: a caller reading the AST need not parse again). From `lines`,
    the file's `snapshot` when given, else from the file as it is now. Raises `StaleSource` when the
    lines at the function's first line are not its `def` (another name or other parameters)."""
    code = fn.__code__
    if lines is None:
        lines = snapshot(fn)
    first = code.co_firstlineno
    if not lines or first < 1 or first > len(lines):
        return _from_inspect(fn)
    last = _last_line(code)
    if last < first or last > len(lines):
        raise StaleSource(code.co_filename, first)
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
        block = _block(lines[first - 1:])
        module = _one_function(block)
    if module is None or not _defines(module.body[0], code):
        raise StaleSource(code.co_filename, first)
    return block, first, module


def _from_inspect(fn: Callable[..., Any]) -> tuple[list[str], int, ast.Module]:
    lines, first = inspect.getsourcelines(fn)
    return lines, first, ast.parse(textwrap.dedent("".join(lines)))


def _block(lines: list[str]) -> list[str]:
    """The block `lines` starts with, found as inspect.getsourcelines finds it (by the tokenizer)."""
    try:
        return inspect.getblock(lines)
    except (SyntaxError, IndentationError):  # not the start of a block: the caller reports it
        return []


def _defines(node: ast.stmt, code: CodeType) -> bool:
    """Whether `node` is the `def` of the function compiled to `code`: its name and parameters."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.name != code.co_name:
        return False
    args = node.args
    names = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
    names += [a.arg for a in (args.vararg, args.kwarg) if a is not None]
    return tuple(names) == code.co_varnames[:len(names)] and len(names) == _parameter_count(code)


def _parameter_count(code: CodeType) -> int:
    varargs = bool(code.co_flags & inspect.CO_VARARGS)
    varkeywords = bool(code.co_flags & inspect.CO_VARKEYWORDS)
    return code.co_argcount + code.co_kwonlyargcount + varargs + varkeywords


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
