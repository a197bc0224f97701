"""Bad inputs: a valid kernel with one wrong statement injected, or a valid kernel launched wrongly.

`SNIPPETS` are statements a user may write that pyasc cannot compile or run. Each is injected into a
drawn kernel (at the top level, or inside a runtime `if` or `for`), and the case passes when the
launch raises a pyasc error at one of the snippet's lines (`must_fail`), or at most ends normally (a
snippet that is valid in some contexts). `bad_launches` replaces a launch argument, the number of
blocks or the keywords with a wrong one; the launch must end normally or raise a pyasc error at the
launch line or a kernel line (an array too short may be an out-of-bounds error in the kernel).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import hypothesis.strategies as st
import numpy as np

from .model import BY_NAME, BlockIdx, Cmp, For, If, Kernel, Lit, Raw

R = "asc.get_block_idx()"  # a runtime int32 every snippet may use


@dataclass(frozen=True)
class Snippet:
    lines: tuple[str, ...]
    must_fail: bool = True


def _s(*lines: str, must_fail: bool = True) -> Snippet:
    return Snippet(tuple(lines), must_fail)


SNIPPETS: tuple[Snippet, ...] = (
    # unsupported syntax
    _s("bad = lambda q: q"),
    _s("bad = [q for q in range(3)]"),
    _s("bad = {q for q in range(3)}"),
    _s("bad = (q for q in range(3))"),
    _s("del bad_undefined"),
    _s("global K_GLOBAL"),
    _s("try:", "    pass", "except Exception:", "    pass"),
    _s("with open('x') as f:", "    pass"),
    _s("class C:", "    pass"),
    _s("def inner():", "    pass"),
    _s("import os"),
    _s("from os import path"),
    _s(f"bad = 0 < {R} < 3"),
    _s(f"bad = {R} ** 2"),
    _s("bad, *rest = (1, 2, 3)"),
    _s(f"bad = {R}", "bad.attribute = 1"),
    _s(f"bad = {R}[0]"),
    _s(f"bad = {R}", "bad[0] = 1"),
    _s("bad: int"),
    _s("for q in [1, 2]:", "    pass"),
    _s(f"for q in {R}:", "    pass"),
    _s("for q, w in range(3):", "    pass"),
    _s("for q in range(3):", "    pass", "else:", "    pass"),
    _s(f"while {R} > 1000:", "    pass", "else:", "    pass"),
    _s("while 1:", "    pass"),
    _s("async def inner():", "    pass"),
    _s(f"assert {R} == 0"),
    _s("assert False, 'the kernel asserts'"),
    _s(f"bad = {R} if {R} else asc.GlobalTensor()"),
    _s("bad = undefined_name_xyz"),
    _s("bad = asc.no_such_api(1)"),
    _s(f"bad = {R}.no_such_method()"),
    # wrong types and values
    _s(f"bad = 'a' + {R}"),
    _s(f"bad = {R} + 'a'"),
    _s(f"bad = {R} < 'x'"),
    _s(f"bad = {R} + asc.GlobalTensor()"),
    _s(f"bad = {R} + None"),
    _s("bad = asc.number(1, asc.void)"),
    _s("bad = asc.number(1, 'int32')"),
    _s("bad = asc.number(1.5, asc.int32)"),
    _s("bad = asc.number(300, asc.int8)"),
    _s("bad = asc.number(-1, asc.uint8)", must_fail=False),
    _s("bad = asc.number(1 << 64, asc.int64)"),
    _s("bad = asc.number('x', asc.float32)"),
    _s("bad = asc.number(10 ** 400, asc.float32)"),
    _s("bad = asc.number(1)"),
    _s(f"bad = {R}.cast(asc.void)"),
    _s(f"bad = {R}.cast(3)"),
    _s(f"bad = {R}.cast(asc.float32) % 2"),
    _s(f"bad = {R}.cast(asc.float32) // 2"),
    _s(f"bad = ~{R}.cast(asc.float16)"),
    _s(f"bad = {R}.cast(asc.float32) << 1"),
    _s("bad = asc.GlobalTensor(5)"),
    _s(f"bad = asc.get_block_idx({R})"),
    _s("bad = asc.GlobalTensor()", "bad.set_value(0, 1)"),
    _s("bad = asc.GlobalTensor()", "bad.set_global_buffer(3, 4)"),
    # float(x) and int(x) of a runtime value are casts (runtime builtins, docs/language.md).
    _s(f"bad = complex({R})"),
    _s(f"bad = len({R})"),
    _s(f"bad = str({R})"),
    _s("if asc.GlobalTensor():", "    pass"),
    _s("bad = not asc.GlobalTensor()"),
    _s(f"bad = [1, 2][{R}]"),
    _s(f"bad = (1, 2)[{R}]"),
    _s("bad = (1, 2)[5]"),
    _s("bad = {'a': 1}['b']"),
    _s("bad = 1 // 0"),
    _s("bad = 1.5 % 0"),
    _s(f"bad = asc.int32({R})"),
    _s(f"bad = asc.int32 + {R}"),
    _s(f"bad = {R}.cast(asc.float32) > asc.GlobalTensor()"),
    # loops and ranges
    _s("for q in asc.static_range(10 ** 9):", "    pass"),
    _s(f"for q in asc.static_range({R}):", "    pass"),
    _s("for q in asc.static_range(1.5):", "    pass"),
    _s("for q in range(0, 5, 0):", "    pass"),
    _s("for q in range(1.5):", "    pass"),
    _s("for q in range('a'):", "    pass"),
    _s("for q in range(1, 2, 3, 4):", "    pass"),
    _s("for q in range(stop=3):", "    pass"),
    _s(f"for q in range({R}.cast(asc.float32)):", "    pass"),
    _s(f"bad = {R}", "for q in range(3):", "    bad = asc.GlobalTensor()"),
    _s(f"bad = {R}", "for q in range(3):", "    bad = bad.cast(asc.float32)"),
    _s(f"bad = {R}", f"if {R} > 1:", "    bad = bad.cast(asc.int8)"),
    # APIs with wrong arguments
    _s("asc.adds(1, 2, 3, 4)"),
    _s("asc.data_copy(1, 2, 3)"),
    _s("asc.set_flag(asc.HardEvent.MTE2_V, 99)"),
    _s("asc.set_flag(3, 0)"),
    _s("asc.wait_flag(asc.HardEvent.MTE2_V)"),
    _s("asc.pipe_barrier('x')"),
    _s("asc.pipe_barrier()"),
    _s("bad = asc.LocalTensor(asc.void, asc.TPosition.VECIN, 0, 32)"),
    _s("bad = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 10 ** 9)"),
    _s("bad = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, -64, 32)"),
    _s("bad = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, -32)"),
    _s("bad = asc.LocalTensor(asc.float32, 'VECIN', 0, 32)"),
    _s("bad = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0.5, 32)"),
    _s("bad = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 32)", "asc.adds(bad, bad, 'x', 32)"),
    _s("bad = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 32)", "asc.adds(bad, bad, 1.0)"),
    _s("bad = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 32)", "bad.set_value(0, 'x')"),
    _s("bad = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 32)", "bad = bad + 1"),
    _s("bad = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 32)",
       "other = asc.LocalTensor(asc.int16, asc.TPosition.VECIN, 256, 32)", "asc.add(bad, bad, other, 32)"),
    _s("bad = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 32)", "asc.adds(bad, bad, 1.0, 10 ** 9)"),
    _s("bad = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 32)", "bad = bad[40:]", must_fail=False),
    _s("bad = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 32)", "bad.get_value(10 ** 6)",
       must_fail=False),  # an unused read is dead code
    _s("bad = asc.LocalTensor(asc.uint8, asc.TPosition.VECIN, 0, 32)", "asc.abs(bad, bad, 32)"),
    _s(f"print({R} + 'x')"),
    _s("print(asc.GlobalTensor())"),
    _s(f"print('%d' % {R}.cast(asc.float32))"),
    _s(f"print(f'{{{R}:q}}')"),
    # faults while the kernel runs (at the line)
    _s(f"bad = asc.number(7, asc.int32) // ({R} - {R})", must_fail=False),
    _s("bad = asc.GlobalTensor()", "bad.set_global_buffer(p_int32_missing, 4)"),
)


def inject(draw: Callable[[Any], Any], kernel: Kernel) -> tuple[Kernel, Raw]:
    """`kernel` with a drawn snippet at a drawn place; returns the injected statement."""
    snippet = draw(st.sampled_from(SNIPPETS))
    raw = Raw(list(snippet.lines))
    raw.must_fail = snippet.must_fail  # type: ignore[attr-defined]
    raw.skip = True  # type: ignore[attr-defined]  (the interpreter predicts the rest of the kernel)
    where = draw(st.sampled_from(["top", "if", "for"]))
    stmt: Any = raw
    if where == "if":
        stmt = If(Cmp("<", BlockIdx(), Lit(1000)), [raw], [])
    elif where == "for":
        stmt = For("bad_i", (Lit(2),), [raw])
    index = draw(st.integers(0, len(kernel.body)))
    kernel.body.insert(index, stmt)
    return kernel, raw


def snippet_problems(reply: dict[str, Any], raw: Raw) -> list[str]:
    """The injected statement must be the one reported (or the kernel may succeed, if allowed)."""
    lines = set(range(raw.line, raw.line + len(raw.lines)))
    if reply["status"] in ("ok", "compiled"):
        if getattr(raw, "must_fail", True):
            return [f"the injected statement at line {raw.line} did not fail: {raw.lines}"]
        return []
    if reply["status"] == "error" and reply["line"] not in lines:
        return [f"the error is at line {reply['line']}, not at the injected statement {sorted(lines)}: "
                f"{reply['text']}"]
    return []


# -- bad launches ---------------------------------------------------------------------------------------

BAD_ARRAYS: tuple[Any, ...] = (
    "hello", None, 3.5, 7, [1.0, 2.0], {"a": 1}, ("__make__", "object"), ("__make__", "lambda"),
    np.zeros((2, 2), dtype=np.float32), np.zeros(4, dtype=np.complex64), np.zeros(4, dtype=np.bool_),
    np.zeros(4, dtype=object), np.zeros(0, dtype=np.float32), np.float32(1.0), np.zeros((), dtype=np.int32),
    np.zeros(1, dtype=np.float64), np.zeros(4, dtype="datetime64[s]"), np.zeros(3, dtype="U2"),
    ("__make__", "noncontiguous", "float32", 64), ("__make__", "readonly", "float32", 64),
)
BAD_SCALARS: tuple[Any, ...] = (
    "hello", None, [1], {"a": 1}, 1 << 70, -(1 << 70), 1 << 63, float("nan"), float("inf"), -1e300,
    complex(1, 2), np.complex64(1), np.float64(1e300), np.uint64((1 << 64) - 1), np.int64(-(1 << 63)),
    np.zeros(4, dtype=np.float32), True, np.bool_(True), ("__make__", "object"), np.datetime64(1, "s"),
)
BAD_BLOCKS: tuple[Any, ...] = (0, -1, 65536, 1 << 40, 1.5, "2", None, True, (1, 2, 3), (), [2], np.int64(2),
                                np.float32(2.0), (1, None), (0, None), float("nan"))


def bad_launch(draw: Callable[[Any], Any], kernel: Kernel, args: list[Any]) -> tuple[Any, list[Any], dict]:
    """(blocks, args, kwargs) with one thing wrong."""
    from .oracle import launch_names

    names = launch_names(kernel)
    kind = draw(st.sampled_from(["array", "scalar", "blocks", "count", "keyword", "dtype", "length"]))
    args = list(args)
    arrays = [i for i, n in enumerate(names) if n[:2] in ("p_", "x_", "y_")]
    scalars = [i for i in range(len(names)) if i not in arrays]
    if kind == "array" and arrays:
        args[draw(st.sampled_from(arrays))] = draw(st.sampled_from(BAD_ARRAYS))
    elif kind == "scalar" and scalars:
        args[draw(st.sampled_from(scalars))] = draw(st.sampled_from(BAD_SCALARS))
    elif kind == "blocks":
        return draw(st.sampled_from(BAD_BLOCKS)), args, {}
    elif kind == "count":
        if draw(st.booleans()) and args:
            args.pop(draw(st.integers(0, len(args) - 1)))
        else:
            args.append(draw(st.sampled_from((1, np.zeros(4, dtype=np.float32)))))
    elif kind == "keyword":
        return kernel.blocks, args, {draw(st.sampled_from(names + ["nope"])): 1}
    elif kind == "dtype" and arrays:
        i = draw(st.sampled_from(arrays))
        other = draw(st.sampled_from([d for d in BY_NAME if d != "int1"]))
        args[i] = np.asarray(args[i]).astype(BY_NAME[other].np)
    elif kind == "length" and arrays:
        i = draw(st.sampled_from(arrays))
        args[i] = np.asarray(args[i])[: draw(st.integers(0, max(0, len(args[i]) - 1)))].copy()
    return kernel.blocks, args, {}
