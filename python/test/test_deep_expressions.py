"""Deep expressions compile: no recursion limit in the frontend, no stack overflow in the emitter.

A 900-term sum gave "maximum recursion depth exceeded" (the AST visitor recursed once per operator);
the emitter recursed once per nesting level of an inlined expression (a 10,000-op chain overflowed
its stack: test/Target/AscendC/deep-expression.mlir). Left-nested operator chains are now visited
in a loop, and the emitter cuts expressions into temporaries every 64 levels.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from conftest import dumped

#: The recursive visitor stopped near 900 terms; CPython itself compiles up to about 3,000.
TERMS = 2000


def _load(tmp_path: Path, source: str, name: str):
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    namespace: dict = {}
    exec(compile(source, str(path), "exec"), namespace)
    return namespace[name]


@pytest.mark.parametrize("op", ["+", "-", "^"])
def test_long_operator_chain_compiles_and_runs(tmp_path: Path, op: str, monkeypatch) -> None:
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path / "dump"))
    terms = f" {op} ".join("a" if i % 2 == 0 else "b" for i in range(TERMS))
    kernel = _load(tmp_path, f'''import asc


@asc.jit
def chain(out: asc.GlobalAddress, a: int, b: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    s = {terms}
    g.set_value(0, s)
''', "chain")
    out = np.zeros(1, dtype=np.int32)
    kernel[1](out, 3, 4)
    expected = eval(terms, {"a": 3, "b": 4})  # noqa: S307 - our own expression, small ints
    assert out[0] == expected
    cpp = (dumped(tmp_path / "dump", "chain") / "ascendc.cpp").read_text()
    assert max(line.count("(") for line in cpp.splitlines()) <= 70  # cut into temporaries


def test_other_deep_nesting_is_a_clear_compile_error(tmp_path: Path) -> None:
    """Nesting that is still recursive (900 unary minus signs) names the line and says what to do."""
    from asc.codegen.errors import CompileError

    kernel = _load(tmp_path, f'''import asc


@asc.jit
def negations(out: asc.GlobalAddress, a: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, 1)
    g.set_value(0, {"-" * 900}a)
''', "negations")
    with pytest.raises(CompileError) as info:
        kernel[1](np.zeros(1, dtype=np.int32), 3)
    assert info.value.location.file == str(tmp_path / "negations.py")
    assert info.value.location.line == 8
    assert info.value.message == ("this expression nests too deeply to compile (Python's recursion limit); "
                                  "split it into several statements")
